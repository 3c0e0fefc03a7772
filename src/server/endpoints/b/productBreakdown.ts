/** B2 (one product or SKU) and B6 (item aggregate across SKUs). */
import type { HandlerContext } from "../../handler";
import { pathNumber } from "../../analytics/requestFields";
import { productOrSku, productOrSkuNamed } from "../bc/results";
import { productById } from "../bc/view";
import { sellerFromBody, sellerFromPath } from "./options";

/** B2: POST P_B/product. */
export function productB(ctx: HandlerContext): unknown {
  return productOrSkuNamed(sellerFromBody(ctx), ctx.body);
}

/** B6: POST P_B/item/{sellerId}/{region}/{itemId} (window: 30 days). */
export function itemB(ctx: HandlerContext): unknown {
  const view = sellerFromPath(ctx);
  return productOrSku(view, productById(view, pathNumber(ctx.path, "itemId")), null);
}
