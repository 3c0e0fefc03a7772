import { answerRowsOf } from "../answer";
import { defineFunction } from "../define";
import { basisB, itemRowsB } from "./paramsB";

export const MKTB_ITEM = defineFunction({
  name: "MKTB_ITEM",
  help: "Volume-weighted per-unit breakdown of a marketplace B product across all its SKUs.",
  marketplace: "B",
  endpoints: ["B6"],
  params: [...itemRowsB, ...basisB],
  example: '=MKTB_ITEM(500001, "MY", 40000001, "netProfit")',
  run: answerRowsOf("B6", ["itemId"]),
});
