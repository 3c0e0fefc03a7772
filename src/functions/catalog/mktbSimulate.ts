import { answerRowsOf } from "../answer";
import {
  cogsOverride,
  effectiveDate,
  hasVat,
  originalPriceOverride,
  sellerType,
  returnCostOverride,
  sellerVoucherOverride,
} from "../common";
import { defineFunction } from "../define";
import { FRACTION, booleanParam, numberParam, optional } from "../params";
import { variantRowsB } from "./paramsB";

export const MKTB_SIMULATE = defineFunction({
  name: "MKTB_SIMULATE",
  help: "What-if profit of a marketplace B product or SKU after a price, discount, cost or fee change (changes nothing).",
  marketplace: "B",
  endpoints: ["B5"],
  params: [
    ...variantRowsB,
    originalPriceOverride,
    optional(
      numberParam(
        "specialPriceDiscount",
        "Special-price discount per unit (default: the current one).",
      ),
    ),
    sellerVoucherOverride,
    cogsOverride,
    optional(
      numberParam(
        "commissionRate",
        "Commission rate to assume, fraction or % (8%); default: the category's current rate.",
        FRACTION,
      ),
    ),
    returnCostOverride,
    optional(
      booleanParam(
        "isInFreeShipping",
        "In the free-shipping programme (default: as enrolled now).",
      ),
    ),
    effectiveDate,
    // The basis as every B profit function sends it (B's common optional fields).
    hasVat,
    sellerType,
  ],
  example: '=MKTB_SIMULATE(500001, "MY", 40000001, , "netProfit", , , 20)',
  run: answerRowsOf("B5", ["itemId", "skuId"]),
});
