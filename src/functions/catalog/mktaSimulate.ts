import { answerRowsOf } from "../answer";
import { cogsOverride, effectiveDate } from "../common";
import { defineFunction } from "../define";
import { FRACTION, numberParam, optional } from "../params";
import { variantRowsA } from "./paramsA";

export const MKTA_SIMULATE = defineFunction({
  name: "MKTA_SIMULATE",
  help: "What-if profit of a marketplace A product after a discount, voucher, cost or fee change (changes nothing). Starts from the API's baseline (today's list price and discount, costs from recent sales), not your sales window's averages; A5 takes no VAT setting, so its Basis row says what the API counted.",
  marketplace: "A",
  endpoints: ["A5"],
  params: [
    ...variantRowsA,
    optional(
      numberParam(
        "sellerDiscount",
        "Proposed seller discount per unit (default: the current one).",
      ),
    ),
    optional(
      numberParam("sellerVoucher", "Proposed seller voucher per unit (default: the current one)."),
    ),
    cogsOverride,
    optional(
      numberParam(
        "adsCostPerSale",
        "Ads cost per sale to assume (default: from your ads history).",
      ),
    ),
    optional(
      numberParam(
        "commissionRate",
        "Commission rate to assume, as a fraction or % (6%); default: the category's current rate.",
        FRACTION,
      ),
    ),
    effectiveDate,
  ],
  example: '=MKTA_SIMULATE(100001, "SG", 10001691, , "netProfit", , 2)',
  run: answerRowsOf("A5", ["itemId", "modelId"]),
});
