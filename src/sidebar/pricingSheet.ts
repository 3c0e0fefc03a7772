/**
 * "New pricing sheet" and its Refresh (issue 20 item 2), written once for every host. A new
 * sheet lists a shop's variants with today's figures (pricingLists.ts), default inputs,
 * the API's answers (batch previews, pricingAnswers.ts) and plain formulas; Refresh asks only
 * for the rows whose inputs changed since they were answered (remembered in the table's record,
 * not in cells) and writes only the answer cells: the seller's inputs and columns stay theirs.
 */
import type { Marketplace } from "../api/types";
import { call } from "../core/effects";
import { describeBasis } from "../functions/basis";
import type { Cell } from "../functions/cells";
import { parseTableRecord, type GridBlock } from "../imports/managedTable";
import { sheetFingerprint, withBlocks } from "../imports/pricingLeftover";
import { notFoundNote, pricingLegend } from "../imports/pricingNotes";
import { TARGET_PROFIT_LEGEND, aimOf } from "../imports/pricingProfit";
import { pricingBasis } from "../imports/tableBasis";
import {
  ANSWER_AT,
  FORMULA_AT,
  PRICING_COLUMNS,
  answerCells,
  belowTargetRule,
  inputOf,
  unreadInputs,
  pricingColumns,
  rowCells,
  rowFormulas,
  rowId,
  type Asked,
  type PricingInputs,
  type PricingWhere,
} from "../imports/pricingSheet";
import { NUMBER_FORMATS } from "../imports/table";
import { costedPricingRows } from "../imports/costBook/pricingCosts";
import { currencyDecimals } from "../core/figure";
import { teamCostBook } from "./costBookSheet";
import { io, type Op } from "./op";
import type { SidebarPorts } from "./ports";
import { pricingAnswers, type Early } from "./pricingAnswers";
import { firstAsk } from "./pricingDefaults";
import { todayRows } from "./pricingLists";
import { sheetChoice, type PricingRecord, type ReplaceQuestion } from "./pricingReplace";
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
  /**
   * Nothing was written: the sheet holds a pricing sheet only the add-in wrote (a build cut
   * short). Ask this, and on yes call again with `replace: true`.
   */
  readonly replace?: ReplaceQuestion;
}

const formats = PRICING_COLUMNS.map((c) => NUMBER_FORMATS[c.format]);

/** A marketplace's name for its shop field in messages. */
const SHOP_WORD = { A: "shop", B: "seller", C: "shop" } as const;

/** Build a new pricing sheet for a marketplace A, B or C shop. */
export function* newPricingSheet(p: SidebarPorts, ask: PricingSheetAsk): Op<PricingOutcome> {
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
  if (m === "C" && productIds.length > 5000) throw new Error("Product ids: at most 5000 a sheet");
  if (ask.sheetName.trim() === "" || /[[\]*?/\\:]/.test(ask.sheetName))
    throw new Error("Name the sheet (no [ ] * ? / \\ :)");
  // A new sheet never writes over cells the seller typed (sheetChoice throws then).
  const first = yield* sheetChoice(p, ask.sheetName, ask.replace === true);
  if (first.kind === "ask")
    return { sheetName: ask.sheetName, rows: 0, asked: 0, requests: 0, replace: first.question };
  const basis = yield* io(() => p.basis());
  const where: PricingWhere = {
    marketplace: m,
    shopId: ask.shopId,
    region: ask.region,
    includeVat: basis.countVat,
  };
  let requests = 0;
  const run = function* (endpoint: string, params: Record<string, unknown>): Op<unknown> {
    requests++;
    return yield* io(() => p.api.run(call(endpoint, params), { fresh: true }));
  };
  const today = yield* todayRows(run, {
    marketplace: m,
    shopId: ask.shopId,
    region: ask.region,
    products: limit,
    productIds,
    includeVat: basis.countVat,
    salesWindowDays: basis.salesWindowDays,
  });
  const { currency, dataFreshAt } = today;
  // Today's figures at the team's costs where the cost book has them (issue 34 item 5).
  const rows = costedPricingRows(
    today.rows,
    yield* teamCostBook(p),
    m,
    new Date(p.now()).toISOString().slice(0, 10),
    currencyDecimals(currency),
  );
  if (rows.length === 0)
    throw new Error(
      m === "C"
        ? `None of these products is in shop ${ask.shopId}: check the ids (${productIds.slice(0, 3).join(", ")})`
        : `${SHOP_WORD[m]} ${ask.shopId} ${ask.region} has no products to price`,
    );
  const columns = pricingColumns(m);
  const headers = columns.map((c) => c.header);
  // Default inputs the API answers for every row (planned at list price where lower).
  const { asked, early, listed } = yield* firstAsk(p, { ...where, currency }, rows);
  const cells: Cell[][] = rows.map((r, i) => rowCells(r, (asked[i] as Asked).inputs, m));
  // Where the answers and formulas start in this marketplace's layout (A has Target profit).
  const [answerAt, formulaAt] = ["answer", "formula"].map((role) =>
    columns.findIndex((c) => c.role === role),
  ) as [number, number];
  // A product id the API did not answer keeps a row that says so (issue 20: never silently).
  const lost: Cell[][] = today.missing.map((id) => [
    id,
    ...Array.from({ length: formulaAt - 2 }, () => ""),
    notFoundNote(id, ask.shopId),
  ]);
  // Checked again before writing: the seller may have typed while the lists came.
  const choice = first.kind === "free" ? first : yield* sheetChoice(p, ask.sheetName, true);
  const table: GridBlock[] = [
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
  yield* io(() =>
    p.tables.write(
      ask.sheetName,
      choice.kind === "replace" ? [choice.blank, ...table] : table,
      true,
    ),
  );
  // The import look: a bold header that stays in view while the seller scrolls the rows.
  yield* io(() => p.tables.boldHeader(ask.sheetName, headers.length));
  // The Answer column's sentences come later: room for them now (a fitted sheet sized it to
  // its header).
  const answerCol = headers.indexOf("Answer");
  if (answerCol >= 0) yield* io(() => p.tables.sentenceColumn?.(ask.sheetName, answerCol));
  yield* io(() => p.tables.show?.(ask.sheetName));
  // Formulas and the highlight before the answers: a build stopped while the answers come
  // leaves a whole sheet and its record, which the next "New pricing sheet" may replace.
  const highlighted = choice.kind === "replace" ? choice.highlighted : 0;
  if (p.tables.formulas && rows.length > 0) {
    yield* io(() =>
      p.tables.formulas?.(ask.sheetName, {
        row: 1,
        col: formulaAt,
        formulas: rows.map((_, i) => rowFormulas(i + 2, m)),
        // A Text-formatted cell would keep a formula as its text: General for the flag.
        formats: formats.slice(FORMULA_AT).map((f) => (f === "@" ? "General" : f)),
      }),
    );
    // A replaced sheet's rule stays; a second one only where the new table is longer.
    if (rows.length > highlighted)
      yield* io(() =>
        p.tables.highlightRows?.(ask.sheetName, {
          rows: rows.length,
          cols: headers.length,
          formula: belowTargetRule(m),
        }),
      );
  }
  const cogs = Object.fromEntries(
    asked.flatMap((a) => (a.cogs === undefined ? [] : [[a.id, a.cogs]])),
  );
  // Only marketplace A's lists take a sales window; B's and C's windows are return rates.
  const title = `Pricing sheet · ${[m, ask.shopId, ask.region].filter(Boolean).join(" ")}\n${describeBasis(basis, undefined, m === "A")}${m === "A" ? `\n${TARGET_PROFIT_LEGEND}` : ""}\n${pricingLegend(m)}${currency ? `\nMoney in ${currency}.` : ""}`;
  const grid = [headers, ...cells, ...lost];
  const record: PricingRecord = {
    version: 1,
    columns: columns.map((c) => ({ header: c.header, format: c.format })),
    key: headers.slice(0, 2),
    last: {},
    basis: pricingBasis(basis, m === "A"),
    pricing: {
      ...where,
      currency,
      dataFreshAt,
      title,
      // Not-found rows as answered with no inputs: Refresh leaves their note alone.
      inputs: Object.fromEntries(today.missing.map((id) => [rowId(id, null), [null, null]])),
      // C's own costs (C8 requires one), and the cost book's on any marketplace.
      ...(Object.keys(cogs).length > 0 ? { cogs } : {}),
      ...(Object.keys(listed).length ? { listed } : {}),
      written: sheetFingerprint(grid),
      highlighted: Math.max(highlighted, p.tables.highlightRows ? rows.length : 0),
    },
  };
  yield* io(() => p.tables.writeRecord(ask.sheetName, JSON.stringify(record)));
  const missing = today.missing.length
    ? `not in shop ${ask.shopId}: ${today.missing.slice(0, 10).join(", ")}${today.missing.length > 10 ? ` and ${today.missing.length - 10} more` : ""}`
    : "";
  const done = yield* answerAndWrite(p, ask.sheetName, record, asked, rowsAt(asked, 1), {
    spent: requests,
    grid,
    errors: missing,
    early,
  });
  // Last: in Google Sheets a sheet inserted since (the Refresh log) became the active one.
  yield* io(() => p.tables.show?.(ask.sheetName));
  return {
    sheetName: ask.sheetName,
    rows: rows.length + lost.length,
    ...done,
    ...(lost.length ? { notFound: today.missing } : {}),
  };
}

/** Row numbers (0-based sheet rows) of asked rows laid out from `top`. */
const rowsAt = (asked: readonly Asked[], top: number): Map<string, number> =>
  new Map(asked.map((a, i) => [a.id, top + i]));

/** Refresh a pricing sheet: ask only for rows whose inputs changed since their last answer. */
export function* refreshPricingSheet(p: SidebarPorts, sheetName: string): Op<PricingOutcome> {
  const record = parseTableRecord(yield* io(() => p.tables.readRecord(sheetName)));
  if (!record || !("pricing" in record))
    throw new Error(`${sheetName} is not a pricing sheet: make one with "New pricing sheet"`);
  const pricing = record as PricingRecord;
  const grid = (yield* io(() => p.tables.read(sheetName))) ?? [];
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
  const where = new Map<string, number>();
  grid.forEach((line, r) => {
    const itemId = idOf(line[item]);
    if (r === 0 || itemId === null) return;
    const modelId = idOf(line[model]);
    const id = rowId(itemId, modelId);
    const cogs = pricing.pricing.cogs?.[id];
    const now: PricingInputs = {
      target: target >= 0 ? inputOf(line[target]) : null,
      planned: planned >= 0 ? inputOf(line[planned]) : null,
      profit: profit >= 0 ? inputOf(line[profit]) : null,
    };
    const was = pricing.pricing.inputs[id];
    // The target the row is priced for (its profit where it has one) changed.
    const askTarget = !was || aimOf(was[0], was[2]) !== aimOf(now.target, now.profit);
    const askPlanned = !was || was[1] !== now.planned;
    if (where.has(id) || !(askTarget || askPlanned)) return;
    where.set(id, r);
    const priceToday = inputOf(line[today]) ?? 0;
    const unread = unreadInputs(line, header);
    asked.push({
      ...(unread ? { unread } : {}),
      id,
      itemId,
      modelId,
      ...(cogs === undefined ? {} : { cogs }),
      inputs: now,
      priceToday,
      askTarget,
      askPlanned,
    });
  });
  const done = yield* answerAndWrite(p, sheetName, pricing, asked, where, { spent: 0, grid });
  return { sheetName, rows: grid.length - 1, ...done };
}

/**
 * Ask the API for `asked`, write each row's answer cells where the sheet has them (by header,
 * so columns the seller inserted are skipped), then the record, the stamp and a log row.
 */
function* answerAndWrite(
  p: SidebarPorts,
  sheetName: string,
  record: PricingRecord,
  asked: readonly Asked[],
  rowOf: ReadonlyMap<string, number>,
  how: {
    /** Requests already spent on this refresh (a new sheet's lists). */
    readonly spent: number;
    /** The sheet's cells before the answers (row 0: the header). */
    readonly grid: readonly (readonly Cell[])[];
    /** What went wrong before the answers (C7's unknown products). */
    readonly errors?: string;
    /** Planned-price answers already asked (a new sheet's). */
    readonly early?: Early;
  },
): Op<{ asked: number; requests: number }> {
  const header = (how.grid[0] ?? []).map((h) => String(h ?? "").trim());
  const answered = yield* pricingAnswers(p, record.pricing, asked, how.early);
  const { answers } = answered;
  const errors = [how.errors ?? "", answered.errors].filter(Boolean).join("; ");
  const requests = how.spent + answered.requests;
  const cols = PRICING_COLUMNS.slice(ANSWER_AT, FORMULA_AT).map((c) => header.indexOf(c.header));
  const blocks: GridBlock[] = [];
  const inputs = { ...record.pricing.inputs };
  for (const a of asked) {
    const r = rowOf.get(a.id);
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
  const written = sheetFingerprint(withBlocks(how.grid, merged));
  const next: PricingRecord = { ...record, pricing: { ...record.pricing, inputs, written } };
  yield* io(() => p.tables.writeRecord(sheetName, JSON.stringify(next)));
  const refreshedAt = new Date(p.now()).toISOString();
  const stamp = yield* io(() => p.stamp(refreshedAt));
  const columns = record.columns.map((c) => ({ ...c, path: "" }));
  yield* io(() =>
    p.tables.note(sheetName, {
      columns,
      rowCount: Object.keys(inputs).length,
      dataFreshAt: record.pricing.dataFreshAt,
      importedAt: refreshedAt,
      title: record.pricing.title,
      refreshedBy: stamp.who,
    }),
  );
  yield* logRefresh(p.tables, stamp, {
    what: `${record.pricing.title.split("\n")[0] ?? "Pricing sheet"} → ${sheetName}`,
    requests,
    rowsChanged: answers.size,
    errors,
  });
  return { asked: answers.size, requests };
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
