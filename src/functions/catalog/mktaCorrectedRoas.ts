import { keyValueTable } from "../../core/shape";
import { answerBatch } from "../answer";
import { adsWindow, fieldOf, headers, regionCode } from "../common";
import { defineFunction } from "../define";
import { itemIdsA, shopIdA } from "./paramsA";

export const MKTA_CORRECTED_ROAS = defineFunction({
  name: "MKTA_CORRECTED_ROAS",
  help: "Ad ROAS per marketplace A item corrected for cancelled orders (GMV based, no COGS).",
  marketplace: "A",
  endpoints: ["A10"],
  params: [
    shopIdA,
    regionCode,
    itemIdsA,
    fieldOf('"Corrected ROAS" (correctedRoas) or "Total ad expense" (totalAdExpense)'),
    headers,
    adsWindow,
  ],
  notes: ["A range of item ids costs one request per 100 ids."],
  example: '=MKTA_CORRECTED_ROAS(100001, "SG", 10001691, "correctedRoas")',
  run: answerBatch("A10", "itemId", (id) => `No ads data for item ${id}`, keyValueTable),
});
