import { answerOne } from "../answer";
import { effectiveDate, field, hasVat, headers, listingPrice, newListingCogs } from "../common";
import { defineFunction } from "../define";
import { booleanParam, optional, textParam } from "../params";
import { defined } from "../requests";
import { profitTable } from "../shape";
import { adsCostPerSale, categoryPath, ownFleetOnly, shopIdC } from "./paramsC";

export const MKTC_NEW_PRODUCT = defineFunction({
  name: "MKTC_NEW_PRODUCT",
  help: "Estimated per-unit profit of a marketplace C product before you list it.",
  marketplace: "C",
  endpoints: ["C4"],
  params: [
    shopIdC,
    listingPrice,
    textParam(
      "category",
      'Category path "L1 > L2 > L3" (L2 and L3 optional); sets the commission rate.',
    ),
    field,
    headers,
    newListingCogs,
    adsCostPerSale,
    hasVat,
    optional(
      booleanParam("isPreOrder", "Listed as pre-order, adds the pre-order fee (default FALSE)."),
    ),
    ownFleetOnly,
    effectiveDate,
  ],
  example: '=MKTC_NEW_PRODUCT(700001, 299, "Food & Beverages > Snacks > Chips", "netProfit")',
  *run(a) {
    const { field: _f, headers: _h, category, ...body } = a;
    return yield* answerOne(
      "C4",
      defined({ ...body, ...categoryPath(category, "category") }),
      a,
      profitTable,
    );
  },
});
