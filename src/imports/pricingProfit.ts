/**
 * Marketplace A's "Target profit" input on a pricing sheet (issue 20 item 2: "target margin, or
 * target profit for marketplace A"): A21 in mode PROFIT prices a row for a profit per unit as
 * it prices one for a margin in mode MARGIN. B14 and C8 take a margin only, so B and C sheets
 * have no such column. Where a row has both, the profit wins (the sheet's note and the row's
 * Answer cell say so).
 */
import {
  batch,
  ceilingPrice,
  PREVIEW_ELEMENTS,
  type Asked,
  type PricingWhere,
} from "./pricingSheet";

/** The line the sheet's note (its stamp on A1) adds on A: which target a row is priced for. */
export const TARGET_PROFIT_LEGEND =
  "Target profit (per unit, blank by default) wins over Target margin where a row has both: " +
  "Price for target and Below target use it; clear it to price the row for its margin.";

/** What a row's Answer cell says when it has both targets. */
export const BOTH_TARGETS_NOTE =
  "Priced for the Target profit (it wins over the Target margin): clear it to price for the margin";

/** The target a row is priced for: its profit where it has one, else its margin ("": none). */
export const aimOf = (margin: number | null, profit: number | null | undefined): string =>
  profit !== null && profit !== undefined
    ? `profit ${profit}`
    : margin !== null
      ? `margin ${margin}`
      : "";

/** Rows whose target profit changed, grouped by profit (one request each), 500 a request. */
function byProfit(rows: readonly Asked[]): [number, Asked[]][] {
  const groups = new Map<number, Asked[]>();
  for (const r of rows)
    if (r.inputs.profit !== null && r.askTarget)
      groups.set(r.inputs.profit, [...(groups.get(r.inputs.profit) ?? []), r]);
  return [...groups].flatMap(([profit, list]) => {
    const out: [number, Asked[]][] = [];
    for (let i = 0; i < list.length; i += PREVIEW_ELEMENTS)
      out.push([profit, list.slice(i, i + PREVIEW_ELEMENTS)]);
    return out;
  });
}

/** A21 (mode PROFIT) requests for rows with a target profit: one per profit, 500 models each. */
export const profitCalls = (where: PricingWhere, rows: readonly Asked[]) =>
  byProfit(rows).map(([profit, part]) =>
    batch("A21", part, {
      shopId: where.shopId,
      region: where.region,
      includeVat: where.includeVat,
      mode: "PROFIT",
      targetProfit: profit,
      models: part.map((r) => ({
        itemId: r.itemId,
        modelId: r.modelId,
        originalPrice: ceilingPrice(r.priceToday),
      })),
    }),
  );
