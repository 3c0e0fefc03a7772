/** B2 (one product or SKU) and B6 (item aggregate across SKUs). */
import type { HandlerContext } from "../../handler";
import { optNumber, pathNumber, reqNumber } from "../../analytics/requestFields";
import { productOrSku } from "../bc/results";
import { findProductB, findSkuB } from "./sellerView";
import { sellerFromBody, sellerFromPath } from "./options";

/** B2: POST P_B/product. */
export function productB(ctx: HandlerContext): unknown {
  const view = sellerFromBody(ctx);
  const product = findProductB(view.shop, reqNumber(ctx.body, "itemId"));
  const skuId = optNumber(ctx.body, "skuId");
  return productOrSku(view, product, skuId === null ? null : findSkuB(product, skuId));
}

/** B6: POST P_B/item/{sellerId}/{region}/{itemId} (window: 30 days). */
export function itemB(ctx: HandlerContext): unknown {
  const view = sellerFromPath(ctx);
  return productOrSku(view, findProductB(view.shop, pathNumber(ctx.path, "itemId")), null);
}
