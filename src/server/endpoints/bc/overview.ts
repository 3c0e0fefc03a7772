/**
 * What the B16 and C10 shop overviews share: every completed order of the period priced per
 * unit at its own prices, vouchers and shipping on top of the SKU's baseline, returns at each
 * product's return rate over the period, the period's ad spend as a cost line
 * (endpoints/shopOverview.ts), and the VAT position when includeVat is set.
 */
import type { MinorLine } from "../../analytics/breakdown";
import type { PeriodSource } from "../../analytics/overview";
import type { UnitInputBC } from "../../fees/engineBC";
import type { HandlerContext } from "../../handler";
import { includeVatOf, shopOverview } from "../shopOverview";
import { revenueLines } from "./market";
import type { OrderBC, ProductBC, SkuBC, ViewBC } from "./view";

/** How a marketplace prices one order line besides its prices (B coins, C rates of its date). */
export interface OrderPricingBC<P, I, O> {
  readonly adjust: (input: I, order: O, product: P) => I;
  /** The lines the overview counts (C leaves out the per-unit ads line). */
  readonly counts?: (line: MinorLine) => boolean;
}

/** The shop's orders as the period rows read them; `category` names a product's category. */
export function periodSourceBC<
  P extends ProductBC<S>,
  S extends SkuBC,
  I extends UnitInputBC,
  O extends OrderBC,
>(
  view: ViewBC<P, S, I, O>,
  category: (product: P) => { categoryKey: string; categoryName: string },
  pricing: OrderPricingBC<P, I, O>,
): PeriodSource<P, O, unknown> {
  const m = view.market;
  return {
    products: view.shop.products,
    orders: view.shop.orders,
    adSpend: view.shop.adSpend,
    keyOf: m.productKey,
    productOf: m.orderProduct,
    variantOf: (o) => o.skuId,
    describe: (p) => ({
      id: m.productKey(p),
      name: p.name,
      ...category(p),
      skuCount: p.skus.length,
      skusWithCogs: p.skus.filter((s) => s.cogs !== null).length,
    }),
    priceOrder(o, product, returnRate) {
      const sku = product.skus.find((s) => s.skuId === o.skuId);
      if (sku === undefined) return null;
      const atOrderPrices = m.withDiscount(
        {
          ...view.baseline(product, sku),
          listPrice: o.unitListPrice,
          sellerVoucher: o.sellerVoucher,
          platformDiscount: o.platformDiscount,
          buyerShippingPerUnit: Math.round(o.buyerShipping / o.quantity),
          returnRate,
        },
        o.sellerDiscount,
      );
      const unit = m.unitOf(pricing.adjust(atOrderPrices, o, product));
      const lines = pricing.counts === undefined ? unit.lines : unit.lines.filter(pricing.counts);
      return { lines, explicitCogs: sku.cogs !== null };
    },
  };
}

/** The overview answer: the shop's ids, its region, and the body's period of `source`. */
export function overviewAnswerBC<P, S, I, O extends OrderBC>(
  ctx: HandlerContext,
  view: ViewBC<P, S, I, O>,
  ids: Record<string, unknown>,
  source: PeriodSource<P, O, unknown>,
): Record<string, unknown> {
  const shop = view.shop;
  return {
    ...ids,
    region: shop.region,
    ...shopOverview(ctx, source, {
      currency: view.currency,
      revenueLines: revenueLines(view.market),
      vat: includeVatOf(ctx)
        ? { registered: shop.vatRegistered, rate: view.schedule.vatRate }
        : null,
      idField: view.market.ids.field,
    }),
  };
}
