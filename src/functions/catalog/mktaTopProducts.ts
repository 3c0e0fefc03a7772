import { answerListing } from "../answer";
import { headers, limit, regionCode } from "../common";
import { defineFunction } from "../define";
import { choiceParam, optional } from "../params";
import { basisA, shopIdA } from "./paramsA";

export const MKTA_TOP_PRODUCTS = defineFunction({
  name: "MKTA_TOP_PRODUCTS",
  help: "Marketplace A products ranked by realized profit or by profit-adjusted ROAS, best first.",
  marketplace: "A",
  endpoints: ["A11", "A12"],
  params: [
    shopIdA,
    regionCode,
    optional(
      choiceParam("sortBy", "PROFIT (default) or ROAS (profit-adjusted).", ["PROFIT", "ROAS"]),
    ),
    limit,
    headers,
    ...basisA,
  ],
  example: '=MKTA_TOP_PRODUCTS(100001, "SG", "PROFIT", 10)',
  run: answerListing("A11", "A12"),
});
