/** Marketplace C results on the wire: per-SKU entries and product-level aggregates. */
import type { ProductC, SkuC } from "../../data/model";
import {
  aggregateUnits,
  breakdownWithMetadata,
  type UnitBreakdown,
} from "../../analytics/breakdown";
import { roundRate, toMajor } from "../../analytics/money";
import { unitBreakdownC, type UnitInputC } from "../../fees/c";
import type { ShopViewC } from "./shopView";

export const REVENUE_LINES_C = ["originalPrice", "sellerDiscount", "sellerVoucher"];

/** A breakdown and its metadata (the contract's fields plus the lookback), ready for the wire. */
export function breakdownWireC(
  view: ShopViewC,
  unit: UnitBreakdown,
  unitsSold: number | null,
  extra: Readonly<Record<string, unknown>> = {},
): { breakdown: Record<string, unknown>; metadata: Record<string, unknown> } {
  return breakdownWithMetadata(unit, view.currency, view.options.effectiveDate, unitsSold, {
    lookbackDays: view.options.lookbackDays,
    ...extra,
  });
}

export interface SkuResultC {
  readonly product: ProductC;
  readonly sku: SkuC;
  readonly unit: UnitBreakdown;
  readonly unitsSold: number;
}

export function skuResultC(
  view: ShopViewC,
  product: ProductC,
  sku: SkuC,
  overrides: Partial<UnitInputC> = {},
): SkuResultC {
  return {
    product,
    sku,
    unit: unitBreakdownC({ ...view.baseline(product, sku), ...overrides }),
    unitsSold: view.unitsSold(sku.skuId),
  };
}

function productExtras(view: ShopViewC, product: ProductC): Record<string, unknown> {
  return {
    categoryL1: product.categoryL1,
    categoryL2: product.categoryL2,
    categoryL3: product.categoryL3,
    isPreOrder: product.isPreOrder,
    isOwnFleetOnly: product.isOwnFleetOnly,
    returnRate: roundRate(view.returnRate(product.productId)),
  };
}

/** MktCSkuBreakdownFlatEntry. */
export function skuEntryWireC(view: ShopViewC, r: SkuResultC): Record<string, unknown> {
  return {
    productId: r.product.productId,
    skuId: r.sku.skuId,
    name: r.sku.name,
    originalPrice: toMajor(r.sku.listPrice, view.currency.decimals),
    unitsSold: r.unitsSold,
    ...breakdownWireC(view, r.unit, r.unitsSold, productExtras(view, r.product)),
  };
}

export function aggregateC(results: readonly SkuResultC[]): UnitBreakdown {
  return aggregateUnits(
    results.map((r) => ({ unit: r.unit, weight: r.unitsSold })),
    REVENUE_LINES_C,
  );
}

/** MktCFinancialBreakdownWithMetadata at product level (volume-weighted, per-SKU detail). */
export function productWireC(
  view: ShopViewC,
  product: ProductC,
  results: readonly SkuResultC[],
): Record<string, unknown> {
  const units = results.reduce((s, r) => s + r.unitsSold, 0);
  return {
    productId: product.productId,
    skuId: null,
    title: product.name,
    ...breakdownWireC(view, aggregateC(results), units, {
      ...productExtras(view, product),
      skuCount: results.length,
    }),
    skuBreakdowns: results.map((r) => skuEntryWireC(view, r)),
  };
}

/** MktCFinancialBreakdownWithMetadata for one SKU. */
export function singleSkuWireC(view: ShopViewC, r: SkuResultC): Record<string, unknown> {
  return {
    productId: r.product.productId,
    skuId: r.sku.skuId,
    title: r.product.name,
    ...breakdownWireC(view, r.unit, r.unitsSold, productExtras(view, r.product)),
    skuBreakdowns: [],
  };
}
