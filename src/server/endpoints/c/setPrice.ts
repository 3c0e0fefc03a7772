/**
 * C8 (seller discount for a target margin) and C9 (discount so the buyer pays a target
 * price). Previews only (endpoints/bc/setPrice.ts). computedSellerVoucher is always 0: coupons
 * cannot be created through the marketplace's API, so the whole adjustment is a seller
 * discount replacing the current one.
 */
import type { EndpointHandler, HandlerContext } from "../../handler";
import type { ProductC, SkuC } from "../../data/model";
import { toMinor } from "../../analytics/money";
import { numberMap, reqString } from "../../analytics/requestFields";
import type { UnitInputC } from "../../fees/c";
import { setBuyerPriceAnswer, setMarginAnswer, type PreviewRequest } from "../bc/setPrice";
import { shopFromRequest } from "./options";

/** C8 and C9 name SKUs by productId and skuId. */
const requestC =
  (changes?: (product: ProductC) => Partial<UnitInputC>) =>
  (products: readonly ProductC[]): PreviewRequest<ProductC, SkuC, UnitInputC> => {
    const idsOf = (wanted: Record<string, unknown>): { productId: string; skuId: string } => ({
      productId: reqString(wanted, "productId"),
      skuId: reqString(wanted, "skuId"),
    });
    return {
      find: (wanted) => {
        const ids = idsOf(wanted);
        const product = products.find((p) => p.productId === ids.productId);
        const sku = product?.skus.find((s) => s.skuId === ids.skuId);
        return product === undefined || sku === undefined ? null : [{ product, sku }];
      },
      notFound: idsOf,
      notFoundMessage: "no such product or SKU in this shop",
      ...(changes === undefined ? {} : { changes }),
    };
  };

/** C8: POST P_C/preview-set-margin; adsCostByProductId sets a product's ads cost per unit. */
export function previewSetMarginC(ctx: HandlerContext): unknown {
  const view = shopFromRequest(ctx);
  const adsByProduct = numberMap(ctx.body, "adsCostByProductId");
  const request = requestC((product) => {
    const ads = adsByProduct.get(product.productId);
    return ads === undefined ? {} : { adsCostPerSale: toMinor(ads, view.currency.decimals) };
  });
  return setMarginAnswer(view, ctx.body, request);
}

/** C9: POST P_C/preview-set-buyer-price. */
export const previewSetBuyerPriceC: EndpointHandler = (ctx) =>
  setBuyerPriceAnswer(shopFromRequest(ctx), ctx.body, requestC());
