/**
 * What marketplaces B and C share: a shop (B seller, C shop) as a request sees it, built from
 * the same window statistics (units sold, return rates, average promotions, inferred COGS)
 * and its marketplace's MarketBC (bc/market.ts), and finding its products and SKUs. Handlers
 * in bc/ work on any ViewBC; b/sellerView.ts and c/shopView.ts build the views.
 */
import { cogsInference, type UnitCogs } from "../../analytics/cogs";
import { currencyOf, type Currency } from "../../analytics/money";
import { resolvePeriod } from "../../analytics/periods";
import {
  emptySales,
  perUnit,
  productReturnRate,
  windowSales,
  type UnitSales,
} from "../../analytics/sales";
import { missing } from "../../analytics/requestFields";
import { notFound } from "../../data/lookup";
import type { OrderBase, ShopBase, VariantBase } from "../../data/model";
import type { UnitInputBC } from "../../fees/engineBC";
import { rememberFor } from "../remembered";
import { idOf, type MarketBC } from "./market";

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

/** The window's statistics of one shop, per SKU and product. */
export interface ShopStats<P, S> {
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
  /** Where a 404 says a product was looked for: "for seller 500001", "in shop 700001". */
  readonly lookedIn: string;
  readonly currency: Currency;
  readonly options: OptionsBC;
  /** The server's today, which the window ends on. */
  readonly today: string;
  /** Request settings every metadata block repeats before the lookback (B: seller type). */
  readonly settings: Readonly<Record<string, unknown>>;
  readonly schedule: { readonly vatRate: number };
  /** Engine input for the SKU as listed today with the window's average promotions. */
  baseline(product: P, sku: S): I;
}

/**
 * A shop's statistics for a window, remembered: they read every order of the year (a
 * 3,000-product seller of the large catalogue has 65,000), so each request of a pricing sheet
 * or list page would otherwise read them again.
 */
function rememberedStats<P extends ProductBC<S>, S extends SkuBC, I, O extends OrderBC>(
  market: MarketBC<P, S, I, O>,
  shop: ShopBase<P, O, unknown>,
  lookbackDays: number,
  today: string,
): ShopStats<P, S> {
  const skus = shop.products.reduce((n, p) => n + p.skus.length, 0);
  return rememberFor(
    shop,
    `statsBC|${today}|${lookbackDays}`,
    () => shopStats(market, shop, lookbackDays, today),
    // A SKU's window sales and a product's (a dozen numbers each, in maps).
    () => (skus + shop.products.length) * STATS_BYTES_PER_ENTRY,
  );
}

/** One SKU's or product's window sales in the statistics' maps (estimate, bytes). */
const STATS_BYTES_PER_ENTRY = 240;

/** Sales of the lookback window ending today and the COGS inference over every SKU of the shop. */
function shopStats<P extends ProductBC<S>, S extends SkuBC, I, O extends OrderBC>(
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
    salesOf,
    unitsSold: (sku) => salesOf(sku).completedUnits,
    returnRate: (product) => productReturnRate(sales, market.productKey(product)),
    cogsOf: (product, sku) => inferCogs(sampleOf(product, sku)),
  };
}

/** Settings every B and C request resolves. */
export interface OptionsBC {
  readonly hasVat: boolean;
  readonly effectiveDate: string;
  /** Return-rate and sales window, days back from today. */
  readonly lookbackDays: number;
  /** A seller voucher per unit the request sets (C, minor units); else the window's average. */
  readonly sellerVoucherMinor?: number | null;
}

/** What a marketplace makes its view of (the shared statistics are added by viewBC). */
export interface ViewParts<P, S, I, O, Shop, Options, Schedule> {
  readonly market: MarketBC<P, S, I, O>;
  readonly shop: Shop;
  readonly options: Options;
  /** The marketplace's engine input: the shared baseline plus its own fields. */
  readonly baseline: (shared: UnitInputBC, product: P, sku: S, sales: UnitSales) => I;
  readonly schedule: Schedule;
  readonly lookedIn: string;
  readonly settings: Readonly<Record<string, unknown>>;
}

/**
 * A view from its parts and the window's statistics. The baseline is the SKU as listed today
 * with the window's average promotions per unit, a voucher bounded by the price after the
 * SKU's discount, and its COGS (entered, inferred or missing).
 */
export function viewBC<
  P extends ProductBC<S>,
  S extends SkuBC,
  I,
  O extends OrderBC,
  Shop extends ShopBase<P, O, unknown>,
  Options extends OptionsBC,
  Schedule extends { readonly vatRate: number },
>(
  parts: ViewParts<P, S, I, O, Shop, Options, Schedule>,
  today: string,
): ViewBC<P, S, I, O> & { shop: Shop; options: Options; schedule: Schedule } {
  const { market, shop, options } = parts;
  const stats = rememberedStats(market, shop, options.lookbackDays, today);
  return {
    ...stats,
    market,
    shop,
    lookedIn: parts.lookedIn,
    options,
    today,
    settings: parts.settings,
    schedule: parts.schedule,
    currency: currencyOf(shop.region),
    baseline(product, sku) {
      const sales = stats.salesOf(sku);
      const cogs = stats.cogsOf(product, sku);
      const price = Math.max(0, sku.listPrice - market.currentDiscount(sku));
      const shared: UnitInputBC = {
        listPrice: sku.listPrice,
        sellerVoucher: Math.min(
          price,
          options.sellerVoucherMinor ?? perUnit(sales.sellerVoucherSum, sales),
        ),
        platformDiscount: perUnit(sales.platformDiscountSum, sales),
        buyerShippingPerUnit: perUnit(sales.buyerShippingSum, sales),
        hasVat: options.hasVat,
        cogs: cogs.cogs,
        cogsSource: cogs.source,
        returnRate: stats.returnRate(product),
      };
      return parts.baseline(shared, product, sku, sales);
    },
  };
}

/** The shop's product with this id, or 404 naming the request's product id field. */
export function productById<P, S, I, O>(view: ViewBC<P, S, I, O>, id: number | string): P {
  const m = view.market;
  return (
    view.shop.products.find((p) => m.productKey(p) === id) ??
    notFound(`${m.ids.noun} ${id} not found ${view.lookedIn}`, m.ids.field)
  );
}

/** The product's SKU with this id, or 404 naming skuId. */
export function skuById<P extends ProductBC<S>, S extends SkuBC, I, O>(
  view: ViewBC<P, S, I, O>,
  product: P,
  id: number | string,
): S {
  const m = view.market;
  return (
    product.skus.find((s) => s.skuId === id) ??
    notFound(`SKU ${id} not found in ${m.ids.noun} ${m.productKey(product)}`, "skuId")
  );
}

/** The product the request's fields name (404 if the shop has none such), and its SKU if named. */
export function namedIn<P extends ProductBC<S>, S extends SkuBC, I, O>(
  view: ViewBC<P, S, I, O>,
  fields: Readonly<Record<string, unknown>>,
): { product: P; sku: S | null } {
  const m = view.market;
  const product = productById(view, idOf(m, fields, m.ids.field) ?? missing(m.ids.field));
  const skuId = idOf(m, fields, "skuId");
  return { product, sku: skuId === null ? null : skuById(view, product, skuId) };
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
