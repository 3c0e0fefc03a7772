/**
 * B16: forward-profit shop overview. Every completed order of the period is recomputed at the
 * fee rates in force today (forward profit) with its own prices, vouchers, coins and shipping;
 * returns are charged at each product's return rate over the period, and the period's ad spend
 * is a cost line (endpoints/shopOverview.ts). VAT is counted only when includeVat is set and
 * the seller is VAT-registered; then the VAT position is reported.
 */
import type { HandlerContext } from "../../handler";
import type { OrderB, ProductB } from "../../data/model";
import type { PeriodSource } from "../../analytics/overview";
import { unitBreakdownB } from "../../fees/b";
import { includeVatOf, shopOverview } from "../shopOverview";
import type { SellerViewB } from "./sellerView";
import { REVENUE_LINES_B } from "./results";
import { sellerFromPath } from "./options";

/** The seller's orders priced at today's rates (the view's), each at its own prices. */
export function periodSourceB(
  view: SellerViewB,
  categoryNames: ReadonlyMap<number, string>,
): PeriodSource<ProductB, OrderB, number> {
  const seller = view.seller;
  return {
    products: seller.products,
    orders: seller.orders,
    adSpend: seller.adSpend,
    keyOf: (p) => p.itemId,
    productOf: (o) => o.itemId,
    variantOf: (o) => o.skuId,
    describe: (p) => ({
      id: p.itemId,
      name: p.name,
      categoryKey: String(p.categoryId),
      categoryName: categoryNames.get(p.categoryId) ?? String(p.categoryId),
      skuCount: p.skus.length,
      skusWithCogs: p.skus.filter((s) => s.cogs !== null).length,
    }),
    priceOrder(o, product, returnRate) {
      const sku = product.skus.find((s) => s.skuId === o.skuId);
      if (sku === undefined) return null;
      const unit = unitBreakdownB({
        ...view.baseline(product, sku),
        listPrice: o.unitListPrice,
        specialPriceDiscount: o.sellerDiscount,
        sellerVoucher: o.sellerVoucher,
        platformDiscount: o.platformDiscount,
        buyerShippingPerUnit: Math.round(o.buyerShipping / o.quantity),
        coinDeduction: o.coinDeduction,
        returnRate,
      });
      return { lines: unit.lines, explicitCogs: sku.cogs !== null };
    },
  };
}

/** B16: POST P_B/shop-overview/{sellerId}/{region}. */
export function shopOverviewB(ctx: HandlerContext): unknown {
  const includeVat = includeVatOf(ctx);
  const probe = sellerFromPath(ctx, { lookbackDays: 30, hasVat: false });
  const view = sellerFromPath(ctx, {
    lookbackDays: 30,
    hasVat: includeVat && probe.seller.vatRegistered,
    sellerType: probe.seller.sellerType,
  });
  const names = new Map(ctx.data.categoriesB.map((c) => [c.categoryId, c.name]));
  return {
    sellerId: view.seller.sellerId,
    region: view.seller.region,
    ...shopOverview(ctx, periodSourceB(view, names), {
      currency: view.currency,
      revenueLines: REVENUE_LINES_B,
      vat: includeVat
        ? { registered: view.seller.vatRegistered, rate: view.schedule.vatRate }
        : null,
      idField: "itemId",
    }),
  };
}
