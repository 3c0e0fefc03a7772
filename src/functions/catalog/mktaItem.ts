import { answerRowsOf } from "../answer";
import { defineFunction } from "../define";
import { basisA, itemRowsA } from "./paramsA";

export const MKTA_ITEM = defineFunction({
  name: "MKTA_ITEM",
  help: "Realized per-unit breakdown of a marketplace A product across all its models.",
  marketplace: "A",
  endpoints: ["A6"],
  params: [...itemRowsA, ...basisA],
  example: '=MKTA_ITEM(100001, "SG", 10001691, "margin")',
  run: answerRowsOf("A6", ["itemId"]),
});
