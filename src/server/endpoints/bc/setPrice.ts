/**
 * What the B and C price previews share (B14/B15, C8/C9): the input a SKU is priced from and
 * its adjusted entry. The computed discount is the seller's own per-unit discount (B special
 * price, C seller discount) replacing the current one; vouchers are not used
 * (computedSellerVoucher 0).
 */
import { marginOf } from "../../analytics/breakdown";
import { toMajor, toMinor } from "../../analytics/money";
import type { UnitInputBC } from "../../fees/unitInputBC";
import { pricedForBuyerPrice, pricedForMargin, type Priced } from "../pricePreview";
import { breakdownWire } from "./results";
import type { SkuBC, ViewBC } from "./view";

/** A SKU a preview prices, and the engine input it is priced from (built when first needed). */
export interface PreviewSku<P, S, I> {
  readonly product: P;
  readonly sku: S;
  readonly input: () => I;
}

/**
 * A preview's SKU: today's baseline without a voucher, with the request's COGS (major units)
 * when given and any other input changes (C: its ads cost).
 */
export function previewSku<P, S, I extends UnitInputBC, O>(
  view: ViewBC<P, S, I, O>,
  product: P,
  sku: S,
  cogs: number | null,
  changes: Partial<I> = {},
): PreviewSku<P, S, I> {
  const explicitCogs =
    cogs === null
      ? {}
      : { cogs: toMinor(cogs, view.currency.decimals), cogsSource: "explicit" as const };
  return {
    product,
    sku,
    input: () => ({
      ...view.baseline(product, sku),
      sellerVoucher: 0,
      ...explicitCogs,
      ...changes,
    }),
  };
}

/** The adjusted entry of a SKU at a discount (minor units), with what the request targets. */
function adjustedWire<P, S extends SkuBC, I, O>(
  view: ViewBC<P, S, I, O>,
  v: PreviewSku<P, S, I>,
  input: I,
  discount: number,
  target: Record<string, unknown>,
): Record<string, unknown> {
  const dp = view.currency.decimals;
  const m = view.market;
  const unit = m.unitOf(m.withDiscount(input, discount));
  return {
    ...m.skuIds(v.product, v.sku),
    originalPrice: toMajor(v.sku.listPrice, dp),
    [m.discountNames.current]: toMajor(m.currentDiscount(v.sku), dp),
    [m.discountNames.computed]: toMajor(discount, dp),
    computedSellerVoucher: 0,
    resultingBuyerPrice: toMajor(v.sku.listPrice - discount, dp),
    resultingMargin: marginOf(unit.netProfitMinor, unit.revenueMinor),
    resultingProfit: toMajor(unit.netProfitMinor, dp),
    ...target,
    ...breakdownWire(view, unit, view.unitsSold(v.sku)),
  };
}

/** B14, C8: the largest discount whose margin still meets the target (a fraction). */
export function pricedToMargin<P, S extends SkuBC, I, O>(
  view: ViewBC<P, S, I, O>,
  v: PreviewSku<P, S, I>,
  target: number,
): Priced {
  const m = view.market;
  const input = v.input();
  return pricedForMargin(
    v.sku.listPrice,
    target,
    (discount) => m.unitOf(m.withDiscount(input, discount)),
    (discount) => adjustedWire(view, v, input, discount, { targetMargin: target }),
  );
}

/** B15, C9: the discount so the buyer pays `targetMinor` (COGS affects displayed profit only). */
export function pricedToBuyerPrice<P, S extends SkuBC, I, O>(
  view: ViewBC<P, S, I, O>,
  v: PreviewSku<P, S, I>,
  targetMinor: number,
): Priced {
  return pricedForBuyerPrice(v.sku.listPrice, targetMinor, (discount, noDiscountNeeded) =>
    adjustedWire(view, v, v.input(), discount, {
      targetBuyerPrice: toMajor(targetMinor, view.currency.decimals),
      noDiscountNeeded,
    }),
  );
}
