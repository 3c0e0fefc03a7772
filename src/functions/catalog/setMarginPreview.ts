import { ArgumentError } from "../argumentError";
import { checkMarginShare, onlyFor, percentPoints } from "../crossArgs";
import { defineFunction } from "../define";
import { ANY_NUMBER, choiceParam, numberParam, optional, rangeOf } from "../params";
import { previewBody, previewParams } from "../previews";

export const SET_MARGIN_PREVIEW = defineFunction({
  name: "SET_MARGIN_PREVIEW",
  help: "Seller discount (and voucher) that reaches a target margin or profit, per product or SKU (preview only).",
  marketplace: null,
  endpoints: ["A21", "B14", "C8"],
  params: previewParams(
    numberParam(
      "target",
      "A mode PROFIT: profit per unit (an amount). Otherwise a target margin as a fraction or % (25%).",
      ANY_NUMBER,
    ),
    [
      optional(choiceParam("mode", "A only: PROFIT (default) or MARGIN.", ["PROFIT", "MARGIN"])),
      optional(rangeOf(numberParam("price", "A: each model's list price (required for A)."))),
    ],
  ),
  notes: [
    "A range of items (with matching ranges of variants, prices, costs) is one request (one more for each repeat of a product and variant): a row per input row, or per variant the API priced for a product given without one.",
    "A (A21): needs price (list price) per row; mode PROFIT takes a profit amount, MARGIN a share (23.5% or 0.235; sent to the API as 23.5).",
    "cogs is refused for A: A21 takes no cost (A uses the cost it holds for each model); leave it empty.",
    "B (B14): target margin fraction; variantId (SKU) and cogs optional.",
    "C (C8): target margin fraction; variantId (SKU) and cogs required per row; the voucher is always 0.",
  ],
  example: '=SET_MARGIN_PREVIEW("B", 500001, "MY", 40000001, 20%)',
  run: previewBody("margin", (a) => {
    const m = a.marketplace;
    onlyFor(m, a, { mode: ["A"], price: ["A"], adsCostPerSale: ["C"] });
    // A21 has no cost field (the server rejects one): say so rather than drop the seller's cost.
    if (m === "A" && a.cogs !== undefined)
      throw new ArgumentError(
        "cogs",
        "applies to marketplace B or C only, not A: A's preview uses the cost it holds for each model, so leave cogs empty",
      );
    if (m === "A" && a.price === undefined)
      throw new ArgumentError("price", "is required for marketplace A (each model's list price)");
    if (m === "C" && a.variantId === undefined)
      throw new ArgumentError("variantId", "is required for marketplace C (the SKU id)");
    if (m === "C" && a.cogs === undefined)
      throw new ArgumentError("cogs", "is required for marketplace C set-margin previews");
    const byProfit = m === "A" && (a.mode ?? "PROFIT") === "PROFIT";
    checkMarginShare(a.target, !byProfit);
    const target: Record<string, unknown> =
      m !== "A"
        ? { targetMarginPercent: a.target } // B14 and C8 read a fraction despite the name
        : byProfit
          ? { mode: "PROFIT", targetProfit: a.target }
          : { mode: "MARGIN", targetMarginPercent: percentPoints(a.target) };
    return { target, perRow: { originalPrice: a.price, cogs: a.cogs } };
  }),
});
