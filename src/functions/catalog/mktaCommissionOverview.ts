import { documentTable } from "../../core/shape";
import { answerArgs } from "../answer";
import { fieldOf, headers, includeVat, regionCode, topN } from "../common";
import { defineFunction } from "../define";
import { salesWindow, shopIdA } from "./paramsA";

export const MKTA_COMMISSION_OVERVIEW = defineFunction({
  name: "MKTA_COMMISSION_OVERVIEW",
  help: "Current marketplace A commission rates and what they cost you, by category.",
  marketplace: "A",
  endpoints: ["A20"],
  params: [
    shopIdA,
    regionCode,
    fieldOf(
      '"Total monthly commission" (totalMonthlyCommission) or "Commission as percent of revenue" (commissionAsPercentOfRevenue)',
    ),
    headers,
    salesWindow,
    includeVat,
    topN,
  ],
  example: '=MKTA_COMMISSION_OVERVIEW(100001, "SG", "commissionAsPercentOfRevenue")',
  run: answerArgs("A20", documentTable),
});
