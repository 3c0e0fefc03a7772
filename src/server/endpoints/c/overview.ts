/**
 * C10: shop overview from settled statements: every completed order of the period at its own
 * prices and discounts, at the rates of its own date (what the statement settled); returns at
 * each product's return rate over the period; the period's ad spend as a cost line of its own
 * (endpoints/shopOverview.ts), so the per-unit ads line is left out. VAT only when includeVat
 * is set and the shop is VAT-registered; then the VAT position is reported.
 */
import type { HandlerContext } from "../../handler";
import { feeScheduleC } from "../../fees/ratesC";
import { includeVatOf } from "../shopOverview";
import { overviewAnswerBC, periodSourceBC } from "../bc/overview";
import { categoryRateC } from "./shopView";
import { shopFromRequest } from "./options";

/** C10: POST P_C/shop-overview/{shopId}/{region}; each order at the rates of its own date. */
export function shopOverviewC(ctx: HandlerContext): unknown {
  const probe = shopFromRequest(ctx, { lookbackDays: 30 });
  const view = shopFromRequest(ctx, {
    lookbackDays: 30,
    hasVat: includeVatOf(ctx) && probe.shop.vatRegistered,
  });
  const region = view.shop.region;
  const source = periodSourceBC(
    view,
    (p) => ({ categoryKey: p.categoryL1, categoryName: p.categoryL1 }),
    {
      adjust: (input, o, p) => ({
        ...input,
        commissionRate: categoryRateC(
          ctx.data,
          region,
          o.date,
          p.categoryL1,
          p.categoryL2,
          p.categoryL3,
        ),
        adsCostPerSale: 0,
        schedule: feeScheduleC(region, o.date),
      }),
      counts: (line) => line.name !== "adsCostPerSale",
    },
  );
  return overviewAnswerBC(ctx, view, { shopId: String(view.shop.shopId) }, source);
}
