/**
 * "New pricing sheet" and its Refresh (issue 20 item 2), written once for every host: the parts
 * the two jobs share (jobs/pricingBuildJob.ts, jobs/pricingRefreshJob.ts). A new sheet lists a
 * shop's variants with today's figures (pricingLists.ts), default inputs, the API's answers
 * (batch previews, pricingAnswers.ts) and plain formulas; Refresh asks only for the rows whose
 * inputs changed since they were answered (remembered in the table's record, not in cells) and
 * writes only the answer cells: the seller's inputs and columns stay theirs.
 */
import type { Marketplace } from "../api/types";
import { describeBasis, type ProfitBasis } from "../functions/basis";
import type { Cell } from "../functions/cells";
import type { GridBlock } from "../imports/managedTable";
import { sheetFingerprint, withBlocks } from "../imports/pricingLeftover";
import { notFoundNote, pricingLegend } from "../imports/pricingNotes";
import { TARGET_PROFIT_LEGEND, aimOf } from "../imports/pricingProfit";
import { pricingBasis } from "../imports/tableBasis";
import {
  ANSWER_AT,
  FORMULA_AT,
  PRICING_COLUMNS,
  answerCells,
  inputOf,
  pricingColumns,
  rowCells,
  rowId,
  targetOutOfRange,
  unreadInputs,
  type Asked,
  type PricingAnswer,
  type PricingInputs,
  type PricingRow,
  type PricingWhere,
} from "../imports/pricingSheet";
import { NUMBER_FORMATS } from "../imports/table";
import { io, type Op } from "./op";
import type { SidebarPorts } from "./ports";
import type { PricingRecord, ReplaceQuestion } from "./pricingReplace";
import { logRefresh } from "./refreshLog";

/** The shop and size of a new pricing sheet. */
export interface PricingSheetAsk {
  /** A unless said (sheets made before B and C). */
  readonly marketplace?: Marketplace;
  /** The A or C shop, the B seller. */
  readonly shopId: number;
  /** The shop's region (C's lists take none; it names the sheet's source). */
  readonly region: string;
  readonly sheetName: string;
  /** Products (each with its variants, A and B); 500 unless said. */
  readonly products?: number;
  /** Marketplace C: the products to price (the API lists no C products). */
  readonly productIds?: readonly string[];
  /** The seller said yes to replacing a pricing sheet only the add-in wrote (its question). */
  readonly replace?: boolean;
}

/** What a build or refresh did. */
export interface PricingOutcome {
  readonly sheetName: string;
  readonly rows: number;
  readonly asked: number;
  readonly requests: number;
  /** Product ids the shop's list did not answer (C), each with a row that says so. */
  readonly notFound?: readonly string[];
  /** Nothing was written: the seller kept the sheet (their answer to `ReplaceQuestion`). */
  readonly replace?: ReplaceQuestion;
}

/** A checked ask: every field the build needs, ids trimmed. */
export interface CheckedAsk {
  readonly marketplace: Marketplace;
  readonly shopId: number;
  readonly region: string;
  readonly sheetName: string;
  readonly products: number;
  readonly productIds: string[];
}

const formats = PRICING_COLUMNS.map((c) => NUMBER_FORMATS[c.format]);

/** A marketplace's name for its shop field in messages. */
export const SHOP_WORD = { A: "shop", B: "seller", C: "shop" } as const;

/** Check a new sheet's ask; throws a sentence naming what to fix. */
export function checkPricingAsk(ask: PricingSheetAsk): CheckedAsk {
  const m: Marketplace = ask.marketplace ?? "A";
  const limit = ask.products ?? 500;
  const productIds = [...new Set((ask.productIds ?? []).map((id) => id.trim()))].filter(Boolean);
  if (!["A", "B", "C"].includes(m)) throw new Error("Pick a shop of marketplace A, B or C");
  if (m !== "C" && !/^[A-Z]{2}$/.test(ask.region)) throw new Error("Pick a region such as SG");
  if (!Number.isInteger(ask.shopId))
    throw new Error(`Pick a ${SHOP_WORD[m]} (its id is a whole number)`);
  if (!(Number.isInteger(limit) && limit >= 1 && limit <= 5000))
    throw new Error("Products: a whole number from 1 to 5000");
  if (m === "C" && productIds.length === 0)
    throw new Error(
      "Product ids: enter the marketplace C product ids to price (the API lists no C products)",
    );
  if (m === "C" && productIds.length > 5000) throw new Error("Product ids: at most 5,000 a sheet");
  if (ask.sheetName.trim() === "" || /[[\]*?/\\:]/.test(ask.sheetName))
    throw new Error("Name the sheet (no [ ] * ? / \\ :)");
  const { shopId, region, sheetName } = ask;
  return { marketplace: m, shopId, region, sheetName, products: limit, productIds };
}

/** The sheet's title and stamp lines: source, basis, legends. */
export function pricingTitle(
  ask: CheckedAsk,
  basis: ProfitBasis,
  currency: string | null = null,
): string {
  const m = ask.marketplace;
  // Only marketplace A's lists take a sales window; B's and C's windows are return rates.
  return `Pricing sheet · ${[m, ask.shopId, ask.region].filter(Boolean).join(" ")}\n${describeBasis(basis, undefined, m === "A")}${m === "A" ? `\n${TARGET_PROFIT_LEGEND}` : ""}\n${pricingLegend(m)}${currency ? `\nMoney in ${currency}.` : ""}`;
}

/** What a new sheet holds before its answers: header, rows, rows of ids not found. */
export function newSheetGrid(
  ask: CheckedAsk,
  rows: readonly PricingRow[],
  asked: readonly Asked[],
  missing: readonly string[],
): { grid: Cell[][]; blocks: GridBlock[] } {
  const m = ask.marketplace;
  const columns = pricingColumns(m);
  const headers = columns.map((c) => c.header);
  const cells: Cell[][] = rows.map((r, i) => rowCells(r, (asked[i] as Asked).inputs, m));
  // Where the answers and formulas start in this marketplace's layout (A has Target profit).
  const [answerAt, formulaAt] = ["answer", "formula"].map((role) =>
    columns.findIndex((c) => c.role === role),
  ) as [number, number];
  // A product id the API did not answer keeps a row that says so (issue 20: never silently).
  const lost: Cell[][] = missing.map((id) => [
    id,
    ...Array.from({ length: formulaAt - 2 }, () => ""),
    notFoundNote(id, ask.shopId),
  ]);
  const blocks: GridBlock[] = [
    { row: 0, col: 0, values: [headers], formats: headers.map(() => "@") },
    {
      row: 1,
      col: 0,
      values: cells,
      formats: columns.slice(0, answerAt).map((c) => NUMBER_FORMATS[c.format]),
    },
    ...(lost.length
      ? [
          {
            row: 1 + rows.length,
            col: 0,
            values: lost,
            formats: columns.slice(0, formulaAt).map((c) => NUMBER_FORMATS[c.format]),
          },
        ]
      : []),
  ];
  return { grid: [headers, ...cells, ...lost], blocks };
}

/** A new sheet's record before its answers: no row answered yet. */
export function newSheetRecord(
  ask: CheckedAsk,
  basis: ProfitBasis,
  found: {
    readonly currency: string | null;
    readonly dataFreshAt: string | null;
    readonly missing: readonly string[];
    readonly asked: readonly Asked[];
    readonly listed: Readonly<Record<string, number>>;
    readonly grid: readonly (readonly Cell[])[];
    readonly highlighted: number;
  },
): PricingRecord {
  const m = ask.marketplace;
  const columns = pricingColumns(m);
  const where: PricingWhere = {
    marketplace: m,
    shopId: ask.shopId,
    region: ask.region,
    includeVat: basis.countVat,
  };
  const cogs = Object.fromEntries(
    found.asked.flatMap((a) => (a.cogs === undefined ? [] : [[a.id, a.cogs]])),
  );
  return {
    version: 1,
    columns: columns.map((c) => ({ header: c.header, format: c.format })),
    key: columns.slice(0, 2).map((c) => c.header),
    last: {},
    basis: pricingBasis(basis, m === "A"),
    pricing: {
      ...where,
      currency: found.currency,
      dataFreshAt: found.dataFreshAt,
      title: pricingTitle(ask, basis, found.currency),
      // Not-found rows as answered with no inputs: Refresh leaves their note alone.
      inputs: Object.fromEntries(found.missing.map((id) => [rowId(id, null), [null, null]])),
      // C's own costs (C8 requires one), and the cost book's on any marketplace.
      ...(Object.keys(cogs).length > 0 ? { cogs } : {}),
      ...(Object.keys(found.listed).length ? { listed: { ...found.listed } } : {}),
      written: sheetFingerprint(found.grid),
      highlighted: found.highlighted,
    },
  };
}

/** The rows a Refresh asks: those whose inputs changed since their last answer. */
export function refreshAsked(
  grid: readonly (readonly Cell[])[],
  pricing: PricingRecord,
  sheetName: string,
): { asked: Asked[]; rowOf: Record<string, number> } {
  const header = (grid[0] ?? []).map((h) => String(h ?? "").trim());
  const col = (h: string): number => header.indexOf(h);
  const keys = pricing.key.length === 2 ? pricing.key : ["Item id", "Model id"];
  const [item, model, target, planned, today, profit] = [
    ...keys,
    "Target margin",
    "Planned buyer price",
    "Price today",
    "Target profit",
  ].map(col) as [number, number, number, number, number, number];
  if (item < 0 || model < 0)
    throw new Error(`${sheetName} lost its "${keys.join('" or "')}" header in row 1: put it back`);
  // C's ids are text (a cell may hold them as numbers); A's and B's are numbers.
  const idOf =
    pricing.pricing.marketplace === "C"
      ? (c: Cell | undefined): string | null => (c === "" || c == null ? null : String(c).trim())
      : inputOf;
  const asked: Asked[] = [];
  const rowOf: Record<string, number> = {};
  grid.forEach((line, r) => {
    const itemId = idOf(line[item]);
    if (r === 0 || itemId === null) return;
    const modelId = idOf(line[model]);
    const id = rowId(itemId, modelId);
    const cogs = pricing.pricing.cogs?.[id];
    const typedTarget = target >= 0 ? inputOf(line[target]) : null;
    const outOfRange = targetOutOfRange(pricing.pricing.marketplace ?? "A", typedTarget);
    const now: PricingInputs = {
      // A target the marketplace cannot take is not asked: the row says why (targetOutOfRange).
      target: outOfRange === null ? typedTarget : null,
      planned: planned >= 0 ? inputOf(line[planned]) : null,
      profit: profit >= 0 ? inputOf(line[profit]) : null,
    };
    const was = pricing.pricing.inputs[id];
    // The target the row is priced for (its profit where it has one) changed.
    const askTarget = !was || aimOf(was[0], was[2]) !== aimOf(now.target, now.profit);
    const askPlanned = !was || was[1] !== now.planned;
    if (id in rowOf || !(askTarget || askPlanned)) return;
    rowOf[id] = r;
    const unread = [unreadInputs(line, header), outOfRange].filter(Boolean).join("; ");
    asked.push({
      ...(unread ? { unread } : {}),
      id,
      itemId,
      modelId,
      ...(cogs === undefined ? {} : { cogs }),
      inputs: now,
      priceToday: inputOf(line[today]) ?? 0,
      askTarget,
      askPlanned,
    });
  });
  return { asked, rowOf };
}

/**
 * Write each asked row's answer cells where the sheet has them (by header, so columns the
 * seller inserted are skipped), then the record (inputs answered, the fingerprint) and the
 * stamp. The same cells for the same answers: a job may run it twice.
 */
export function* writeAnswerCells(
  p: SidebarPorts,
  sheetName: string,
  record: PricingRecord,
  asked: readonly Asked[],
  rowOf: Readonly<Record<string, number>>,
  answers: ReadonlyMap<string, PricingAnswer>,
  /** The sheet's cells before the answers (row 0: the header). */
  grid: readonly (readonly Cell[])[],
): Op<void> {
  const header = (grid[0] ?? []).map((h) => String(h ?? "").trim());
  const cols = PRICING_COLUMNS.slice(ANSWER_AT, FORMULA_AT).map((c) => header.indexOf(c.header));
  const blocks: GridBlock[] = [];
  const inputs = { ...record.pricing.inputs };
  for (const a of asked) {
    const r = rowOf[a.id];
    const answer = answers.get(a.id);
    if (r === undefined || !answer) continue;
    const { target, planned, profit } = a.inputs;
    inputs[a.id] = profit === null ? [target, planned] : [target, planned, profit];
    // Only the answers of inputs that changed (the note says what this refresh found).
    const fresh = [a.askTarget, a.askPlanned, a.askPlanned, true];
    answerCells(answer).forEach((value, j) => {
      const c = cols[j] ?? -1;
      if (c >= 0 && fresh[j])
        blocks.push({
          row: r,
          col: c,
          values: [[value]],
          formats: [formats[ANSWER_AT + j] ?? "@"],
        });
    });
  }
  const merged = mergeBlocks(blocks);
  yield* io(() => p.tables.write(sheetName, merged));
  // The fingerprint of what the sheet holds now: a later build may replace it if it still does.
  const written = sheetFingerprint(withBlocks(grid, merged));
  const next: PricingRecord = { ...record, pricing: { ...record.pricing, inputs, written } };
  yield* io(() => p.tables.writeRecord(sheetName, JSON.stringify(next)));
  yield* pricingStamp(p, sheetName, next, "");
}

/** The sheet's stamp (its note): source, basis, times; `building` says the job is not done. */
export function* pricingStamp(
  p: SidebarPorts,
  sheetName: string,
  record: PricingRecord,
  building: string,
): Op<void> {
  const refreshedAt = new Date(p.now()).toISOString();
  const stamp = yield* io(() => p.stamp(refreshedAt));
  yield* io(() =>
    p.tables.note(sheetName, {
      columns: record.columns.map((c) => ({ ...c, path: "" })),
      rowCount: Object.keys(record.pricing.inputs).length,
      dataFreshAt: record.pricing.dataFreshAt,
      importedAt: refreshedAt,
      title: building ? `${record.pricing.title}\n${building}` : record.pricing.title,
      refreshedBy: stamp.who,
    }),
  );
}

/**
 * The refresh log's row of a build or refresh; `at`: the time its job's checkpoint keeps for
 * it, so a log step run again after a stop finds its row and writes no second one.
 */
export function* logPricing(
  p: SidebarPorts,
  sheetName: string,
  record: PricingRecord,
  done: { readonly requests: number; readonly rows: number; readonly errors: string },
  at?: number,
): Op<void> {
  const stamp = yield* io(() => p.stamp(new Date(at ?? p.now()).toISOString()));
  const entry = {
    what: `${record.pricing.title.split("\n")[0] ?? "Pricing sheet"} → ${sheetName}`,
    requests: done.requests,
    rowsChanged: done.rows,
    errors: done.errors,
  };
  yield* logRefresh(p.tables, stamp, entry, at !== undefined);
}

/** Adjacent single cells of one row joined into one block (fewer host calls). */
function mergeBlocks(cells: readonly GridBlock[]): GridBlock[] {
  const out: GridBlock[] = [];
  for (const b of cells) {
    const last = out[out.length - 1];
    const width = last ? (last.values[0]?.length ?? 0) : 0;
    if (last && last.row === b.row && last.col + width === b.col) {
      out[out.length - 1] = {
        ...last,
        values: [[...(last.values[0] ?? []), ...(b.values[0] ?? [])]],
        formats: [...last.formats, ...b.formats],
      };
    } else out.push(b);
  }
  return out;
}

/** A sheet's cells as a job keeps them (JSON): a date as the number a fingerprint reads. */
export const storedGrid = (grid: readonly (readonly Cell[])[]): Cell[][] =>
  grid.map((r) => r.map((c) => (c instanceof Date ? String(c.getTime()) : c)));
