import { ArgumentError } from "../argumentError";
import { only } from "../crossArgs";
import { defineFunction } from "../define";
import { numberParam, rangeOf } from "../params";
import { previewParams, previewRows, previewWhere } from "../previews";

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
    "A range of items (with matching ranges of variants and prices) is ONE request: one row per input row.",
    "B and C need variantId (the SKU id) per row; cogs only changes the profit shown.",
  ],
  example: '=SET_BUYER_PRICE_PREVIEW("A", 100001, "SG", 10000005, 30)',
  *run(a) {
    const m = a.marketplace;
    const where = previewWhere(a);
    only(a.adsCostPerSale, "adsCostPerSale", m, ["C"]);
    only(a.cogs, "cogs", m, ["B", "C"]);
    if (m !== "A" && a.variantId === undefined)
      throw new ArgumentError("variantId", `is required for marketplace ${m} (the SKU id)`);
    const perRow = { targetBuyerPrice: a.targetBuyerPrice, cogs: a.cogs };
    return yield* previewRows(where, "buyer", {}, perRow, a);
  },
});
