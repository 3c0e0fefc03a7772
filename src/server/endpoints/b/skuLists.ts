/** B1 (chosen SKUs, unknown ones omitted) and B8 (every SKU of the shop, flat). */
import type { HandlerContext } from "../../handler";
import { arrayOf } from "../../analytics/requestFields";
import { skuEntryWire, skuResultB } from "./results";
import { sellerFromBody, sellerFromPath } from "./options";

/** B1: POST P_B/sku-breakdowns/batch-by-sku-ids. */
export function skuBatchB(ctx: HandlerContext): unknown {
  const view = sellerFromBody(ctx);
  const wanted = new Set(
    arrayOf(ctx.body, "skuIds").filter((x): x is number => typeof x === "number"),
  );
  const out: unknown[] = [];
  for (const product of view.seller.products) {
    for (const sku of product.skus) {
      if (wanted.has(sku.skuId)) out.push(skuEntryWire(view, skuResultB(view, product, sku)));
    }
  }
  return out;
}

/** B8: POST P_B/sku-breakdowns/all/{sellerId}/{region}. */
export function allSkusB(ctx: HandlerContext): unknown {
  const view = sellerFromPath(ctx);
  return view.seller.products.flatMap((product) =>
    product.skus.map((sku) => skuEntryWire(view, skuResultB(view, product, sku))),
  );
}
