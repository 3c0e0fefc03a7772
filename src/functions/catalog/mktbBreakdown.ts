import { returnRateWindow } from "../common";
import { defineFunction } from "../define";
import { variantBreakdown } from "../variantRows";
import { basisB, variantRowsB } from "./paramsB";
import { variantPlanB } from "./planB";

export const MKTB_BREAKDOWN = defineFunction({
  name: "MKTB_BREAKDOWN",
  help: "Per-unit profit breakdown of a marketplace B product or SKU.",
  marketplace: "B",
  endpoints: ["B1", "B2"],
  params: [...variantRowsB, returnRateWindow, ...basisB],
  notes: [
    "With skuId the per-SKU batch endpoint answers: a range of SKU ids costs one request per 100 ids.",
    "Without skuId the result is the volume-weighted aggregate across the product's SKUs.",
    "Margins of marketplace B are fractions (0.235 = 23.5 %).",
  ],
  example: '=MKTB_BREAKDOWN(500001, "MY", 40000001, , "margin")',
  *run(a) {
    return yield* variantBreakdown(variantPlanB(a, a.itemId, a.skuId), a);
  },
});
