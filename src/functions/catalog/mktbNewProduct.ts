import { answerArgs } from "../answer";
import {
  effectiveDate,
  field,
  hasVat,
  headers,
  newListingCogs,
  regionCode,
  sellerType,
} from "../common";
import { defineFunction } from "../define";
import { integerId, numberParam } from "../params";
import { profitTable } from "../shape";

export const MKTB_NEW_PRODUCT = defineFunction({
  name: "MKTB_NEW_PRODUCT",
  help: "Estimated per-unit profit of a marketplace B product before you list it.",
  marketplace: "B",
  endpoints: ["B3"],
  params: [
    regionCode,
    numberParam("listingPrice", "Proposed listing price."),
    integerId("categoryId", "Category id; sets the commission rate."),
    field,
    headers,
    newListingCogs,
    hasVat,
    sellerType,
    effectiveDate,
  ],
  example: '=MKTB_NEW_PRODUCT("MY", 49, 200004, "margin")',
  run: answerArgs("B3", profitTable),
});
