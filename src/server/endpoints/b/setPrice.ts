/**
 * B14 (seller-funded discount for a target margin) and B15 (discount so the buyer pays a
 * target price). Previews only. The computed discount is a special-price discount that
 * replaces the current one; vouchers are not used (computedSellerVoucher 0).
 * B14 gives the largest discount whose margin still meets the target, so applying it
 * reproduces the target; one minor unit more would miss it.
 */
import type { HandlerContext } from "../../handler";
import type { ProductB, SkuB } from "../../data/model";
import { marginOf } from "../../analytics/breakdown";
import { toMajor, toMinor } from "../../analytics/money";
import { objectsOf, optNumber, reqNumber } from "../../analytics/requestFields";
import { unitBreakdownB, type UnitInputB } from "../../fees/b";
import type { SellerViewB } from "./sellerView";
import { breakdownWire } from "./results";
import { sellerFromBody } from "./options";
import { previewEach, pricedForBuyerPrice, pricedForMargin, type Priced } from "../pricePreview";

function skusOf(
  view: SellerViewB,
  itemId: number,
  skuId: number | null,
): { product: ProductB; skus: SkuB[] } | null {
  const product = view.seller.products.find((p) => p.itemId === itemId);
  if (product === undefined) return null;
  const skus = skuId === null ? [...product.skus] : product.skus.filter((s) => s.skuId === skuId);
  return skus.length === 0 ? null : { product, skus };
}

function inputFor(
  view: SellerViewB,
  product: ProductB,
  sku: SkuB,
  cogs: number | null,
): UnitInputB {
  const base = view.baseline(product, sku);
  return {
    ...base,
    sellerVoucher: 0,
    ...(cogs === null
      ? {}
      : { cogs: toMinor(cogs, view.currency.decimals), cogsSource: "explicit" as const }),
  };
}

function adjustedWire(
  view: SellerViewB,
  product: ProductB,
  sku: SkuB,
  input: UnitInputB,
  discount: number,
  extra: Record<string, unknown>,
): Record<string, unknown> {
  const dp = view.currency.decimals;
  const unit = unitBreakdownB({ ...input, specialPriceDiscount: discount });
  return {
    itemId: product.itemId,
    skuId: sku.skuId,
    sellerSku: sku.sellerSku,
    originalPrice: toMajor(sku.listPrice, dp),
    currentSpecialPriceDiscount: toMajor(sku.specialPriceDiscount, dp),
    computedSpecialPriceDiscount: toMajor(discount, dp),
    computedSellerVoucher: 0,
    resultingBuyerPrice: toMajor(sku.listPrice - discount, dp),
    resultingMargin: marginOf(unit.netProfitMinor, unit.revenueMinor),
    resultingProfit: toMajor(unit.netProfitMinor, dp),
    ...extra,
    ...breakdownWire(view, unit, view.unitsSold(sku.skuId)),
  };
}

/** B14 and B15 name SKUs by itemId and skuId (B14: no skuId prices every SKU of the item). */
function previewB(
  ctx: HandlerContext,
  view: SellerViewB,
  skuIdOf: (wanted: Record<string, unknown>) => number | null,
  price: (product: ProductB, sku: SkuB, wanted: Record<string, unknown>) => Priced,
): { adjustedItems: Record<string, unknown>[]; unadjustableItems: Record<string, unknown>[] } {
  return previewEach(objectsOf(ctx.body, "skus"), {
    find: (wanted) => {
      const found = skusOf(view, reqNumber(wanted, "itemId"), skuIdOf(wanted));
      return found && found.skus.map((sku) => ({ product: found.product, sku }));
    },
    notFound: (wanted) => ({ itemId: reqNumber(wanted, "itemId"), skuId: skuIdOf(wanted) }),
    notFoundMessage: "no such item or SKU for this seller",
    idsOf: (v) => ({ itemId: v.product.itemId, skuId: v.sku.skuId }),
    price: (v, wanted) => price(v.product, v.sku, wanted),
  });
}

/** B14: POST P_B/preview-set-margin. */
export function previewSetMarginB(ctx: HandlerContext): unknown {
  const view = sellerFromBody(ctx);
  const target = reqNumber(ctx.body, "targetMarginPercent");
  const items = previewB(
    ctx,
    view,
    (wanted) => optNumber(wanted, "skuId"),
    (product, sku, wanted) => {
      const input = inputFor(view, product, sku, optNumber(wanted, "cogs"));
      return pricedForMargin(
        sku.listPrice,
        target,
        (discount) => unitBreakdownB({ ...input, specialPriceDiscount: discount }),
        (discount) => adjustedWire(view, product, sku, input, discount, { targetMargin: target }),
      );
    },
  );
  return { targetMargin: target, ...items };
}

/** B15: POST P_B/preview-set-buyer-price (COGS affects displayed profit only). */
export function previewSetBuyerPriceB(ctx: HandlerContext): unknown {
  const view = sellerFromBody(ctx);
  const dp = view.currency.decimals;
  return previewB(
    ctx,
    view,
    (wanted) => reqNumber(wanted, "skuId"),
    (product, sku, wanted) => {
      const targetBuyerPrice = toMinor(reqNumber(wanted, "targetBuyerPrice"), dp);
      return pricedForBuyerPrice(sku.listPrice, targetBuyerPrice, (discount, noDiscountNeeded) =>
        adjustedWire(
          view,
          product,
          sku,
          inputFor(view, product, sku, optNumber(wanted, "cogs")),
          discount,
          {
            targetBuyerPrice: toMajor(targetBuyerPrice, dp),
            noDiscountNeeded,
          },
        ),
      );
    },
  );
}
