import { answerListing } from "../answer";
import { headers, limit, regionCode } from "../common";
import { defineFunction } from "../define";
import { basisB, sellerIdB } from "./paramsB";

export const MKTB_PRODUCTS = defineFunction({
  name: "MKTB_PRODUCTS",
  help: "Per-product profit breakdowns of a whole marketplace B shop, one row per product.",
  marketplace: "B",
  endpoints: ["B7"],
  params: [sellerIdB, regionCode, limit, headers, ...basisB],
  example: '=MKTB_PRODUCTS(500001, "MY", 200)',
  run: answerListing("B7"),
});
