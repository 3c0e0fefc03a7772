/** C1 (product or SKU), C2 (product level), C3 (chosen SKUs), C7 (chosen products). */
import type { HandlerContext } from "../../handler";
import { toMinor } from "../../analytics/money";
import { arrayOf, numberMap, reqString } from "../../analytics/requestFields";
import { productOrSku, productOrSkuNamed, productWire, skuEntries, skuResult } from "../bc/results";
import { productById } from "../bc/view";
import { shopFromRequest } from "./options";

/** C1: POST P_C/product. */
export function productC(ctx: HandlerContext): unknown {
  return productOrSkuNamed(shopFromRequest(ctx), ctx.body);
}

/** C2: POST P_C/product-level (skuId ignored). */
export function productLevelC(ctx: HandlerContext): unknown {
  const view = shopFromRequest(ctx);
  return productOrSku(view, productById(view, reqString(ctx.body, "productId")), null);
}

/** C3: POST P_C/skus; unknown SKUs are omitted. */
export function skusC(ctx: HandlerContext): unknown {
  return skuEntries(shopFromRequest(ctx), ctx.body);
}

/**
 * C7: POST P_C/products. Failures are isolated: an unknown product id is omitted and the rest
 * are returned. Ads cost: adsCostByProductId[productId], else the scalar adsCostPerSale.
 */
export function productsC(ctx: HandlerContext): unknown {
  const view = shopFromRequest(ctx);
  const perProduct = numberMap(ctx.body, "adsCostByProductId");
  const out: unknown[] = [];
  for (const id of arrayOf(ctx.body, "productIds")) {
    if (typeof id !== "string") continue;
    const product = view.shop.products.find((p) => p.productId === id);
    if (product === undefined) continue;
    const ads = perProduct.get(id);
    const overrides =
      ads === undefined ? {} : { adsCostPerSale: toMinor(ads, view.currency.decimals) };
    out.push(
      productWire(
        view,
        product,
        product.skus.map((sku) => skuResult(view, product, sku, overrides)),
      ),
    );
  }
  return out;
}
