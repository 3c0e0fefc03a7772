import { answerListing } from "../answer";
import { headers, limit, regionCode } from "../common";
import { defineFunction } from "../define";
import { choiceParam, optional } from "../params";
import { basisB, sellerIdB } from "./paramsB";

export const MKTB_TOP_PRODUCTS = defineFunction({
  name: "MKTB_TOP_PRODUCTS",
  help: "Marketplace B products ranked by true profit or by profit-adjusted ROAS, best first.",
  marketplace: "B",
  endpoints: ["B12", "B13"],
  params: [
    sellerIdB,
    regionCode,
    optional(
      choiceParam("sortBy", "PROFIT (default) or ROAS (not yet active on the API).", [
        "PROFIT",
        "ROAS",
      ]),
    ),
    limit,
    headers,
    ...basisB,
  ],
  example: '=MKTB_TOP_PRODUCTS(500001, "MY", "PROFIT", 10)',
  run: answerListing("B12", "B13"),
});
