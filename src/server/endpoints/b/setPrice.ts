/**
 * B14 (seller-funded discount for a target margin) and B15 (discount so the buyer pays a
 * target price). Previews only (endpoints/bc/setPrice.ts): the computed discount is a
 * special-price discount that replaces the current one; vouchers are not used.
 * B14 gives the largest discount whose margin still meets the target, so applying it
 * reproduces the target; one minor unit more would miss it.
 */
import type { HandlerContext } from "../../handler";
import type { ProductB, SkuB } from "../../data/model";
import { toMinor } from "../../analytics/money";
import { objectsOf, optNumber, reqNumber } from "../../analytics/requestFields";
import type { UnitInputB } from "../../fees/b";
import { previewEach, type Priced } from "../pricePreview";
import { previewSku, pricedToBuyerPrice, pricedToMargin, type PreviewSku } from "../bc/setPrice";
import type { SellerViewB } from "./sellerView";
import { sellerFromBody } from "./options";

type SkuPreviewB = PreviewSku<ProductB, SkuB, UnitInputB>;

/**
 * B14 and B15 name SKUs by itemId and skuId (B14: no skuId prices every SKU of the item); an
 * element's `cogs` (major units) replaces the SKU's.
 */
function previewB(
  ctx: HandlerContext,
  view: SellerViewB,
  skuIdOf: (wanted: Record<string, unknown>) => number | null,
  price: (v: SkuPreviewB, wanted: Record<string, unknown>) => Priced,
): { adjustedItems: Record<string, unknown>[]; unadjustableItems: Record<string, unknown>[] } {
  return previewEach(objectsOf(ctx.body, "skus"), {
    find: (wanted) => {
      const itemId = reqNumber(wanted, "itemId");
      const skuId = skuIdOf(wanted);
      const product = view.shop.products.find((p) => p.itemId === itemId);
      const skus =
        product === undefined
          ? []
          : product.skus.filter((s) => skuId === null || s.skuId === skuId);
      if (product === undefined || skus.length === 0) return null;
      return skus.map((sku) => previewSku(view, product, sku, optNumber(wanted, "cogs")));
    },
    notFound: (wanted) => ({ itemId: reqNumber(wanted, "itemId"), skuId: skuIdOf(wanted) }),
    notFoundMessage: "no such item or SKU for this seller",
    idsOf: (v) => ({ itemId: v.product.itemId, skuId: v.sku.skuId }),
    price,
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
    (v) => pricedToMargin(view, v, target),
  );
  return { targetMargin: target, ...items };
}

/** B15: POST P_B/preview-set-buyer-price (COGS affects displayed profit only). */
export function previewSetBuyerPriceB(ctx: HandlerContext): unknown {
  const view = sellerFromBody(ctx);
  return previewB(
    ctx,
    view,
    (wanted) => reqNumber(wanted, "skuId"),
    (v, wanted) =>
      pricedToBuyerPrice(
        view,
        v,
        toMinor(reqNumber(wanted, "targetBuyerPrice"), view.currency.decimals),
      ),
  );
}
