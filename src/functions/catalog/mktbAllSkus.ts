import { call } from "../../core/effects";
import { recordsTable } from "../../core/shape";
import { DEFAULT_LIMIT } from "../common";
import { defineFunction } from "../define";
import { defined } from "../requests";
import { listingB } from "./paramsB";

export const MKTB_ALL_SKUS = defineFunction({
  name: "MKTB_ALL_SKUS",
  help: "Every SKU of a marketplace B shop with its profit breakdown, one row per SKU.",
  marketplace: "B",
  endpoints: ["B8"],
  params: listingB,
  notes: ["One request returns the whole shop; `limit` only trims the rows shown."],
  example: '=MKTB_ALL_SKUS(500001, "MY", 1000)',
  *run(a) {
    const { limit: rows, headers: h, ...body } = a;
    const all: unknown = yield* call("B8", defined(body));
    return recordsTable((Array.isArray(all) ? all : []).slice(0, rows ?? DEFAULT_LIMIT), h ?? true);
  },
});
