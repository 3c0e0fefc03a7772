/**
 * B16: forward-profit shop overview. Every completed order of the period is recomputed at the
 * fee rates in force today (forward profit) with its own prices, vouchers, coins and shipping;
 * returns are charged at each product's return rate over the period. VAT is counted only when
 * includeVat is set and the seller is VAT-registered; then the VAT position is reported.
 */
import type { HandlerContext } from "../../handler";
import type { OrderB, ProductB } from "../../data/model";
import { addLineTotals, buildOverview, type ProductPeriodRow } from "../../analytics/overview";
import { previousPeriod, resolvePeriod, type Period } from "../../analytics/periods";
import { optBoolean, optNumber, optString } from "../../analytics/requestFields";
import {
  addOrder,
  emptySales,
  ordersBetween,
  returnRateOf,
  type UnitSales,
} from "../../analytics/sales";
import { unitBreakdownB } from "../../fees/b";
import type { SellerViewB } from "./sellerView";
import { REVENUE_LINES_B } from "./results";
import { sellerFromPath } from "./options";

/** Per-product line totals of the completed orders in a period. */
export function periodRowsB(view: SellerViewB, period: Period): ProductPeriodRow[] {
  const orders = ordersBetween(view.seller.orders, period.from, period.to);
  const byItem = new Map<number, OrderB[]>();
  const shopSales = emptySales();
  for (const o of orders) {
    const list = byItem.get(o.itemId) ?? [];
    list.push(o);
    byItem.set(o.itemId, list);
    addOrder(shopSales, o);
  }
  const shopReturnRate = returnRateOf(shopSales) ?? 0;
  return view.seller.products.map((product: ProductB) => {
    const own = byItem.get(product.itemId) ?? [];
    const sales: UnitSales = emptySales();
    for (const o of own) addOrder(sales, o);
    const returnRate = returnRateOf(sales, 10) ?? shopReturnRate;
    const lineTotals = new Map<string, { label: string; amountMinor: number }>();
    let units = 0;
    let unitsExplicit = 0;
    for (const o of own) {
      if (o.status !== "completed") continue;
      const sku = product.skus.find((s) => s.skuId === o.skuId);
      if (sku === undefined) continue;
      const base = view.baseline(product, sku);
      const unit = unitBreakdownB({
        ...base,
        listPrice: o.unitListPrice,
        specialPriceDiscount: o.sellerDiscount,
        sellerVoucher: o.sellerVoucher,
        platformDiscount: o.platformDiscount,
        buyerShippingPerUnit: Math.round(o.buyerShipping / o.quantity),
        coinDeduction: o.coinDeduction,
        returnRate,
      });
      addLineTotals(lineTotals, unit.lines, o.quantity);
      units += o.quantity;
      if (sku.cogs !== null) unitsExplicit += o.quantity;
    }
    return {
      id: product.itemId,
      name: product.name,
      categoryKey: String(product.categoryId),
      categoryName: "",
      unitsSold: units,
      lineTotals,
      unitsWithExplicitCogs: unitsExplicit,
      skuCount: product.skus.length,
      skusWithCogs: product.skus.filter((s) => s.cogs !== null).length,
    };
  });
}

/** B16: POST P_B/shop-overview/{sellerId}/{region}. */
export function shopOverviewB(ctx: HandlerContext): unknown {
  const includeVat = optBoolean(ctx.body, "includeVat") ?? false;
  const probe = sellerFromPath(ctx, { lookbackDays: 30, hasVat: false });
  const view = sellerFromPath(ctx, {
    lookbackDays: 30,
    hasVat: includeVat && probe.seller.vatRegistered,
    sellerType: probe.seller.sellerType,
  });
  const period = resolvePeriod(
    {
      from: optString(ctx.body, "from"),
      to: optString(ctx.body, "to"),
      lookbackDays: optNumber(ctx.body, "lookbackDays"),
    },
    ctx.today,
  );
  const names = new Map(ctx.data.categoriesB.map((c) => [String(c.categoryId), c.name]));
  const named = (rows: ProductPeriodRow[]): ProductPeriodRow[] =>
    rows.map((r) => ({ ...r, categoryName: names.get(r.categoryKey) ?? r.categoryKey }));
  const compare = optBoolean(ctx.body, "compareToPrevious") ?? true;
  const previous = previousPeriod(period);
  return {
    sellerId: view.seller.sellerId,
    region: view.seller.region,
    ...buildOverview({
      currency: view.currency,
      period,
      rows: named(periodRowsB(view, period)),
      previous: compare ? { period: previous, rows: named(periodRowsB(view, previous)) } : null,
      topN: optNumber(ctx.body, "topN") ?? 5,
      revenueLines: REVENUE_LINES_B,
      vat: includeVat
        ? { registered: view.seller.vatRegistered, rate: view.schedule.vatRate }
        : null,
      idField: "itemId",
    }),
  };
}
