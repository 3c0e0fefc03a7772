import { apiCall } from "../../core/effects";
import { effectiveDate, hasVat, returnRateWindow, sellerVoucherOverride } from "../common";
import { defineFunction } from "../define";
import { defined } from "../requests";
import { variantBreakdown } from "../variantRows";
import { adsCostPerSale, variantRowsC } from "./paramsC";

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
    const unitOptions = defined({
      hasVat: a.hasVat,
      adsCostPerSale: a.adsCostPerSale,
      sellerVoucher: a.sellerVoucher,
      lookbackDays: a.lookbackDays,
      effectiveDate: a.effectiveDate,
    });
    return yield* variantBreakdown(
      {
        product: { name: "productId", arg: a.productId },
        variant: { name: "skuId", label: "SKU", arg: a.skuId },
        // C3 lacks lookbackDays, adsCostPerSale and sellerVoucher: with them, C1 per SKU.
        batch: {
          endpoint: "C3",
          params: defined({ shopId: a.shopId, hasVat: a.hasVat, effectiveDate: a.effectiveDate }),
          usable:
            a.lookbackDays === undefined &&
            a.adsCostPerSale === undefined &&
            a.sellerVoucher === undefined,
        },
        callOf: (productId, skuId) => {
          if (productId === undefined) return null;
          return skuId === undefined
            ? apiCall("C2", { shopId: a.shopId, productId, ...unitOptions })
            : apiCall("C1", { shopId: a.shopId, productId, skuId, ...unitOptions });
        },
        where: `in shop ${a.shopId}`,
      },
      a,
    );
  },
});
