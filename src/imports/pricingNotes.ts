/**
 * What a pricing sheet says to the seller about its own figures (issue 20's new-user run): the
 * stamp's line on why "Net profit" and "Profit at planned price" differ at the same price, and
 * the Answer cell for a planned price above today's list price. docs/contract-notes.md
 * ("Pricing sheet") has the why at length.
 */
import type { Marketplace } from "../api/types";

/**
 * The stamp's lines under the basis, then what the planned buyer price starts at (sidebar/
 * pricingDefaults.ts). "Net profit" and "Margin" are what past sales made per
 * unit (A: over the sales window; their own prices, vouchers and returns); the answers at the
 * planned price are the preview's one sale at that price on the API's own baseline of the
 * variant's costs (A22, B15 and C9 take no sales window). Not the same basis, by the spec.
 */
export function pricingLegend(m: Marketplace): string {
  const past = m === "A" ? "sales in the sales window" : "past sales";
  const baseline = m === "A" ? " (the sales window does not reach it)" : "";
  return `Net profit, Margin: per unit of ${past}, at the prices, vouchers and returns they had. Profit and Margin at planned price: the API's estimate for one sale at the planned price on its own cost baseline${baseline}, so the two differ even at the same price.\nPlanned buyer price to start: Price today or today's list price, whichever is lower.`;
}

/** Money as the sheet shows it: the currency's decimals (2 unless the currency has none). */
const money = (v: number, decimals: number): string => v.toFixed(decimals);

/**
 * Whether the preview answered at today's list price because the planned price is above it
 * (it discounts from the list price and cannot raise it). Compared in the currency's smallest
 * unit, so a typed 13.001 is not "above" 13.00.
 */
export function plannedAboveList(planned: number, listPrice: number, decimals: number): boolean {
  return Math.round((planned - listPrice) * 10 ** decimals) > 0;
}

/**
 * The Answer cell for a planned price above today's list price. It names both prices: "Price
 * today" is the average buyers paid per unit of past sales (some at earlier list prices), so a
 * planned price the seller types can sit above the list price the marketplace shows now (a new
 * sheet's default never does: sidebar/pricingDefaults.ts).
 */
export function aboveListPriceNote(
  planned: number,
  listPrice: number,
  priceToday: number,
  decimals: number,
): string {
  const list = money(listPrice, decimals);
  const average =
    Math.abs(priceToday - planned) < 10 ** -decimals / 2
      ? ` (Price today, ${money(priceToday, decimals)}, is what buyers paid on average, some at earlier list prices)`
      : "";
  return `Planned buyer price ${money(planned, decimals)} is above today's list price ${list}${average}: discounts cannot raise it. Plan ${list} or less, or raise the list price on the marketplace`;
}

/** The Answer cell of a product id the shop's list did not answer (C7 omits failed lookups). */
export const notFoundNote = (id: string, shopId: number): string =>
  `Not found: product ${id} is not in shop ${shopId} (the API answered nothing for it). Check the id, or delete this row`;
