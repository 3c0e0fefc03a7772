/**
 * What differs between marketplaces B and C, as the shared layer (endpoints/bc) needs it: the
 * fee engine and the seller's own per-unit discount in it, how requests and answers name a
 * product, and what the window statistics key by. b/market.ts and c/market.ts fill it in;
 * the names derived from it (revenue lines, preview fields, wire ids) are below.
 */
import type { UnitBreakdown } from "../../analytics/breakdown";
import { optNumber, optString } from "../../analytics/requestFields";

export interface MarketBC<P, S, I, O> {
  /** One unit's breakdown (fees/b.ts, fees/c.ts). */
  readonly unitOf: (input: I) => UnitBreakdown;
  /** The seller's own per-unit discount, as engine inputs and answers name it. */
  readonly discount: "specialPriceDiscount" | "sellerDiscount";
  /** What a breakdown of the product (sku null) or of one of its SKUs is called. */
  readonly title: (product: P, sku: S | null) => Record<string, unknown>;
  /** The discount a SKU carries today. */
  readonly currentDiscount: (sku: S) => number;
  /** The engine input with that discount set (it replaces the current one). */
  readonly withDiscount: (input: I, discountMinor: number) => I;
  /** A product's id field in requests and answers, its type, and what a 404 calls a product. */
  readonly ids: {
    readonly field: "itemId" | "productId";
    readonly type: "integer" | "string";
    readonly noun: "item" | "product";
  };
  /** The product's own facts in every metadata block about it (before its return rate). */
  readonly productFlags: (product: P) => Record<string, unknown>;
  /** A SKU's own code next to its ids in flat entries (B: the seller's SKU). */
  readonly skuCode?: (sku: S) => Record<string, unknown>;
  /** The product's id (orders, ad spend and return rates are keyed by it), and an order's. */
  readonly productKey: (product: P) => number | string;
  readonly orderProduct: (order: O) => number | string;
  /** Per-unit amount an order adds to its SKU's sales besides promotions (B: coins). */
  readonly orderExtra?: (order: O) => number;
  /** What COGS inference groups SKUs by (B category id, C top-level category). */
  readonly cogsCategory: (product: P) => number | string;
}

/** Lines whose sum is what the seller is paid before fees. */
export function revenueLines<P, S, I, O>(m: MarketBC<P, S, I, O>): readonly string[] {
  return ["originalPrice", m.discount, "sellerVoucher"];
}

/** A preview's names for the discount today and the one computed, e.g. currentSellerDiscount. */
export function previewDiscountNames<P, S, I, O>(
  m: MarketBC<P, S, I, O>,
): { current: string; computed: string } {
  const name = m.discount.charAt(0).toUpperCase() + m.discount.slice(1);
  return { current: `current${name}`, computed: `computed${name}` };
}

/** A product's ids on the wire: { itemId } or { productId }. */
export function productIds<P, S, I, O>(
  m: MarketBC<P, S, I, O>,
  product: P,
): Record<string, unknown> {
  return { [m.ids.field]: m.productKey(product) };
}

/** A SKU's ids on the wire: its product's, its own and its code where it has one. */
export function skuIds<P, S extends { readonly skuId: number | string }, I, O>(
  m: MarketBC<P, S, I, O>,
  product: P,
  sku: S,
): Record<string, unknown> {
  return { ...productIds(m, product), skuId: sku.skuId, ...m.skuCode?.(sku) };
}

/** A product or SKU id the request's fields give, in the marketplace's id type; null if absent. */
export function idOf<P, S, I, O>(
  m: MarketBC<P, S, I, O>,
  fields: Readonly<Record<string, unknown>>,
  name: string,
): number | string | null {
  return m.ids.type === "integer" ? optNumber(fields, name) : optString(fields, name);
}
