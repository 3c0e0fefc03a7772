import { keyValueTable } from "../../core/shape";
import { entriesByRow } from "../answer";
import { field, headers, lookbackDays, regionCode } from "../common";
import { defineFunction } from "../define";
import { defined, fetchBatch } from "../requests";
import { itemIdsB, sellerIdB } from "./paramsB";

export const MKTB_CORRECTED_ROAS = defineFunction({
  name: "MKTB_CORRECTED_ROAS",
  help: "Ad ROAS per marketplace B item corrected for cancelled orders (not yet active on the API).",
  marketplace: "B",
  endpoints: ["B11"],
  params: [sellerIdB, regionCode, itemIdsB, field, headers, lookbackDays(30, "Ads window")],
  notes: ["The API answers with no entries until this endpoint is activated: rows say so."],
  example: '=MKTB_CORRECTED_ROAS(500001, "MY", 40000001)',
  *run(a) {
    const { itemId, field: _f, headers: _h, ...body } = a;
    const byItem = yield* fetchBatch("B11", defined(body), itemId.values, {
      idsField: "itemIds",
      resultIdField: "itemId",
      maxIds: 100,
    });
    return entriesByRow(
      byItem,
      itemId,
      "itemId",
      (id) => `No corrected ROAS for item ${id} yet`,
      a,
      keyValueTable,
    );
  },
});
