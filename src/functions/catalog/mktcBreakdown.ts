import { effectiveDate, hasVat, returnRateWindow, sellerVoucherOverride } from "../common";
import { defineFunction } from "../define";
import { variantBreakdown } from "../variantRows";
import { adsCostPerSale, variantRowsC } from "./paramsC";
import { variantPlanC } from "./planC";

export const MKTC_BREAKDOWN = defineFunction({
  name: "MKTC_BREAKDOWN",
  help: "Per-unit profit breakdown of a marketplace C product or SKU.",
  marketplace: "C",
  endpoints: ["C1", "C2", "C3"],
  params: [
    ...variantRowsC,
    returnRateWindow,
    hasVat,
    adsCostPerSale,
    sellerVoucherOverride,
    effectiveDate,
  ],
  notes: [
    "Without skuId: the product aggregated across its SKUs (one request per distinct product).",
    "With skuId: the per-SKU batch endpoint, one request per 100 SKUs; with lookbackDays, adsCostPerSale or sellerVoucher each SKU is asked on its own (the batch endpoint lacks them).",
    "Margins of marketplace C are fractions (0.235 = 23.5 %).",
  ],
  example: '=MKTC_BREAKDOWN(700001, "17700001000001", , "margin")',
  *run(a) {
    return yield* variantBreakdown(variantPlanC(a, a.productId, a.skuId), a);
  },
});
