import { answerRowsOf } from "../answer";
import { field, headers, regionCode } from "../common";
import { defineFunction } from "../define";
import { basisB, itemIdsB, sellerIdB } from "./paramsB";

export const MKTB_ITEM = defineFunction({
  name: "MKTB_ITEM",
  help: "Volume-weighted per-unit breakdown of a marketplace B product across all its SKUs.",
  marketplace: "B",
  endpoints: ["B6"],
  params: [sellerIdB, regionCode, itemIdsB, field, headers, ...basisB],
  example: '=MKTB_ITEM(500001, "MY", 40000001, "netProfit")',
  run: answerRowsOf("B6", ["itemId"]),
});
