/**
 * Marketplace B results on the wire: per-SKU flat entries and product-level breakdowns
 * (volume-weighted across SKUs by units sold in the window, with per-SKU detail).
 */
import type { ProductB, SkuB } from "../../data/model";
import {
  aggregateUnits,
  breakdownWithMetadata,
  type UnitBreakdown,
} from "../../analytics/breakdown";
import { roundRate, toMajor } from "../../analytics/money";
import { unitBreakdownB, type UnitInputB } from "../../fees/b";
import type { SellerViewB } from "./sellerView";

/** Lines whose sum is what the seller is paid before fees. */
export const REVENUE_LINES_B = ["originalPrice", "specialPriceDiscount", "sellerVoucher"];

/** A breakdown and its metadata (the contract's fields plus B's settings), ready for the wire. */
export function breakdownWire(
  view: SellerViewB,
  unit: UnitBreakdown,
  unitsSold: number | null,
  extra: Readonly<Record<string, unknown>> = {},
): { breakdown: Record<string, unknown>; metadata: Record<string, unknown> } {
  return breakdownWithMetadata(unit, view.currency, view.options.effectiveDate, unitsSold, {
    sellerType: view.options.sellerType,
    lookbackDays: view.options.lookbackDays,
    ...extra,
  });
}

export interface SkuResultB {
  readonly product: ProductB;
  readonly sku: SkuB;
  readonly unit: UnitBreakdown;
  readonly unitsSold: number;
}

/** The SKU's baseline breakdown, optionally with engine-input overrides. */
export function skuResultB(
  view: SellerViewB,
  product: ProductB,
  sku: SkuB,
  overrides: Partial<UnitInputB> = {},
): SkuResultB {
  const unit = unitBreakdownB({ ...view.baseline(product, sku), ...overrides });
  return { product, sku, unit, unitsSold: view.unitsSold(sku.skuId) };
}

/** MktBSkuBreakdownFlatEntry. */
export function skuEntryWire(view: SellerViewB, r: SkuResultB): Record<string, unknown> {
  return {
    itemId: r.product.itemId,
    skuId: r.sku.skuId,
    sellerSku: r.sku.sellerSku,
    name: r.sku.name,
    originalPrice: toMajor(r.sku.listPrice, view.currency.decimals),
    unitsSold: r.unitsSold,
    ...breakdownWire(view, r.unit, r.unitsSold, {
      isInFreeShipping: r.product.isInFreeShipping,
      returnRate: roundRate(view.returnRate(r.product.itemId)),
    }),
  };
}

/** Volume-weighted aggregate of SKU results (equal weights when nothing sold). */
export function aggregateB(results: readonly SkuResultB[]): UnitBreakdown {
  return aggregateUnits(
    results.map((r) => ({ unit: r.unit, weight: r.unitsSold })),
    REVENUE_LINES_B,
  );
}

/** MktBFinancialBreakdownWithMetadata at product level: aggregate plus per-SKU detail. */
export function productWireB(
  view: SellerViewB,
  product: ProductB,
  results: readonly SkuResultB[],
): Record<string, unknown> {
  const unit = aggregateB(results);
  const units = results.reduce((s, r) => s + r.unitsSold, 0);
  return {
    itemId: product.itemId,
    skuId: null,
    name: product.name,
    ...breakdownWire(view, unit, units, {
      isInFreeShipping: product.isInFreeShipping,
      returnRate: roundRate(view.returnRate(product.itemId)),
      skuCount: results.length,
    }),
    skuBreakdowns: results.map((r) => skuEntryWire(view, r)),
  };
}

/** MktBFinancialBreakdownWithMetadata for one SKU (no per-SKU detail). */
export function singleSkuWireB(view: SellerViewB, r: SkuResultB): Record<string, unknown> {
  return {
    itemId: r.product.itemId,
    skuId: r.sku.skuId,
    name: r.sku.name,
    ...breakdownWire(view, r.unit, r.unitsSold, {
      isInFreeShipping: r.product.isInFreeShipping,
      returnRate: roundRate(view.returnRate(r.product.itemId)),
    }),
    skuBreakdowns: [],
  };
}
