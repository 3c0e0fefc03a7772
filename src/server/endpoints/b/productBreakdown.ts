/** B2 (one product or SKU) and B6 (item aggregate across SKUs). */
import type { HandlerContext } from "../../handler";
import { optNumber, pathNumber, reqNumber } from "../../analytics/requestFields";
import { findProductB, findSkuB, type SellerViewB } from "./sellerView";
import { productWireB, singleSkuWireB, skuResultB } from "./results";
import { sellerFromBody, sellerFromPath } from "./options";

/** A product's breakdown, aggregated, or one SKU's when `skuId` is given. */
export function productOrSkuB(
  view: SellerViewB,
  itemId: number,
  skuId: number | null,
): Record<string, unknown> {
  const product = findProductB(view.seller, itemId);
  if (skuId !== null)
    return singleSkuWireB(view, skuResultB(view, product, findSkuB(product, skuId)));
  return productWireB(
    view,
    product,
    product.skus.map((sku) => skuResultB(view, product, sku)),
  );
}

/** B2: POST P_B/product. */
export function productB(ctx: HandlerContext): unknown {
  return productOrSkuB(
    sellerFromBody(ctx),
    reqNumber(ctx.body, "itemId"),
    optNumber(ctx.body, "skuId"),
  );
}

/** B6: POST P_B/item/{sellerId}/{region}/{itemId} (window: 30 days). */
export function itemB(ctx: HandlerContext): unknown {
  return productOrSkuB(sellerFromPath(ctx), pathNumber(ctx.path, "itemId"), null);
}
