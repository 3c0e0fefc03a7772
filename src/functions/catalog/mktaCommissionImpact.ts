import { documentTable } from "../../core/shape";
import { answerArgs } from "../answer";
import { fieldOf, headers, includeVat, regionCode } from "../common";
import { defineFunction } from "../define";
import { dateParam, optional, wholeNumberParam } from "../params";
import { salesWindow, shopIdA } from "./paramsA";

export const MKTA_COMMISSION_IMPACT = defineFunction({
  name: "MKTA_COMMISSION_IMPACT",
  help: "Monthly profit impact of an upcoming marketplace A commission-rate change, by category.",
  marketplace: "A",
  endpoints: ["A19"],
  params: [
    shopIdA,
    regionCode,
    dateParam("effectiveDate", "Date the new commission rates take effect."),
    fieldOf(
      '"Total monthly profit delta" (totalMonthlyProfitDelta) or "Affected product count" (affectedProductCount)',
    ),
    headers,
    salesWindow,
    includeVat,
    optional(wholeNumberParam("topN", "Most-affected products per category (default 20).", 1, 100)),
  ],
  example: '=MKTA_COMMISSION_IMPACT(100001, "SG", DATE(2030,1,1), "totalMonthlyProfitDelta")',
  run: answerArgs("A19", documentTable),
});
