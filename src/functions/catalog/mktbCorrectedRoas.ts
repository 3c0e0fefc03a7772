import { keyValueTable } from "../../core/shape";
import { answerBatch } from "../answer";
import { adsWindow } from "../common";
import { defineFunction } from "../define";
import { itemRowsB } from "./paramsB";

/** B11 is not yet active: the endpoint table has no batch form for it, so it is given here. */
const B11_IDS = { idsField: "itemIds", resultIdField: "itemId", maxIds: 100 } as const;

export const MKTB_CORRECTED_ROAS = defineFunction({
  name: "MKTB_CORRECTED_ROAS",
  help: "Ad ROAS per marketplace B item corrected for cancelled orders (not yet active on the API).",
  marketplace: "B",
  endpoints: ["B11"],
  params: [...itemRowsB, adsWindow],
  notes: ["The API answers with no entries until this endpoint is activated: rows say so."],
  example: '=MKTB_CORRECTED_ROAS(500001, "MY", 40000001)',
  run: answerBatch(
    "B11",
    "itemId",
    (id) =>
      `No corrected ROAS for item ${id}: the API serves none for B yet; PROFIT_ROAS("B", ...) has ROAS`,
    keyValueTable,
    B11_IDS,
  ),
});
