/**
 * What marketplaces B and C share: a shop (B seller, C shop) as a request sees it, built from
 * the same window statistics (units sold, return rates, average promotions, inferred COGS),
 * and the description of what differs between them (MarketBC): the fee engine and the names
 * their answers use. Handlers in bc/ work on any ViewBC; b/ and c/ build the views.
 */
import type { UnitBreakdown } from "../../analytics/breakdown";
import { cogsInference, type UnitCogs } from "../../analytics/cogs";
import type { Currency } from "../../analytics/money";
import { resolvePeriod, type Period } from "../../analytics/periods";
import {
  emptySales,
  perUnit,
  productReturnRate,
  windowSales,
  type UnitSales,
} from "../../analytics/sales";
import type { OrderBase, ShopBase, VariantBase } from "../../data/model";

/** A B or C SKU. */
export interface SkuBC extends VariantBase {
  readonly skuId: number | string;
}

/** A B or C product. */
export interface ProductBC<S> {
  readonly name: string;
  readonly skus: readonly S[];
}

/** A B or C order line, naming its SKU. */
export interface OrderBC extends OrderBase {
  readonly skuId: number | string;
}

/** What differs between B and C: the engine, how a product is keyed and named, its wire names. */
export interface MarketBC<P, S, I, O> {
  /** One unit's breakdown (fees/b.ts, fees/c.ts). */
  readonly unitOf: (input: I) => UnitBreakdown;
  /** Lines whose sum is what the seller is paid before fees. */
  readonly revenueLines: readonly string[];
  /** The engine input with the seller's own per-unit discount set (it replaces the current one). */
  readonly withDiscount: (input: I, discountMinor: number) => I;
  /** The discount a SKU carries today. */
  readonly currentDiscount: (sku: S) => number;
  /** Wire names of that discount in previews: today's and the computed one. */
  readonly discountNames: { readonly current: string; readonly computed: string };
  /** The product's id: B itemId, C productId (orders, ad spend and return rates are keyed by it). */
  readonly productKey: (product: P) => number | string;
  readonly orderProduct: (order: O) => number | string;
  /** Per-unit amount an order adds to its SKU's sales besides promotions (B: coins). */
  readonly orderExtra?: (order: O) => number;
  /** What COGS inference groups SKUs by (B category id, C top-level category). */
  readonly cogsCategory: (product: P) => number | string;
  /** Name of the product id on the wire, and the ids of a product and of one of its SKUs. */
  readonly productIdField: "itemId" | "productId";
  readonly productIds: (product: P) => Record<string, unknown>;
  readonly skuIds: (product: P, sku: S) => Record<string, unknown>;
  /** What a breakdown of the product (sku null) or of one SKU is called. */
  readonly title: (product: P, sku: S | null) => Record<string, unknown>;
  /** The product's own facts in every metadata block (before its return rate). */
  readonly productFlags: (product: P) => Record<string, unknown>;
}

/** The window's statistics of one shop, per SKU and product. */
export interface ShopStats<P, S> {
  readonly window: Period;
  salesOf(sku: S): UnitSales;
  /** Completed units of a SKU in the window. */
  unitsSold(sku: S): number;
  /** The product's own return rate once it shipped enough units, else the shop's. */
  returnRate(product: P): number;
  /** The SKU's COGS: entered, inferred from similar SKUs, or missing (0). */
  cogsOf(product: P, sku: S): UnitCogs;
}

/** One B seller or C shop as a request sees it. */
export interface ViewBC<P, S, I, O> extends ShopStats<P, S> {
  readonly market: MarketBC<P, S, I, O>;
  readonly shop: ShopBase<P, O, unknown>;
  readonly currency: Currency;
  readonly options: { readonly effectiveDate: string; readonly lookbackDays: number };
  /** Request settings every metadata block repeats before the lookback (B: seller type). */
  readonly settings: Readonly<Record<string, unknown>>;
  readonly schedule: { readonly vatRate: number };
  /** Engine input for the SKU as listed today with the window's average promotions. */
  baseline(product: P, sku: S): I;
}

/** Sales of the lookback window ending today and the COGS inference over every SKU of the shop. */
export function shopStats<P extends ProductBC<S>, S extends SkuBC, I, O extends OrderBC>(
  market: MarketBC<P, S, I, O>,
  shop: ShopBase<P, O, unknown>,
  lookbackDays: number,
  today: string,
): ShopStats<P, S> {
  const window = resolvePeriod({ lookbackDays }, today);
  const sales = windowSales(
    shop.orders,
    window,
    (o) => o.skuId,
    market.orderProduct,
    market.orderExtra,
  );
  const sampleOf = (product: P, sku: S) => ({
    category: market.cogsCategory(product),
    cogs: sku.cogs,
    price: sku.listPrice - market.currentDiscount(sku),
  });
  const inferCogs = cogsInference(shop.products.flatMap((p) => p.skus.map((s) => sampleOf(p, s))));
  const salesOf = (sku: S): UnitSales => sales.byVariant.get(sku.skuId) ?? emptySales();
  return {
    window,
    salesOf,
    unitsSold: (sku) => salesOf(sku).completedUnits,
    returnRate: (product) => productReturnRate(sales, market.productKey(product)),
    cogsOf: (product, sku) => inferCogs(sampleOf(product, sku)),
  };
}

/**
 * The window's average promotions per unit of a SKU (the voucher given, else the average one),
 * bounded so a voucher never exceeds the price after the SKU's discount.
 */
export function averagePromotions(
  sales: UnitSales,
  priceMinor: number,
  voucherMinor: number | null = null,
): { sellerVoucher: number; platformDiscount: number; buyerShippingPerUnit: number } {
  return {
    sellerVoucher: Math.min(
      Math.max(0, priceMinor),
      voucherMinor ?? perUnit(sales.sellerVoucherSum, sales),
    ),
    platformDiscount: perUnit(sales.platformDiscountSum, sales),
    buyerShippingPerUnit: perUnit(sales.buyerShippingSum, sales),
  };
}

/** A lookup computed once per key (commission rates per category within one request). */
export function memoized<A, K>(keyOf: (a: A) => K, compute: (a: A) => number): (a: A) => number {
  const seen = new Map<K, number>();
  return (a) => {
    const key = keyOf(a);
    let v = seen.get(key);
    if (v === undefined) seen.set(key, (v = compute(a)));
    return v;
  };
}
