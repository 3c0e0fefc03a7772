/**
 * B16: forward-profit shop overview. Every completed order of the period is recomputed at the
 * fee rates in force today (forward profit) with its own prices, vouchers, coins and shipping;
 * returns are charged at each product's return rate over the period, and the period's ad spend
 * is a cost line (endpoints/shopOverview.ts). VAT is counted only when includeVat is set and
 * the seller is VAT-registered; then the VAT position is reported.
 */
import type { HandlerContext } from "../../handler";
import { includeVatOf } from "../shopOverview";
import { overviewAnswerBC, periodSourceBC } from "../bc/overview";
import { sellerFromPath } from "./options";

/** B16: POST P_B/shop-overview/{sellerId}/{region}; orders at today's rates (the view's). */
export function shopOverviewB(ctx: HandlerContext): unknown {
  const probe = sellerFromPath(ctx, { lookbackDays: 30, hasVat: false });
  const view = sellerFromPath(ctx, {
    lookbackDays: 30,
    hasVat: includeVatOf(ctx) && probe.shop.vatRegistered,
    sellerType: probe.shop.sellerType,
  });
  const names = new Map(ctx.data.categoriesB.map((c) => [c.categoryId, c.name]));
  const source = periodSourceBC(
    view,
    (p) => ({
      categoryKey: String(p.categoryId),
      categoryName: names.get(p.categoryId) ?? String(p.categoryId),
    }),
    { adjust: (input, o) => ({ ...input, coinDeduction: o.coinDeduction }) },
  );
  return overviewAnswerBC(ctx, view, { sellerId: view.shop.sellerId }, source);
}
