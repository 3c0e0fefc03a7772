/**
 * A pricing sheet's rows at the team's costs (issue 34 item 5): where the cost book has a cost
 * for a variant on the day of today's figures, the profit and margin of today count it (the
 * COGS line replaced: costBook/bookCost.ts), and the previews are asked with it (B and C take a
 * cost per SKU; A's do not, so A's answers move by the difference: pricingAnswers.ts). Every row
 * says where its cost came from in its COGS cell.
 */
import type { Marketplace } from "../../api/types";
import type { PricingRow } from "../pricingSheet";
import { cogsNote, withBookCost } from "./bookCost";
import type { CostBook } from "../../core/costBook";

/** `rows` at the book's costs; `today`: the day where an entry did not say its own. */
export function costedPricingRows(
  rows: readonly PricingRow[],
  book: CostBook | null,
  marketplace: Marketplace,
  today: string,
  decimals: number,
): PricingRow[] {
  return rows.map((r) => {
    const c = r.costing;
    if (!c) return r;
    const costed = withBookCost(
      {
        units: r.unitsSold,
        profit: r.netProfit,
        margin: r.margin,
        revenue: r.priceToday,
        cogs: c.cogs,
        cogsSource: c.cogsSource,
        vat: 0,
        day: c.day,
      },
      book,
      { marketplace, itemId: r.itemId, variantId: r.modelId },
      c.day ?? today,
      decimals,
    );
    return {
      ...r,
      netProfit: costed.profit,
      margin: costed.book ? costed.margin : r.margin,
      cogsNote: cogsNote(costed),
      ...(costed.book ? { cogs: costed.book.cost } : {}),
    };
  });
}
