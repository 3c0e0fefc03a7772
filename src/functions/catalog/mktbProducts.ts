import { answerListing } from "../answer";
import { defineFunction } from "../define";
import { listingB } from "./paramsB";

export const MKTB_PRODUCTS = defineFunction({
  name: "MKTB_PRODUCTS",
  help: "Per-product profit breakdowns of a whole marketplace B shop, one row per product.",
  marketplace: "B",
  endpoints: ["B7"],
  params: listingB,
  example: '=MKTB_PRODUCTS(500001, "MY", 200)',
  run: answerListing("B7"),
});
