import { keyValueTable } from "../../core/shape";
import { answerBatch } from "../answer";
import { adsWindow } from "../common";
import { defineFunction } from "../define";
import { itemRowsA } from "./paramsA";

export const MKTA_CORRECTED_ROAS = defineFunction({
  name: "MKTA_CORRECTED_ROAS",
  help: "Ad ROAS per marketplace A item corrected for cancelled orders (GMV based, no COGS).",
  marketplace: "A",
  endpoints: ["A10"],
  params: [...itemRowsA, adsWindow],
  notes: ["A range of item ids costs one request per 100 ids."],
  example: '=MKTA_CORRECTED_ROAS(100001, "SG", 10001691, "correctedRoas")',
  run: answerBatch("A10", "itemId", (id) => `No ads data for item ${id}`, keyValueTable),
});
