/**
 * An import's rows at the team's costs (issue 34 item 5). No list an import reads (A7, A11, A12,
 * B7, B8, B12, B13, C7) takes a cost, so where the cost book has one for a row's variant (a
 * product row: the item's own cost, one without a variant id) on the row's day
 * (`metadata.effectiveDate`), the row's COGS line is replaced and its profit moved by the
 * difference, as the what-ifs (A5, B5, C5) answer with that `manufacturingCogs`: COGS is a line
 * of its own, after every fee, and no fee, VAT or return cost is a share of it. Every row gets a
 * "COGS from" cell saying where its cost came from (the book, the API's entered cost, or an
 * inferred or missing one, which asks for the real cost).
 */
import type { Marketplace } from "../../api/types";
import { currencyDecimals, currencyOf } from "../../core/figure";
import { isRecord } from "../../functions/shape";
import { cogsNote, profitAtCost, restsOnGuess } from "./bookCost";
import { costOn, type BookCost, type CostBook } from "./costBook";

/** The field each costed record carries (its column reads "COGS from"). */
export const COGS_FROM_FIELD = "cogsFrom";

/** What a page's rows counted. */
export interface ImportCostCounts {
  /** Rows whose cost came from the book. */
  readonly booked: number;
  /** Rows on an inferred or missing cost (the book has none for them). */
  readonly guessed: number;
}

/** The COGS line's name in a marketplace's breakdown. */
const cogsLine = (m: Marketplace): string => (m === "A" ? "manufacturingCogs" : "cogs");

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const idOf = (v: unknown): string | number | null =>
  typeof v === "string" || typeof v === "number" ? v : null;

/** Whether the book has costs for some variants of `item` but none for the item itself. */
function variantsOnly(book: CostBook, m: Marketplace, item: string): boolean {
  return book.entries.some(
    (e) => e.itemId === item && e.variantId !== null && (e.marketplace ?? m) === m,
  );
}

/** `record` (a list entry with breakdown and metadata) at `found`'s cost. */
function atCost(
  record: Record<string, unknown>,
  meta: Record<string, unknown>,
  line: string,
  found: BookCost,
): Record<string, unknown> {
  const breakdown = record.breakdown as Record<string, unknown>;
  const apiLine = breakdown[line];
  const apiCogs = isRecord(apiLine) ? -(num(apiLine.amount) ?? 0) : 0;
  const decimals = currencyDecimals(currencyOf(record));
  const profit = num(meta.netProfit);
  if (profit === null) return record;
  const netProfit = profitAtCost(profit, apiCogs, found.cost, decimals);
  const revenue = num(meta.revenue);
  const margin = revenue ? Number((netProfit / revenue).toFixed(6)) : meta.margin;
  const newMeta: Record<string, unknown> = {
    ...meta,
    netProfit,
    margin,
    // The what-ifs call a cost they were given explicit (spec: cogsSource).
    cogsSource: "explicit",
  };
  if ("marginPoints" in meta && typeof margin === "number")
    newMeta.marginPoints = Number((margin * 100).toFixed(4));
  if ("inferredCogs" in meta) newMeta.inferredCogs = false;
  const units = num(record.unitsSold) ?? num(meta.unitsSold);
  const out: Record<string, unknown> = {
    ...record,
    breakdown: {
      ...breakdown,
      [line]: { ...(isRecord(apiLine) ? apiLine : {}), amount: -found.cost },
    },
    metadata: newMeta,
  };
  if (num(record.totalProfit) !== null && units !== null)
    out.totalProfit = Number((netProfit * units).toFixed(decimals));
  return out;
}

/**
 * `records` (one page of a list) at the book's costs, each with its "COGS from" cell; records
 * without a breakdown's metadata (an overview, ROAS summaries) pass unchanged.
 */
export function costedRecords(
  records: readonly unknown[],
  book: CostBook | null,
  marketplace: Marketplace,
): { readonly records: unknown[]; readonly counts: ImportCostCounts } {
  let booked = 0;
  let guessed = 0;
  const line = cogsLine(marketplace);
  const out = records.map((record) => {
    if (!isRecord(record) || !isRecord(record.metadata) || !isRecord(record.breakdown))
      return record;
    const meta = record.metadata;
    const cogsSource = typeof meta.cogsSource === "string" ? meta.cogsSource : null;
    const item = idOf(record.itemId ?? record.productId);
    const variant = idOf(record.modelId ?? record.skuId);
    const day = typeof meta.effectiveDate === "string" ? meta.effectiveDate : null;
    const found =
      book && item !== null && day !== null ? costOn(book, marketplace, item, variant, day) : null;
    if (found) {
      booked++;
      return {
        ...atCost(record, meta, line, found),
        [COGS_FROM_FIELD]: cogsNote({ cogsSource, book: found }),
      };
    }
    const costed = { cogsSource, book: null };
    if (restsOnGuess(costed)) guessed++;
    const note =
      book && item !== null && variant === null && variantsOnly(book, marketplace, String(item))
        ? `${cogsNote(costed)} (the Cost book has costs for this item's variants only: import its SKUs, or add a row without a variant id)`
        : cogsNote(costed);
    return { ...record, [COGS_FROM_FIELD]: note };
  });
  return { records: out, counts: { booked, guessed } };
}

/** `a` and `b` added. */
export const addCounts = (
  a: ImportCostCounts | undefined,
  b: ImportCostCounts,
): ImportCostCounts => ({
  booked: (a?.booked ?? 0) + b.booked,
  guessed: (a?.guessed ?? 0) + b.guessed,
});

/**
 * The stamp's line on costs: "COGS from the team cost book" for the rows it costed (how, since
 * no list takes a cost), and how many rows rest on a cost nobody entered. "" when neither.
 */
export function importCostLine(counts: ImportCostCounts | undefined): string {
  if (!counts || (counts.booked === 0 && counts.guessed === 0)) return "";
  const rows = (n: number): string => (n === 1 ? "1 row" : `${n.toLocaleString("en-US")} rows`);
  const booked =
    counts.booked > 0
      ? `COGS from the team cost book for ${rows(counts.booked)} (the API's lists take no cost: their COGS line is replaced by the book's and the profit moved by the difference, as the what-if functions answer at that cost)`
      : "";
  const guessed =
    counts.guessed > 0
      ? `${rows(counts.guessed)} rest on an inferred or missing cost (column "COGS from"): add real costs to the Cost book`
      : "";
  return [booked, guessed].filter(Boolean).join(". ");
}
