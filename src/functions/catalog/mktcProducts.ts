import { answerBatch } from "../answer";
import { effectiveDate, field, hasVat, headers, returnRateWindow } from "../common";
import { defineFunction } from "../define";
import { profitTable } from "../shape";
import { adsCostPerSale, productIdsC, shopIdC } from "./paramsC";

export const MKTC_PRODUCTS = defineFunction({
  name: "MKTC_PRODUCTS",
  help: "Per-unit profit breakdowns of a list of marketplace C products, one row per product.",
  marketplace: "C",
  endpoints: ["C7"],
  params: [
    shopIdC,
    productIdsC,
    field,
    headers,
    returnRateWindow,
    hasVat,
    adsCostPerSale,
    effectiveDate,
  ],
  notes: ["One request per 100 products; a product the API cannot find shows in its own row."],
  example: '=MKTC_PRODUCTS(700001, "17700001000001")',
  run: answerBatch("C7", "productId", (id) => `Product ${id} not found`, profitTable),
});
