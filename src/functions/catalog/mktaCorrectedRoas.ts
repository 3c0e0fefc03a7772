import { keyValueTable } from "../../core/shape";
import { entriesByRow } from "../answer";
import { field, headers, lookbackDays, regionCode } from "../common";
import { defineFunction } from "../define";
import { defined, fetchBatch } from "../requests";
import { itemIdsA, shopIdA } from "./paramsA";

export const MKTA_CORRECTED_ROAS = defineFunction({
  name: "MKTA_CORRECTED_ROAS",
  help: "Ad ROAS per marketplace A item corrected for cancelled orders (GMV based, no COGS).",
  marketplace: "A",
  endpoints: ["A10"],
  params: [shopIdA, regionCode, itemIdsA, field, headers, lookbackDays(30, "Ads window")],
  notes: ["A range of item ids costs one request per 100 ids."],
  example: '=MKTA_CORRECTED_ROAS(100001, "SG", 10001691, "correctedRoas")',
  *run(a) {
    const { itemId, field: _f, headers: _h, ...body } = a;
    const byItem = yield* fetchBatch("A10", defined(body), itemId.values);
    return entriesByRow(
      byItem,
      itemId,
      "itemId",
      (id) => `No ads data for item ${id}`,
      a,
      keyValueTable,
    );
  },
});
