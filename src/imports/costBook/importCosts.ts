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
import { bookCostOf, idOf, recordAtCost } from "../../core/bookAnswers";
import type { CostBook } from "../../core/costBook";
import { isRecord } from "../../functions/shape";
import { cogsNote, restsOnGuess } from "./bookCost";

/** The field each costed record carries (its column reads "COGS from"). */
const COGS_FROM_FIELD = "cogsFrom";

/** What a page's rows counted. */
export interface ImportCostCounts {
  /** Rows whose cost came from the book. */
  readonly booked: number;
  /** Rows on an inferred or missing cost (the book has none for them). */
  readonly guessed: number;
}

/** Whether the book has costs for some variants of `item` but none for the item itself. */
function variantsOnly(book: CostBook, m: Marketplace, item: string): boolean {
  return book.entries.some(
    (e) => e.itemId === item && e.variantId !== null && (e.marketplace ?? m) === m,
  );
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
  const out = records.map((record) => {
    if (!isRecord(record) || !isRecord(record.metadata) || !isRecord(record.breakdown))
      return record;
    const meta = record.metadata;
    const cogsSource = typeof meta.cogsSource === "string" ? meta.cogsSource : null;
    const item = idOf(record.itemId ?? record.productId);
    const variant = idOf(record.modelId ?? record.skuId);
    const found = book
      ? bookCostOf(record, book, marketplace, { item: null, variant: null })
      : null;
    if (found) {
      booked++;
      return {
        ...recordAtCost(record, marketplace, found, "fraction"),
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
