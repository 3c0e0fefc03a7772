import { entriesByRow } from "../answer";
import { effectiveDate, field, hasVat, headers, lookbackDays } from "../common";
import { defineFunction } from "../define";
import { defined, fetchBatch } from "../requests";
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
    lookbackDays(30, "Return-rate window"),
    hasVat,
    adsCostPerSale,
    effectiveDate,
  ],
  notes: ["One request per 100 products; a product the API cannot find shows in its own row."],
  example: '=MKTC_PRODUCTS(700001, "17700001000001")',
  *run(a) {
    const { productId, field: _f, headers: _h, ...options } = a;
    const byProduct = yield* fetchBatch("C7", defined(options), productId.values);
    return entriesByRow(
      byProduct,
      productId,
      "productId",
      (id) => `Product ${id} not found`,
      a,
      profitTable,
    );
  },
});
