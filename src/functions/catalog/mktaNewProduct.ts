import { answerArgs } from "../answer";
import {
  categoryId,
  effectiveDate,
  field,
  hasVat,
  headers,
  listingPrice,
  regionCode,
} from "../common";
import { defineFunction } from "../define";
import { numberParam, optional } from "../params";
import { profitTable } from "../shape";
import { shopIdA } from "./paramsA";

export const MKTA_NEW_PRODUCT = defineFunction({
  name: "MKTA_NEW_PRODUCT",
  help: "Estimated per-unit profit of a marketplace A product before you list it.",
  marketplace: "A",
  endpoints: ["A3"],
  params: [
    shopIdA,
    regionCode,
    listingPrice,
    categoryId,
    field,
    headers,
    optional(
      numberParam(
        "manufacturingCogs",
        "Unit product cost (default: inferred from the price, shown as COGS source inferred).",
      ),
    ),
    hasVat,
    optional(
      numberParam(
        "buyerPaidShippingFee",
        "Shipping the buyer pays (Seller-Own-Fleet only; default none).",
      ),
    ),
    effectiveDate,
  ],
  example: '=MKTA_NEW_PRODUCT(100001, "SG", 25, 100008, "netProfit")',
  run: answerArgs("A3", profitTable),
});
