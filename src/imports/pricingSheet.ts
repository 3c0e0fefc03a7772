/**
 * A pricing sheet (issue 20 item 2), host-free: one row per variant of a shop's products (A
 * model, B and C SKU), today's figures from the shop's lists (A7, B8, C7), the seller's inputs
 * (target margin, on A also target profit: pricingProfit.ts; planned buyer price), the API's answers for those inputs from the batch
 * previews (A21/A22 here, B14/B15 and C8/C9 in pricingCallsBC.ts), then plain sheet formulas
 * any teammate's spreadsheet computes. docs/contract-notes.md ("Pricing sheet") says which
 * endpoint answers which column and why.
 */
import type { Marketplace } from "../api/types";
import type { ApiCall } from "../core/effects";
import { isRecord } from "../core/shape";
import type { Cell } from "../functions/cells";
import { unitFiguresOf } from "./feeChange/unitFigures";
import { columnLetters } from "./managedTable";
import type { ColumnFormat } from "./table";

/** Columns in order: ids and today's figures, inputs, answers, formulas. */
export const PRICING_COLUMNS = [
  { header: "Item id", format: "integer", role: "key" },
  { header: "Model id", format: "integer", role: "key" },
  { header: "Name", format: "text", role: "today" },
  { header: "Price today", format: "money", role: "today" },
  { header: "Units sold", format: "count", role: "today" },
  { header: "Net profit", format: "money", role: "today" },
  { header: "Margin", format: "fraction", role: "today" },
  // Where the cost of today's figures came from (issue 34: inferred costs are marked).
  { header: "COGS from", format: "text", role: "today" },
  { header: "Target margin", format: "fraction", role: "input" },
  // Marketplace A only (A21 mode PROFIT; B14 and C8 take a margin): pricingProfit.ts.
  { header: "Target profit", format: "money", role: "input" },
  { header: "Planned buyer price", format: "money", role: "input" },
  { header: "Price for target", format: "money", role: "answer" },
  { header: "Profit at planned price", format: "money", role: "answer" },
  { header: "Margin at planned price", format: "fraction", role: "answer" },
  { header: "Answer", format: "text", role: "answer" },
  { header: "Difference to today", format: "money", role: "formula" },
  { header: "Below target", format: "text", role: "formula" },
] as const satisfies readonly { header: string; format: ColumnFormat; role: string }[];

export type PricingHeader = (typeof PRICING_COLUMNS)[number]["header"];

/** The two key columns' headers per marketplace: the product and its variant. */
const KEY_HEADERS: Readonly<Record<Marketplace, readonly [string, string]>> = {
  A: ["Item id", "Model id"],
  B: ["Item id", "SKU id"],
  C: ["Product id", "SKU id"],
};

/** A marketplace's columns: A's layout with its own key headers (C's ids are text). */
export function pricingColumns(
  m: Marketplace,
): { header: string; format: ColumnFormat; role: string }[] {
  const keys = KEY_HEADERS[m];
  return PRICING_COLUMNS.filter((c) => m === "A" || c.header !== "Target profit").map((c, i) =>
    i < 2 ? { ...c, header: keys[i] ?? c.header, format: m === "C" ? "text" : c.format } : c,
  );
}
const at = (h: PricingHeader): number => PRICING_COLUMNS.findIndex((c) => c.header === h);
export const ANSWER_AT = at("Price for target");
export const FORMULA_AT = at("Difference to today");

/** The default target: a 20 % margin (one value, so every row shares A21's request). */
const DEFAULT_TARGET_MARGIN = 0.2;
/** The list price A21 is asked at: this many times today's price (contract notes). */
const CEILING_TIMES = 10;
/**
 * Models a preview request carries: the contract allows 1,000, but a request of 1,000 solved
 * margins can pass the reference server's 500 ms budget on a busy machine (a 503, asked again).
 */
export const PREVIEW_ELEMENTS = 500;

/** A product id (A, B: a number; C: text) and its variant's (A model, B/C SKU; null: none). */
export type PricingId = number | string;

/** One variant of a product with its figures of today (A7: the product's; B8, C7: the SKU's). */
export interface PricingRow {
  readonly itemId: PricingId;
  readonly modelId: PricingId | null;
  readonly name: string;
  readonly priceToday: number;
  readonly unitsSold: number;
  readonly netProfit: number;
  readonly margin: number | null;
  /**
   * The unit cost the previews are asked with: C's own (C8 requires one; the SKU's keeps the
   * figure the same), or the team's cost book's on any marketplace (B and C previews take it).
   */
  readonly cogs?: number;
  /** The cost today's figures count, where it came from, and their day (the entry's). */
  readonly costing?: {
    readonly cogs: number;
    readonly cogsSource: string | null;
    readonly day: string | null;
  };
  /** What the "COGS from" cell says (costBook/pricingCosts.ts). */
  readonly cogsNote?: string;
}

/** What the seller asks of a row: a margin (0.2 = 20 %), a buyer price; null: an empty cell. */
export interface PricingInputs {
  readonly target: number | null;
  readonly planned: number | null;
  /** A only: a profit per unit; where given, the row is priced for it, not for the margin. */
  readonly profit: number | null;
}

/** What the API answered for a row's inputs (blank cells where it did not). */
export interface PricingAnswer {
  readonly priceForTarget: number | "";
  readonly profitAtPlanned: number | "";
  readonly marginAtPlanned: number | "";
  readonly note: string;
}

export const rowId = (itemId: unknown, modelId: unknown): string =>
  `${String(itemId)}\u001f${modelId === null || modelId === undefined ? "" : String(modelId)}`;

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const round = (v: number, decimals: number): number => Number(v.toFixed(decimals));

/** Revenue per unit of an A7 or A1 entry: its metadata, else list price less discount and voucher. */
function priceOf(entry: Record<string, unknown>): number {
  const meta = isRecord(entry.metadata) ? entry.metadata : {};
  const revenue = num(meta.revenue);
  if (revenue !== null) return revenue;
  const b = isRecord(entry.breakdown) ? entry.breakdown : {};
  const line = (n: string): number => num(isRecord(b[n]) ? b[n].amount : null) ?? 0;
  return line("originalModelPrice") + line("sellerDiscount") + line("sellerVoucher");
}

/** An entry's cost line, where the API took it from, and its day (for the cost book). */
export function costingOf(entry: Record<string, unknown>): Pick<PricingRow, "costing"> {
  const f = unitFiguresOf(entry);
  return f ? { costing: { cogs: f.cogs, cogsSource: f.cogsSource, day: f.day } } : {};
}

/** Rows of the first `limit` products of A7 pages, one per model A12 named for the product. */
export function pricingRows(
  products: readonly unknown[],
  models: ReadonlyMap<number, readonly (number | null)[]>,
  limit: number,
): PricingRow[] {
  const rows: PricingRow[] = [];
  for (const e of products.slice(0, limit)) {
    if (!isRecord(e) || typeof e.itemId !== "number") continue;
    const meta = isRecord(e.metadata) ? e.metadata : {};
    const base = {
      itemId: e.itemId,
      name: typeof e.name === "string" ? e.name : "",
      priceToday: priceOf(e),
      unitsSold: num(e.unitsSold) ?? num(meta.unitsSold) ?? 0,
      netProfit: num(meta.netProfit) ?? 0,
      margin: num(meta.margin),
      ...costingOf(e),
    };
    for (const modelId of models.get(e.itemId) ?? [null]) rows.push({ ...base, modelId });
  }
  return rows;
}

/**
 * Each model's own figures of today from A1 entries (price, units, net profit and margin of
 * that model): a product's models can sell at different prices, so A7's product figures fit
 * none of them. Rows A1 did not answer keep the product's.
 */
export function withModelFigures(
  rows: readonly PricingRow[],
  a1: readonly unknown[],
): PricingRow[] {
  const byModel = new Map<string, Record<string, unknown>>();
  for (const e of a1) if (isRecord(e)) byModel.set(rowId(e.itemId, e.modelId), e);
  return rows.map((row) => {
    const e = row.modelId === null ? undefined : byModel.get(rowId(row.itemId, row.modelId));
    if (!e) return row;
    const meta = isRecord(e.metadata) ? e.metadata : {};
    return {
      ...row,
      priceToday: priceOf(e),
      unitsSold: num(e.modelUnitsSold) ?? row.unitsSold,
      netProfit: num(meta.netProfit) ?? row.netProfit,
      margin: num(meta.margin),
      ...costingOf(e),
    };
  });
}

/** Every product's model ids from A12 entries' modelDetails (every variant of the product). */
export function modelsOf(entries: readonly unknown[], into: Map<number, (number | null)[]>): void {
  for (const e of entries) {
    if (!isRecord(e) || typeof e.itemId !== "number" || !Array.isArray(e.modelDetails)) continue;
    into.set(
      e.itemId,
      e.modelDetails
        .filter(isRecord)
        .map((m) => (typeof m.modelId === "number" ? m.modelId : null)),
    );
  }
}

/** The inputs a new row starts with: a 20 % margin and today's price. */
export function defaultInputs(
  row: Pick<PricingRow, "priceToday">,
  decimals: number,
): PricingInputs {
  return { target: DEFAULT_TARGET_MARGIN, planned: round(row.priceToday, decimals), profit: null };
}

/** A number the seller typed (a number, or its text); null for an empty or other cell. */
export function inputOf(cell: Cell | undefined): number | null {
  if (typeof cell === "number") return Number.isFinite(cell) ? cell : null;
  if (typeof cell === "string" && cell.trim() !== "" && Number.isFinite(Number(cell.trim())))
    return Number(cell.trim());
  return null;
}

/** The row's note for inputs typed that are not numbers (they count as empty), or "". */
export function unreadInputs(line: readonly Cell[], header: readonly string[]): string {
  return PRICING_COLUMNS.filter((c) => c.role === "input")
    .map((c) => [c.header, line[header.indexOf(c.header)]] as const)
    .filter(([, v]) => v !== undefined && v !== null && v !== "" && inputOf(v) === null)
    .map(([h, v]) => `${h} "${String(v).slice(0, 20)}" is not a number: type one or empty it`)
    .join("; ");
}

/**
 * The row's note for a target margin B or C cannot take (B14 and C8 read a fraction from 0 to
 * 1: a new user typed -50 % and 150 % and read "targetMarginPercent must be a number from 0 to
 * 1 (got -0.5)"), said in the sheet's words; null when the target can be asked (A21 reads any).
 */
export function targetOutOfRange(m: Marketplace, target: number | null): string | null {
  if (m === "A" || target === null || (target >= 0 && target <= 1)) return null;
  const shown = `${Number((target * 100).toPrecision(6))} %`;
  return `Target margin ${shown} is outside what marketplace ${m} takes (0 % to 100 %): type a margin in that range, such as 25 %`;
}

/** A row a refresh asks for: its id, its model, its inputs and today's price (the ceiling's base). */
export interface Asked {
  readonly id: string;
  /** Inputs typed that are not numbers, said on the row (unreadInputs). */
  readonly unread?: string;
  readonly itemId: PricingId;
  readonly modelId: PricingId | null;
  readonly cogs?: number;
  readonly inputs: PricingInputs;
  readonly priceToday: number;
  /** Which inputs changed since their answer (a new row: both). */
  readonly askTarget: boolean;
  readonly askPlanned: boolean;
}

/** The basis every preview sends: the seller's VAT setting (the previews take no window). */
export interface PricingWhere {
  /** Absent in sheets made before B and C (marketplace A). */
  readonly marketplace?: Marketplace;
  /** The A or C shop, the B seller. */
  readonly shopId: number;
  readonly region: string;
  readonly includeVat: boolean;
}

const chunks = <T>(list: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

/** The list price A21 is asked at for a row priced `priceToday` today. */
export const ceilingPrice = (priceToday: number): number =>
  round(CEILING_TIMES * Math.max(priceToday, 1), 2);

/**
 * Rows whose target changed, grouped by target (one request each), 500 a request: target
 * margins, or (`profit`) A's target profits, which win where a row has both (pricingProfit.ts).
 */
export function byTarget(rows: readonly Asked[], profit = false): [number, Asked[]][] {
  const groups = new Map<number, Asked[]>();
  for (const r of rows) {
    const t = profit ? r.inputs.profit : r.inputs.profit === null ? r.inputs.target : null;
    if (t !== null && r.askTarget) groups.set(t, [...(groups.get(t) ?? []), r]);
  }
  return [...groups].flatMap(([t, list]) =>
    chunks(list, PREVIEW_ELEMENTS).map((part): [number, Asked[]] => [t, part]),
  );
}

/** Rows whose planned price changed, 500 a request. */
export const byPlanned = (rows: readonly Asked[]): Asked[][] =>
  chunks(
    rows.filter((r) => r.inputs.planned !== null && r.askPlanned),
    PREVIEW_ELEMENTS,
  );

/** A preview request for `rows`. */
export const batch = (endpoint: string, rows: Asked[], params: Record<string, unknown>) => ({
  rows,
  call: { kind: "call" as const, endpoint, params } satisfies ApiCall,
});

/**
 * A21 requests for rows with a target: mode MARGIN one per margin, mode PROFIT one per target
 * profit (per unit), 500 models each.
 */
export const targetCalls = (where: PricingWhere, rows: readonly Asked[]) =>
  [false, true].flatMap((profit) =>
    byTarget(rows, profit).map(([target, part]) =>
      batch("A21", part, {
        shopId: where.shopId,
        region: where.region,
        includeVat: where.includeVat,
        mode: profit ? "PROFIT" : "MARGIN",
        // A reads percent points (23.5 = 23.5 %); the sheet holds a fraction.
        ...(profit
          ? { targetProfit: target }
          : { targetMarginPercent: Math.round(target * 1e8) / 1e6 }),
        models: part.map((r) => ({
          itemId: r.itemId,
          modelId: r.modelId,
          originalPrice: ceilingPrice(r.priceToday),
        })),
      }),
    ),
  );

/** A22 requests for rows with a planned buyer price, 500 models each. */
export const plannedCalls = (where: PricingWhere, rows: readonly Asked[]) =>
  byPlanned(rows).map((part) =>
    batch("A22", part, {
      shopId: where.shopId,
      region: where.region,
      includeVat: where.includeVat,
      models: part.map((r) => ({
        itemId: r.itemId,
        modelId: r.modelId,
        targetBuyerPrice: r.inputs.planned,
      })),
    }),
  );

/** A preview's answer for a row: the adjusted entry, or why not (`code`: the typed reason). */
export type PreviewAnswer = { entry: Record<string, unknown> } | { reason: string; code?: string };

/** A preview's answers by row id (A names models by itemId/modelId, B and C SKUs by skuId). */
export function previewAnswers(data: unknown): Map<string, PreviewAnswer> {
  const out = new Map<string, PreviewAnswer>();
  if (!isRecord(data)) return out;
  const idOf = (e: Record<string, unknown>): string =>
    "skuId" in e ? rowId(e.itemId ?? e.productId, e.skuId) : rowId(e.itemId, e.modelId);
  for (const e of Array.isArray(data.adjustedItems) ? data.adjustedItems : [])
    if (isRecord(e)) out.set(idOf(e), { entry: e });
  for (const e of Array.isArray(data.unadjustableItems) ? data.unadjustableItems : [])
    if (isRecord(e))
      out.set(idOf(e), {
        reason: typeof e.message === "string" ? e.message : String(e.reason ?? "unadjustable"),
        ...(typeof e.reason === "string" ? { code: e.reason } : {}),
      });
  return out;
}

/** Where a column of marketplace `m`'s layout is (B and C have no "Target profit"). */
const atIn = (m: Marketplace, h: PricingHeader): number =>
  pricingColumns(m).findIndex((c) => c.header === h);

/**
 * The formulas of a row (1-based sheet row): difference to today, and the below-target flag:
 * on A, profit at the planned price below the row's target profit where it has one, else (and
 * on B and C) margin at the planned price below its target margin.
 */
export function rowFormulas(sheetRow: number, m: Marketplace): [string, string] {
  const c = (h: PricingHeader): string => `${columnLetters(atIn(m, h))}${sheetRow}`;
  const margin = c("Margin at planned price");
  const target = c("Target margin");
  const byMargin = `IF(AND(ISNUMBER(${margin}),ISNUMBER(${target})),IF(${margin}<${target},"Below target",""),"")`;
  const [profit, aim] = [c("Profit at planned price"), c("Target profit")];
  return [
    `=IF(ISNUMBER(${c("Price for target")}),${c("Price for target")}-${c("Price today")},"")`,
    m === "A"
      ? `=IF(ISNUMBER(${aim}),IF(ISNUMBER(${profit}),IF(${profit}<${aim},"Below target",""),""),${byMargin})`
      : `=${byMargin}`,
  ];
}

/** The fill of rows below target, in every host: light red, the fill Sheets offers for "bad". */
export const BELOW_TARGET_FILL = "#f4c7c3";

/** The formula conditional formatting uses on the table's rows (row 2 at the top). */
export function belowTargetRule(m: Marketplace): string {
  return `=$${columnLetters(atIn(m, "Below target"))}2="Below target"`;
}

/** A new row's cells up to the answers (ids, today, inputs), answers blank. */
export function rowCells(row: PricingRow, inputs: PricingInputs, m: Marketplace): Cell[] {
  return [
    row.itemId,
    row.modelId ?? "",
    row.name,
    row.priceToday,
    row.unitsSold,
    row.netProfit,
    row.margin ?? "",
    row.cogsNote ?? "",
    inputs.target ?? "",
    ...(m === "A" ? [inputs.profit ?? ""] : []),
    inputs.planned ?? "",
  ];
}

/** An answer's cells, in the answer columns' order. */
export const answerCells = (a: PricingAnswer): Cell[] => [
  a.priceForTarget,
  a.profitAtPlanned,
  a.marginAtPlanned,
  a.note,
];
