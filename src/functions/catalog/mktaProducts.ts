import { answerListing } from "../answer";
import { headers, limit, regionCode } from "../common";
import { defineFunction } from "../define";
import { basisA, shopIdA } from "./paramsA";

export const MKTA_PRODUCTS = defineFunction({
  name: "MKTA_PRODUCTS",
  help: "Per-product profit breakdowns of a whole marketplace A shop, one row per product.",
  marketplace: "A",
  endpoints: ["A7"],
  params: [shopIdA, regionCode, limit, headers, ...basisA],
  example: '=MKTA_PRODUCTS(100001, "SG", 500)',
  run: answerListing("A7"),
});
