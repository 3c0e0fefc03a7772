/**
 * C10: shop overview from settled statements: every completed order of the period at its own
 * prices and discounts, at the rates of its own date (what the statement settled); returns at
 * each product's return rate over the period; the period's ad spend as a cost line of its own
 * (endpoints/shopOverview.ts), so the per-unit ads line is left out. VAT only when includeVat
 * is set and the shop is VAT-registered; then the VAT position is reported.
 */
import type { HandlerContext } from "../../handler";
import type { OrderC, ProductC } from "../../data/model";
import type { PeriodSource } from "../../analytics/overview";
import { unitBreakdownC } from "../../fees/c";
import { feeScheduleC } from "../../fees/ratesC";
import { includeVatOf, shopOverview } from "../shopOverview";
import { categoryRateC, type ShopViewC } from "./shopView";
import { REVENUE_LINES_C } from "./results";
import { shopFromRequest } from "./options";

/** The shop's orders priced at the rates of each order's own date. */
export function periodSourceC(
  ctx: HandlerContext,
  view: ShopViewC,
): PeriodSource<ProductC, OrderC, string> {
  const shop = view.shop;
  return {
    products: shop.products,
    orders: shop.orders,
    adSpend: shop.adSpend,
    keyOf: (p) => p.productId,
    productOf: (o) => o.productId,
    variantOf: (o) => o.skuId,
    describe: (p) => ({
      id: p.productId,
      name: p.name,
      categoryKey: p.categoryL1,
      categoryName: p.categoryL1,
      skuCount: p.skus.length,
      skusWithCogs: p.skus.filter((s) => s.cogs !== null).length,
    }),
    priceOrder(o, product, returnRate) {
      const sku = product.skus.find((s) => s.skuId === o.skuId);
      if (sku === undefined) return null;
      const unit = unitBreakdownC({
        ...view.baseline(product, sku),
        listPrice: o.unitListPrice,
        sellerDiscount: o.sellerDiscount,
        sellerVoucher: o.sellerVoucher,
        platformDiscount: o.platformDiscount,
        buyerShippingPerUnit: Math.round(o.buyerShipping / o.quantity),
        commissionRate: categoryRateC(
          ctx.data,
          shop.region,
          o.date,
          product.categoryL1,
          product.categoryL2,
          product.categoryL3,
        ),
        adsCostPerSale: 0,
        returnRate,
        schedule: feeScheduleC(shop.region, o.date),
      });
      return {
        lines: unit.lines.filter((l) => l.name !== "adsCostPerSale"),
        explicitCogs: sku.cogs !== null,
      };
    },
  };
}

/** C10: POST P_C/shop-overview/{shopId}/{region}. */
export function shopOverviewC(ctx: HandlerContext): unknown {
  const includeVat = includeVatOf(ctx);
  const probe = shopFromRequest(ctx, { lookbackDays: 30 });
  const view = shopFromRequest(ctx, {
    lookbackDays: 30,
    hasVat: includeVat && probe.shop.vatRegistered,
  });
  return {
    shopId: String(view.shop.shopId),
    region: view.shop.region,
    ...shopOverview(ctx, periodSourceC(ctx, view), {
      currency: view.currency,
      revenueLines: REVENUE_LINES_C,
      vat: includeVat ? { registered: view.shop.vatRegistered, rate: view.schedule.vatRate } : null,
      idField: "productId",
    }),
  };
}
