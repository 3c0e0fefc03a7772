/**
 * A variant's figures with the team's cost (issue 34 item 5): where the cost book has a cost for
 * the variant on the figures' day, it replaces the API's COGS line. COGS is a line of its own,
 * subtracted after every fee (no fee, VAT or return cost is a share of it), so the profit moves
 * by exactly the difference and the margin follows. Where the book has none, the API's cost
 * stays, and the row says where it came from: explicit, inferred (an estimate: fill the book)
 * or missing (counted as 0, said so).
 */
import type { Marketplace } from "../../api/types";
import type { UnitFigures } from "../feeChange/unitFigures";
import { costOn, profitAtCost, type BookCost, type CostBook } from "../../core/costBook";

/** Figures with the cost they count, and the book's entry where it gave the cost. */
export interface CostedFigures extends UnitFigures {
  readonly book: BookCost | null;
}

/** A variant in a table: which marketplace, which product and variant. */
export interface CostKey {
  readonly marketplace: Marketplace;
  readonly itemId: string | number;
  readonly variantId: string | number | null;
}

/** `f` at the book's cost for `key` on `day` (the API's where the book has none). */
export function withBookCost(
  f: UnitFigures,
  book: CostBook | null,
  key: CostKey,
  day: string,
  decimals: number,
): CostedFigures {
  const found = book ? costOn(book, key.marketplace, key.itemId, key.variantId, day) : null;
  if (!found) return { ...f, book: null };
  const profit = profitAtCost(f.profit, f.cogs, found.cost, decimals);
  return {
    ...f,
    profit,
    cogs: found.cost,
    margin: f.revenue === 0 ? null : profit / f.revenue,
    book: found,
  };
}

/** What a table's COGS cell says of a row: where its cost came from, and what to do. */
export function cogsNote(f: {
  readonly cogsSource: string | null;
  readonly book: BookCost | null;
}): string {
  if (f.book) return `Cost book, from ${f.book.validFrom}`;
  switch (f.cogsSource) {
    case "explicit":
      return "The API's (entered)";
    case "inferred":
      return "Inferred: add the real cost to the Cost book";
    case "missing":
      return "Missing, counted as 0: add it to the Cost book";
    default:
      return "Not said by the API";
  }
}

/** Whether a row rests on a cost nobody entered (inferred or missing). */
export const restsOnGuess = (f: {
  readonly cogsSource: string | null;
  readonly book: BookCost | null;
}): boolean => f.book === null && (f.cogsSource === "inferred" || f.cogsSource === "missing");
