import { answerRowsOf } from "../answer";
import {
  cogsOverride,
  effectiveDate,
  hasVat,
  originalPriceOverride,
  returnCostOverride,
  sellerVoucherOverride,
} from "../common";
import { defineFunction } from "../define";
import { booleanParam, numberParam, optional } from "../params";
import { adsCostPerSale, ownFleetOnly, variantRowsC } from "./paramsC";

export const MKTC_SIMULATE = defineFunction({
  name: "MKTC_SIMULATE",
  help: "What-if profit of a marketplace C product or SKU after a price, discount or cost change (changes nothing).",
  marketplace: "C",
  endpoints: ["C5"],
  params: [
    ...variantRowsC,
    originalPriceOverride,
    optional(numberParam("sellerDiscount", "Seller discount per unit (default: the current one).")),
    sellerVoucherOverride,
    optional(
      numberParam(
        "platformDiscount",
        "Platform-funded discount per unit (default: the current one).",
      ),
    ),
    cogsOverride,
    adsCostPerSale,
    returnCostOverride,
    effectiveDate,
    optional(booleanParam("isPreOrder", "Listed as pre-order (default: as listed now).")),
    ownFleetOnly,
    // The basis as every C profit function sends it (spec 4.4: C's hasVat).
    hasVat,
  ],
  example: '=MKTC_SIMULATE(700001, "17700001000001", , "netProfit", , , 20)',
  run: answerRowsOf("C5", ["productId", "skuId"]),
});
