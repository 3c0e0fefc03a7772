/**
 * B and C results on the wire: per-SKU flat entries and product-level breakdowns
 * (volume-weighted across SKUs by units sold in the window, with per-SKU detail).
 */
import {
  aggregateUnits,
  breakdownWithMetadata,
  type UnitBreakdown,
} from "../../analytics/breakdown";
import { roundRate, toMajor } from "../../analytics/money";
import { arrayOf } from "../../analytics/requestFields";
import { productIds, revenueLines, skuIds } from "./market";
import { namedIn, type ProductBC, type SkuBC, type ViewBC } from "./view";

type Wire = Record<string, unknown>;

/** A breakdown and its metadata (the contract's fields plus the request's settings). */
export function breakdownWire<P, S, I, O>(
  view: ViewBC<P, S, I, O>,
  unit: UnitBreakdown,
  unitsSold: number | null,
  extra: Readonly<Wire> = {},
): { breakdown: Wire; metadata: Wire } {
  return breakdownWithMetadata(unit, view.currency, view.options.effectiveDate, unitsSold, {
    ...view.settings,
    lookbackDays: view.options.lookbackDays,
    ...extra,
  });
}

export interface SkuResult<P, S> {
  readonly product: P;
  readonly sku: S;
  readonly unit: UnitBreakdown;
  readonly unitsSold: number;
}

/** The SKU's baseline breakdown, optionally with engine-input overrides. */
export function skuResult<P, S, I, O>(
  view: ViewBC<P, S, I, O>,
  product: P,
  sku: S,
  overrides: Partial<I> = {},
): SkuResult<P, S> {
  const unit = view.market.unitOf({ ...view.baseline(product, sku), ...overrides });
  return { product, sku, unit, unitsSold: view.unitsSold(sku) };
}

/** The product's facts and return rate, in every metadata block about it. */
function productMetadata<P, S, I, O>(view: ViewBC<P, S, I, O>, product: P): Wire {
  return { ...view.market.productFlags(product), returnRate: roundRate(view.returnRate(product)) };
}

/** Volume-weighted aggregate of SKU results (equal weights when nothing sold). */
export function aggregate<P, S, I, O>(
  view: ViewBC<P, S, I, O>,
  results: readonly SkuResult<P, S>[],
): UnitBreakdown {
  return aggregateUnits(
    results.map((r) => ({ unit: r.unit, weight: r.unitsSold })),
    revenueLines(view.market),
  );
}

/** Units sold of all the results together. */
export function unitsOf(results: readonly { readonly unitsSold: number }[]): number {
  return results.reduce((s, r) => s + r.unitsSold, 0);
}

/** A flat per-SKU entry (MktBSkuBreakdownFlatEntry, MktCSkuBreakdownFlatEntry). */
export function skuEntryWire<P, S extends SkuBC, I, O>(
  view: ViewBC<P, S, I, O>,
  r: SkuResult<P, S>,
): Wire {
  return {
    ...skuIds(view.market, r.product, r.sku),
    name: r.sku.name,
    originalPrice: toMajor(r.sku.listPrice, view.currency.decimals),
    unitsSold: r.unitsSold,
    ...breakdownWire(view, r.unit, r.unitsSold, productMetadata(view, r.product)),
  };
}

/** A breakdown with metadata at product level: the aggregate plus per-SKU detail. */
export function productWire<P, S extends SkuBC, I, O>(
  view: ViewBC<P, S, I, O>,
  product: P,
  results: readonly SkuResult<P, S>[],
): Wire {
  const units = unitsOf(results);
  return {
    ...productIds(view.market, product),
    skuId: null,
    ...view.market.title(product, null),
    ...breakdownWire(view, aggregate(view, results), units, {
      ...productMetadata(view, product),
      skuCount: results.length,
    }),
    skuBreakdowns: results.map((r) => skuEntryWire(view, r)),
  };
}

/** A breakdown with metadata of one SKU (no per-SKU detail). */
export function singleSkuWire<P, S extends SkuBC, I, O>(
  view: ViewBC<P, S, I, O>,
  r: SkuResult<P, S>,
): Wire {
  return {
    ...productIds(view.market, r.product),
    skuId: r.sku.skuId,
    ...view.market.title(r.product, r.sku),
    ...breakdownWire(view, r.unit, r.unitsSold, productMetadata(view, r.product)),
    skuBreakdowns: [],
  };
}

/**
 * The breakdown of the SKU the request's fields name, else of the product across its SKUs;
 * `changes` are a what-if's engine-input overrides for each SKU.
 */
export function productOrSkuNamed<P extends ProductBC<S>, S extends SkuBC, I, O>(
  view: ViewBC<P, S, I, O>,
  fields: Readonly<Record<string, unknown>>,
  changes: (product: P, sku: S) => Partial<I> = () => ({}),
): Wire {
  const { product, sku } = namedIn(view, fields);
  return productOrSku(view, product, sku, changes);
}

/** One SKU's breakdown when `sku` is given, else the product's across its SKUs. */
export function productOrSku<P extends ProductBC<S>, S extends SkuBC, I, O>(
  view: ViewBC<P, S, I, O>,
  product: P,
  sku: S | null,
  changes: (product: P, sku: S) => Partial<I> = () => ({}),
): Wire {
  if (sku !== null)
    return singleSkuWire(view, skuResult(view, product, sku, changes(product, sku)));
  return productWire(
    view,
    product,
    product.skus.map((s) => skuResult(view, product, s, changes(product, s))),
  );
}

/** B1, C3: flat entries of the SKUs the body's skuIds name (unknown ones omitted), B8: all. */
export function skuEntries<P extends ProductBC<S>, S extends SkuBC, I, O>(
  view: ViewBC<P, S, I, O>,
  body: Readonly<Record<string, unknown>> | null,
): Wire[] {
  const wanted = body === null ? null : new Set(arrayOf(body, "skuIds"));
  return view.shop.products.flatMap((product) =>
    product.skus
      .filter((sku) => wanted === null || wanted.has(sku.skuId))
      .map((sku) => skuEntryWire(view, skuResult(view, product, sku))),
  );
}
