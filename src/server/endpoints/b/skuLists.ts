/** B1 (chosen SKUs, unknown ones omitted) and B8 (every SKU of the shop, flat). */
import type { HandlerContext } from "../../handler";
import { skuEntries } from "../bc/results";
import { sellerFromBody, sellerFromPath } from "./options";

/** B1: POST P_B/sku-breakdowns/batch-by-sku-ids. */
export function skuBatchB(ctx: HandlerContext): unknown {
  return skuEntries(sellerFromBody(ctx), ctx.body);
}

/** B8: POST P_B/sku-breakdowns/all/{sellerId}/{region}. */
export function allSkusB(ctx: HandlerContext): unknown {
  return skuEntries(sellerFromPath(ctx), null);
}
