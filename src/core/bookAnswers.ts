/**
 * Answers at the team's costs (issue 34 item 5), for formula cells where the seller turned the
 * cost book on and for imports: a breakdown (a record with `breakdown` and `metadata`) whose
 * variant the book has on the answer's day (`metadata.effectiveDate`: the API's today, or the
 * date asked) gets the book's cost as its COGS line and its profit moved by the difference.
 * That is what the API's what-ifs (A5, B5, C5) answer when asked with that `manufacturingCogs`:
 * COGS is a line of its own after every fee, and no fee, VAT or return cost is a share of it.
 * The breakdown endpoints (A1, A2, A6, A7, A11, B1, B2, B6 to B8, B12, C1 to C3, C7) take no
 * cost, so this is the only way; a what-if asked with a cost of its own is left as it came.
 */
import type { Marketplace } from "../api/types";
import { isRecord } from "./shape";
import { currencyDecimals, currencyOf } from "./figure";
import { costOn, profitAtCost, type BookCost, type CostBook } from "./costBook";

/** The COGS line's name in a marketplace's breakdown. */
const cogsLine = (m: Marketplace): string => (m === "A" ? "manufacturingCogs" : "cogs");

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** An id as the book keys it, or null. */
export const idOf = (v: unknown): string | number | null =>
  typeof v === "string" || typeof v === "number" ? v : null;

/**
 * `record` at `found`'s cost. `margins`: how the answer holds its margin ("points": marketplace
 * A's raw percent points, before core/marginUnit converts them; "fraction": after, with the
 * points copy beside it).
 */
export function recordAtCost(
  record: Readonly<Record<string, unknown>>,
  marketplace: Marketplace,
  found: BookCost,
  margins: "points" | "fraction",
): Record<string, unknown> {
  const meta = isRecord(record.metadata) ? record.metadata : null;
  const line = cogsLine(marketplace);
  const nested = isRecord(record.breakdown);
  // Lines in `breakdown` (list entries, A6) or beside `metadata` (A2's MktAFinancialBreakdown).
  const lines = isRecord(record.breakdown) ? record.breakdown : record;
  const profit = meta ? num(meta.netProfit) : null;
  if (!meta || !isRecord(lines[line]) || profit === null) return { ...record };
  const apiLine = lines[line] as Record<string, unknown>;
  const apiCogs = -(num(apiLine.amount) ?? 0);
  const decimals = currencyDecimals(currencyOf(record));
  const netProfit = profitAtCost(profit, apiCogs, found.cost, decimals);
  const revenue = num(meta.revenue);
  const fraction = revenue ? netProfit / revenue : null;
  const newMeta: Record<string, unknown> = {
    ...meta,
    netProfit,
    // The what-ifs call a cost they were given explicit (spec: cogsSource).
    cogsSource: "explicit",
  };
  if (fraction !== null) {
    const points = Number((fraction * 100).toFixed(2));
    newMeta.margin = margins === "points" ? points : Number(fraction.toFixed(6));
    if (margins === "fraction" && "marginPoints" in meta) newMeta.marginPoints = points;
  }
  if ("inferredCogs" in meta) newMeta.inferredCogs = false;
  const costedLine = { ...apiLine, amount: -found.cost };
  const out: Record<string, unknown> = nested
    ? { ...record, breakdown: { ...lines, [line]: costedLine }, metadata: newMeta }
    : { ...record, [line]: costedLine, metadata: newMeta };
  const units = num(record.unitsSold) ?? num(meta.unitsSold);
  if (num(record.totalProfit) !== null && units !== null)
    out.totalProfit = Number((netProfit * units).toFixed(decimals));
  return out;
}

/** The book's cost for a breakdown record on its day, its ids from the record or the request. */
export function bookCostOf(
  record: Readonly<Record<string, unknown>>,
  book: CostBook,
  marketplace: Marketplace,
  asked: { readonly item: string | number | null; readonly variant: string | number | null },
): BookCost | null {
  const meta = isRecord(record.metadata) ? record.metadata : null;
  if (!meta || typeof meta.effectiveDate !== "string" || typeof meta.netProfit !== "number")
    return null;
  // Ids on the record, in its metadata (A2), else the request's.
  const own = (a: string, b: string): string | number | null =>
    idOf(record[a] ?? record[b] ?? meta[a] ?? meta[b]);
  const ownItem = own("itemId", "productId");
  const item = ownItem ?? asked.item;
  // A record that names its item but no variant is the item's aggregate.
  const variant = own("modelId", "skuId") ?? (ownItem === null ? asked.variant : null);
  return item === null ? null : costOn(book, marketplace, item, variant, meta.effectiveDate);
}

/** Endpoints whose answers are breakdowns from sales (or a what-if of one) a cost book can cost. */
const COSTED = new Set([
  "A1",
  "A2",
  "A5",
  "A6",
  "A7",
  "A11",
  "B1",
  "B2",
  "B5",
  "B6",
  "B7",
  "B8",
  "B12",
  "C1",
  "C2",
  "C3",
  "C5",
  "C7",
]);

/** Whether an endpoint's answer to `params` is costed from the book. */
export function costsFromBook(
  endpoint: string,
  params: Readonly<Record<string, unknown>>,
): boolean {
  // A what-if asked with the seller's own cost answers at that cost.
  return COSTED.has(endpoint) && params.manufacturingCogs === undefined;
}

/**
 * A raw answer (before margins are converted) at the book's costs: every breakdown record in
 * it, nested lists included (a product's per-model or per-SKU detail).
 */
export function answerAtBookCosts(
  endpoint: string,
  params: Readonly<Record<string, unknown>>,
  answer: unknown,
  book: CostBook,
): unknown {
  if (!costsFromBook(endpoint, params) || book.entries.length === 0) return answer;
  const marketplace = endpoint.charAt(0) as Marketplace;
  // Marketplace A answers margins in percent points until core/marginUnit converts them.
  const margins = marketplace === "A" ? "points" : "fraction";
  const asked = {
    item: idOf(params.itemId ?? params.productId),
    variant: idOf(params.modelId ?? params.skuId),
  };
  const walk = (value: unknown, depth: number): unknown => {
    if (depth > 4) return value;
    if (Array.isArray(value)) return value.map((v) => walk(v, depth + 1));
    if (!isRecord(value)) return value;
    const found = bookCostOf(value, book, marketplace, asked);
    const costed = found ? recordAtCost(value, marketplace, found, margins) : { ...value };
    for (const [k, v] of Object.entries(costed))
      if (k !== "breakdown" && k !== "metadata" && (Array.isArray(v) || isRecord(v)))
        costed[k] = walk(v, depth + 1);
    return costed;
  };
  return walk(answer, 0);
}
