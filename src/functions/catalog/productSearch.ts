import { call } from "../../core/effects";
import { isRecord, recordsTable } from "../../core/shape";
import { DEFAULT_LIMIT, headers, limit } from "../common";
import { defineFunction } from "../define";
import { textParam } from "../params";

export const PRODUCT_SEARCH = defineFunction({
  name: "PRODUCT_SEARCH",
  help: "Find your products across marketplaces by free text; returns their ids.",
  marketplace: null,
  endpoints: ["SEARCH"],
  params: [textParam("query", "Words to search for."), limit, headers],
  example: '=PRODUCT_SEARCH("water bottle")',
  *run(a) {
    const found: unknown = yield* call("SEARCH", { query: a.query });
    const list = Array.isArray(found)
      ? found
      : isRecord(found) && Array.isArray(found.data)
        ? found.data
        : [];
    return recordsTable(list.slice(0, a.limit ?? DEFAULT_LIMIT), a.headers ?? true);
  },
});
