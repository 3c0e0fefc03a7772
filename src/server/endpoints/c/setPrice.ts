/**
 * C8 (seller discount for a target margin) and C9 (discount so the buyer pays a target
 * price). Previews only (endpoints/bc/setPrice.ts). computedSellerVoucher is always 0: coupons
 * cannot be created through the marketplace's API, so the whole adjustment is a seller
 * discount replacing the current one.
 */
import type { HandlerContext } from "../../handler";
import type { ProductC, SkuC } from "../../data/model";
import { toMinor } from "../../analytics/money";
import {
  numberMap,
  objectsOf,
  optNumber,
  reqNumber,
  reqString,
} from "../../analytics/requestFields";
import type { UnitInputC } from "../../fees/c";
import { previewEach, type Priced } from "../pricePreview";
import { previewSku, pricedToBuyerPrice, pricedToMargin, type PreviewSku } from "../bc/setPrice";
import type { ShopViewC } from "./shopView";
import { shopFromRequest } from "./options";

type SkuPreviewC = PreviewSku<ProductC, SkuC, UnitInputC>;

/**
 * C8 and C9 name SKUs by productId and skuId; an element's `cogs` (major units) replaces the
 * SKU's, `adsOf` gives a product's ads cost per unit (major units) where the request sets one.
 */
function previewC(
  ctx: HandlerContext,
  view: ShopViewC,
  adsOf: (productId: string) => number | undefined,
  price: (v: SkuPreviewC, wanted: Record<string, unknown>) => Priced,
): { adjustedItems: Record<string, unknown>[]; unadjustableItems: Record<string, unknown>[] } {
  const idsOf = (wanted: Record<string, unknown>): { productId: string; skuId: string } => ({
    productId: reqString(wanted, "productId"),
    skuId: reqString(wanted, "skuId"),
  });
  return previewEach(objectsOf(ctx.body, "skus"), {
    find: (wanted) => {
      const ids = idsOf(wanted);
      const product = view.shop.products.find((p) => p.productId === ids.productId);
      const sku = product?.skus.find((s) => s.skuId === ids.skuId);
      if (product === undefined || sku === undefined) return null;
      const ads = adsOf(product.productId);
      const changes =
        ads === undefined ? {} : { adsCostPerSale: toMinor(ads, view.currency.decimals) };
      return [previewSku(view, product, sku, optNumber(wanted, "cogs"), changes)];
    },
    notFound: idsOf,
    notFoundMessage: "no such product or SKU in this shop",
    idsOf: (v) => ({ productId: v.product.productId, skuId: v.sku.skuId }),
    price,
  });
}

/** C8: POST P_C/preview-set-margin. */
export function previewSetMarginC(ctx: HandlerContext): unknown {
  const view = shopFromRequest(ctx);
  const target = reqNumber(ctx.body, "targetMarginPercent");
  const adsByProduct = numberMap(ctx.body, "adsCostByProductId");
  const items = previewC(
    ctx,
    view,
    (productId) => adsByProduct.get(productId),
    (v) => pricedToMargin(view, v, target),
  );
  return { targetMargin: target, ...items };
}

/** C9: POST P_C/preview-set-buyer-price. */
export function previewSetBuyerPriceC(ctx: HandlerContext): unknown {
  const view = shopFromRequest(ctx);
  return previewC(
    ctx,
    view,
    () => undefined,
    (v, wanted) =>
      pricedToBuyerPrice(
        view,
        v,
        toMinor(reqNumber(wanted, "targetBuyerPrice"), view.currency.decimals),
      ),
  );
}
