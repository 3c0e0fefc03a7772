/** C1 (product or SKU), C2 (product level), C3 (chosen SKUs), C7 (chosen products). */
import type { HandlerContext } from "../../handler";
import { toMinor } from "../../analytics/money";
import { arrayOf, numberMap, optString, reqString } from "../../analytics/requestFields";
import { findProductC, findSkuC, type ShopViewC } from "./shopView";
import { productWireC, singleSkuWireC, skuEntryWireC, skuResultC } from "./results";
import { shopFromRequest } from "./options";

/** A product's volume-weighted breakdown, or one SKU's when `skuId` is given. */
export function productOrSkuC(
  view: ShopViewC,
  productId: string,
  skuId: string | null,
): Record<string, unknown> {
  const product = findProductC(view.shop, productId);
  if (skuId !== null)
    return singleSkuWireC(view, skuResultC(view, product, findSkuC(product, skuId)));
  return productWireC(
    view,
    product,
    product.skus.map((sku) => skuResultC(view, product, sku)),
  );
}

/** C1: POST P_C/product. */
export function productC(ctx: HandlerContext): unknown {
  return productOrSkuC(
    shopFromRequest(ctx),
    reqString(ctx.body, "productId"),
    optString(ctx.body, "skuId"),
  );
}

/** C2: POST P_C/product-level (skuId ignored). */
export function productLevelC(ctx: HandlerContext): unknown {
  return productOrSkuC(shopFromRequest(ctx), reqString(ctx.body, "productId"), null);
}

/** C3: POST P_C/skus; unknown SKUs are omitted. */
export function skusC(ctx: HandlerContext): unknown {
  const view = shopFromRequest(ctx);
  const wanted = new Set(
    arrayOf(ctx.body, "skuIds").filter((x): x is string => typeof x === "string"),
  );
  return view.shop.products.flatMap((product) =>
    product.skus
      .filter((sku) => wanted.has(sku.skuId))
      .map((sku) => skuEntryWireC(view, skuResultC(view, product, sku))),
  );
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
      productWireC(
        view,
        product,
        product.skus.map((sku) => skuResultC(view, product, sku, overrides)),
      ),
    );
  }
  return out;
}
