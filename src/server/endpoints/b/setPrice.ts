/**
 * B14 (seller-funded discount for a target margin) and B15 (discount so the buyer pays a
 * target price). Previews only (endpoints/bc/setPrice.ts): the computed discount is a
 * special-price discount that replaces the current one; vouchers are not used.
 * B14 gives the largest discount whose margin still meets the target, so applying it
 * reproduces the target; one minor unit more would miss it.
 */
import type { EndpointHandler } from "../../handler";
import type { ProductB, SkuB } from "../../data/model";
import { optNumber, reqNumber } from "../../analytics/requestFields";
import type { UnitInputB } from "../../fees/b";
import { setBuyerPriceAnswer, setMarginAnswer, type PreviewRequest } from "../bc/setPrice";
import { sellerFromBody } from "./options";

/** B14 and B15 name SKUs by itemId and skuId (B14: no skuId prices every SKU of the item). */
const requestB =
  (skuIdOf: (wanted: Record<string, unknown>) => number | null) =>
  (products: readonly ProductB[]): PreviewRequest<ProductB, SkuB, UnitInputB> => ({
    find: (wanted) => {
      const itemId = reqNumber(wanted, "itemId");
      const skuId = skuIdOf(wanted);
      const product = products.find((p) => p.itemId === itemId);
      if (product === undefined) return null;
      const skus = product.skus.filter((s) => skuId === null || s.skuId === skuId);
      return skus.length === 0 ? null : skus.map((sku) => ({ product, sku }));
    },
    notFound: (wanted) => ({ itemId: reqNumber(wanted, "itemId"), skuId: skuIdOf(wanted) }),
    notFoundMessage: "no such item or SKU for this seller",
  });

/** B14: POST P_B/preview-set-margin. */
export const previewSetMarginB: EndpointHandler = (ctx) =>
  setMarginAnswer(
    sellerFromBody(ctx),
    ctx.body,
    requestB((w) => optNumber(w, "skuId")),
  );

/** B15: POST P_B/preview-set-buyer-price (COGS affects displayed profit only). */
export const previewSetBuyerPriceB: EndpointHandler = (ctx) =>
  setBuyerPriceAnswer(
    sellerFromBody(ctx),
    ctx.body,
    requestB((w) => reqNumber(w, "skuId")),
  );
