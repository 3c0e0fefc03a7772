/**
 * Marketplace A's "Target profit" input on a pricing sheet (issue 20 item 2: "target margin, or
 * target profit for marketplace A"): A21 in mode PROFIT prices a row for a profit per unit as
 * it prices one for a margin in mode MARGIN (targetCalls, pricingSheet.ts). B14 and C8 take a
 * margin only, so B and C sheets have no such column. Where a row has both, the profit wins
 * (the sheet's note and the row's Answer cell say so).
 */

/** The line the sheet's note (its stamp on A1) adds on A: which target a row is priced for. */
export const TARGET_PROFIT_LEGEND =
  "Target profit (per unit) wins over Target margin where a row has both.";

/** What a row's Answer cell says when it has both targets. */
export const BOTH_TARGETS_NOTE = "Priced for the Target profit (it wins over the Target margin)";

/** The target a row is priced for: its profit where it has one, else its margin ("": none). */
export const aimOf = (margin: number | null, profit: number | null | undefined): string =>
  profit != null ? `p${profit}` : margin !== null ? `m${margin}` : "";
