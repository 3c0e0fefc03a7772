/** B1 (chosen SKUs, unknown ones omitted) and B8 (every SKU of the shop, flat). */
import type { HandlerContext } from "../../handler";
import { arrayOf } from "../../analytics/requestFields";
import { skuEntries } from "../bc/results";
import { sellerFromBody, sellerFromPath } from "./options";

/** B1: POST P_B/sku-breakdowns/batch-by-sku-ids. */
export function skuBatchB(ctx: HandlerContext): unknown {
  const view = sellerFromBody(ctx);
  const wanted = new Set(
    arrayOf(ctx.body, "skuIds").filter((x): x is number => typeof x === "number"),
  );
  return skuEntries(view, (sku) => wanted.has(sku.skuId));
}

/** B8: POST P_B/sku-breakdowns/all/{sellerId}/{region}. */
export function allSkusB(ctx: HandlerContext): unknown {
  return skuEntries(sellerFromPath(ctx), () => true);
}
