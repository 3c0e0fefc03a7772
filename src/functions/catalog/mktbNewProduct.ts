import { answerArgs } from "../answer";
import { categoryId, field, headers, listingPrice, newListingCogs, regionCode } from "../common";
import { defineFunction } from "../define";
import { profitTable } from "../shape";
import { basisB } from "./paramsB";

export const MKTB_NEW_PRODUCT = defineFunction({
  name: "MKTB_NEW_PRODUCT",
  help: "Estimated per-unit profit of a marketplace B product before you list it.",
  marketplace: "B",
  endpoints: ["B3"],
  params: [regionCode, listingPrice, categoryId, field, headers, newListingCogs, ...basisB],
  example: '=MKTB_NEW_PRODUCT("MY", 49, 200004, "margin")',
  run: answerArgs("B3", profitTable),
});
