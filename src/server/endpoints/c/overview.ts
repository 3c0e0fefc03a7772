/**
 * C10: shop overview from settled statements: every completed order of the period at its own
 * prices and discounts, at the rates of its own date (what the statement settled); returns at
 * each product's return rate over the period; no ads cost (not caller-supplied here). VAT only
 * when includeVat is set and the shop is VAT-registered; then the VAT position is reported.
 */
import type { HandlerContext } from "../../handler";
import type { OrderC } from "../../data/model";
import { addLineTotals, buildOverview, type ProductPeriodRow } from "../../analytics/overview";
import { previousPeriod, resolvePeriod, type Period } from "../../analytics/periods";
import { optBoolean, optNumber, optString } from "../../analytics/requestFields";
import { addOrder, emptySales, ordersBetween, returnRateOf } from "../../analytics/sales";
import { unitBreakdownC } from "../../fees/c";
import { feeScheduleC } from "../../fees/ratesC";
import { categoryRateC, type ShopViewC } from "./shopView";
import { REVENUE_LINES_C } from "./results";
import { shopFromRequest } from "./options";

/** Per-product line totals of the completed orders in a period. */
export function periodRowsC(
  ctx: HandlerContext,
  view: ShopViewC,
  period: Period,
): ProductPeriodRow[] {
  const byProduct = new Map<string, OrderC[]>();
  const shopSales = emptySales();
  for (const o of ordersBetween(view.shop.orders, period.from, period.to)) {
    const list = byProduct.get(o.productId) ?? [];
    list.push(o);
    byProduct.set(o.productId, list);
    addOrder(shopSales, o);
  }
  const shopReturnRate = returnRateOf(shopSales) ?? 0;
  return view.shop.products.map((product) => {
    const own = byProduct.get(product.productId) ?? [];
    const sales = emptySales();
    for (const o of own) addOrder(sales, o);
    const returnRate = returnRateOf(sales, 10) ?? shopReturnRate;
    const lineTotals = new Map<string, { label: string; amountMinor: number }>();
    let units = 0;
    let unitsExplicit = 0;
    for (const o of own) {
      if (o.status !== "completed") continue;
      const sku = product.skus.find((s) => s.skuId === o.skuId);
      if (sku === undefined) continue;
      const unit = unitBreakdownC({
        ...view.baseline(product, sku),
        listPrice: o.unitListPrice,
        sellerDiscount: o.sellerDiscount,
        sellerVoucher: o.sellerVoucher,
        platformDiscount: o.platformDiscount,
        buyerShippingPerUnit: Math.round(o.buyerShipping / o.quantity),
        commissionRate: categoryRateC(
          ctx.data,
          view.shop.region,
          o.date,
          product.categoryL1,
          product.categoryL2,
          product.categoryL3,
        ),
        adsCostPerSale: 0,
        returnRate,
        schedule: feeScheduleC(view.shop.region, o.date),
      });
      addLineTotals(lineTotals, unit.lines, o.quantity);
      units += o.quantity;
      if (sku.cogs !== null) unitsExplicit += o.quantity;
    }
    return {
      id: product.productId,
      name: product.name,
      categoryKey: product.categoryL1,
      categoryName: product.categoryL1,
      unitsSold: units,
      lineTotals,
      unitsWithExplicitCogs: unitsExplicit,
      skuCount: product.skus.length,
      skusWithCogs: product.skus.filter((s) => s.cogs !== null).length,
    };
  });
}

/** C10: POST P_C/shop-overview/{shopId}/{region}. */
export function shopOverviewC(ctx: HandlerContext): unknown {
  const includeVat = optBoolean(ctx.body, "includeVat") ?? false;
  const probe = shopFromRequest(ctx, { lookbackDays: 30 });
  const view = shopFromRequest(ctx, {
    lookbackDays: 30,
    hasVat: includeVat && probe.shop.vatRegistered,
  });
  const period = resolvePeriod(
    {
      from: optString(ctx.body, "from"),
      to: optString(ctx.body, "to"),
      lookbackDays: optNumber(ctx.body, "lookbackDays"),
    },
    ctx.today,
  );
  const compare = optBoolean(ctx.body, "compareToPrevious") ?? true;
  const previous = previousPeriod(period);
  return {
    shopId: String(view.shop.shopId),
    region: view.shop.region,
    ...buildOverview({
      currency: view.currency,
      period,
      rows: periodRowsC(ctx, view, period),
      previous: compare ? { period: previous, rows: periodRowsC(ctx, view, previous) } : null,
      topN: optNumber(ctx.body, "topN") ?? 5,
      revenueLines: REVENUE_LINES_C,
      vat: includeVat ? { registered: view.shop.vatRegistered, rate: view.schedule.vatRate } : null,
      idField: "productId",
    }),
  };
}
