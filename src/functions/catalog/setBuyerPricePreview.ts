import { ArgumentError } from "../argumentError";
import { onlyFor } from "../crossArgs";
import { defineFunction } from "../define";
import { numberParam, rangeOf } from "../params";
import { previewBody, previewParams } from "../previews";

export const SET_BUYER_PRICE_PREVIEW = defineFunction({
  name: "SET_BUYER_PRICE_PREVIEW",
  help: "Seller discount that makes the buyer pay a target price, per product or SKU (preview only).",
  marketplace: null,
  endpoints: ["A22", "B15", "C9"],
  params: previewParams(
    rangeOf(numberParam("targetBuyerPrice", "Final price the buyer should pay.")),
    [],
  ),
  notes: [
    "A range of items (with matching ranges of variants and prices) is one request (one more for each repeat of a product and variant): a row per input row, or per variant the API priced for a product given without one.",
    "B and C need variantId (the SKU id) per row; cogs only changes the profit shown.",
  ],
  example: '=SET_BUYER_PRICE_PREVIEW("A", 100001, "SG", 10000005, 30)',
  run: previewBody("buyer", (a) => {
    const m = a.marketplace;
    onlyFor(m, a, { adsCostPerSale: ["C"], cogs: ["B", "C"] });
    if (m !== "A" && a.variantId === undefined)
      throw new ArgumentError("variantId", `is required for marketplace ${m} (the SKU id)`);
    return { target: {}, perRow: { targetBuyerPrice: a.targetBuyerPrice, cogs: a.cogs } };
  }),
});
