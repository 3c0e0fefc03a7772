import { keyValueTable } from "../../core/shape";
import { answerBatch } from "../answer";
import { adsWindow } from "../common";
import { defineFunction } from "../define";
import { itemRowsB } from "./paramsB";

/** B11 is not yet active: the endpoint table has no batch form for it, so it is given here. */
const B11_IDS = { idsField: "itemIds", resultIdField: "itemId", maxIds: 100 } as const;

export const MKTB_CORRECTED_ROAS = defineFunction({
  name: "MKTB_CORRECTED_ROAS",
  help: "Ad ROAS per marketplace B item corrected for cancelled orders. Not yet active: the API computes none for B until its provider activates it.",
  marketplace: "B",
  endpoints: ["B11"],
  params: [...itemRowsB, adsWindow],
  notes: [
    'Why every row says so today: the API spec marks this endpoint (B11) "not yet active", and it answers an empty list for every item, the example\'s too. The spec gives no date.',
    "When the provider activates it, refresh the cells with errors from the add-in's menu or pane: the same formulas then show the figures. Marketplace A's corrected ROAS works today: MKTA_CORRECTED_ROAS.",
  ],
  example: '=MKTB_CORRECTED_ROAS(500001, "MY", 40000001)',
  run: answerBatch(
    "B11",
    "itemId",
    (id) =>
      `No corrected ROAS for item ${id} yet: the API computes none for B until its provider activates it; then refresh the cells with errors from the add-in's menu or pane`,
    keyValueTable,
    B11_IDS,
  ),
});
