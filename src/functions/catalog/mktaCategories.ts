/**
 * MKTA_CATEGORIES: the category ids a marketplace A shop's region accepts, with today's
 * commission rate, from the commission overview (A20), so a seller finds the `categoryId` of
 * MKTA_NEW_PRODUCT and REQUIRED_PRICE without a detour (issue 12).
 */
import { call } from "../../core/effects";
import { figureCell } from "../../core/figure";
import { isRecord, toCell } from "../../core/shape";
import type { ResultCell } from "../cells";
import { headers, regionCode } from "../common";
import { shopIdA } from "./paramsA";
import { defineFunction } from "../define";

/** The widest window and list A20 allows, so every category the shop sells in is listed. */
const A20_WIDEST = { lookbackDays: 730, topN: 100 } as const;

export const MKTA_CATEGORIES = defineFunction({
  name: "MKTA_CATEGORIES",
  help: "Marketplace A category ids with today's commission rate in the shop's region: the categoryId values MKTA_NEW_PRODUCT and REQUIRED_PRICE take.",
  marketplace: "A",
  endpoints: ["A20"],
  params: [shopIdA, regionCode, headers],
  notes: [
    "From the commission overview (A20) over the last 730 days: the categories the shop sold in (at most 100). The commission rate is a fraction shown as a percentage (0.06 reads 6.00%).",
  ],
  example: '=MKTA_CATEGORIES(100001, "SG")',
  *run(a) {
    const data: unknown = yield* call("A20", {
      shopId: a.shopId,
      region: a.region,
      ...A20_WIDEST,
    });
    const list = isRecord(data) && Array.isArray(data.byCategory) ? data.byCategory : [];
    const rows: ResultCell[][] = list
      .filter(isRecord)
      .map((c) => [
        figureCell("categoryId", toCell(c.categoryId), null),
        toCell(c.name),
        figureCell("currentRate", toCell(c.currentRate), null),
      ]);
    if (rows.length === 0)
      return `No categories: shop ${a.shopId} ${a.region} sold nothing in 730 days`;
    const head: ResultCell[] = ["Category id", "Name", "Commission rate"];
    return (a.headers ?? true) ? [head, ...rows] : rows;
  },
});
