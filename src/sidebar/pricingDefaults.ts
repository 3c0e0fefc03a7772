/**
 * A new pricing sheet's rows as asked, with their default inputs: a 20 % target margin and a
 * planned buyer price of Price today or today's list price, whichever is lower. Price today is
 * what buyers paid on average (some at earlier list prices), so it can sit above the list price
 * the marketplace shows now, and A22/B15/C9 only discount from that: a default above it would
 * answer with a note instead of figures. The planned-price previews are asked first, at Price
 * today; a row answered at its list price (no discount needed) is planned at that list price,
 * and that same answer is its figures (the sale is the same: no discount, the list price paid).
 * docs/contract-notes.md ("Pricing sheet", default planned price).
 */
import {
  defaultInputs,
  rowId,
  type Asked,
  type PricingRow,
  type PricingWhere,
} from "../imports/pricingSheet";
import { listPriceAbove, type PreviewAnswers } from "./pricingAnswers";

/** Every row of a new sheet with its default inputs (planned at Price today), each asked. */
export function firstAsked(rows: readonly PricingRow[], decimals: number): Asked[] {
  return rows.map((r) => ({
    id: rowId(r.itemId, r.modelId),
    itemId: r.itemId,
    modelId: r.modelId,
    ...(r.cogs === undefined ? {} : { cogs: r.cogs }),
    inputs: defaultInputs(r, decimals),
    priceToday: r.priceToday,
    askTarget: true,
    askPlanned: true,
  }));
}

/**
 * The rows as asked once the planned-price answers at Price today are in: a row answered at
 * its list price (no discount needed) is planned at that list price, kept in `listed`.
 */
export function plannedAtList(
  first: readonly Asked[],
  early: PreviewAnswers,
  where: PricingWhere,
  decimals: number,
): { asked: Asked[]; listed: Record<string, number> } {
  const bc = where.marketplace === "B" || where.marketplace === "C";
  const listed: Record<string, number> = {};
  const asked = first.map((a) => {
    const list = listPriceAbove(early[a.id], a.inputs.planned ?? 0, decimals, bc);
    if (list === null) return a;
    listed[a.id] = Number(list.toFixed(decimals));
    return { ...a, inputs: { ...a.inputs, planned: listed[a.id] ?? list } };
  });
  return { asked, listed };
}
