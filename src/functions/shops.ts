/** Your shops and products: the ids every other function takes. */
import type { Marketplace } from "../api/types";
import { apiCall, call, parallel } from "../core/effects";
import { ApiError } from "../core/errors";
import type { Cell } from "./cells";
import { DEFAULT_LIMIT, MARKETPLACES, headers, limit } from "./common";
import { defineFunction } from "./define";
import { choiceParam, optional, textParam } from "./params";
import { flattenRecord, isRecord, pairsTable, recordsTable } from "../core/shape";

const SHOP_ENDPOINTS = { A: "SHOPS_A", B: "SHOPS_B", C: "SHOPS_C" } as const;

/**
 * True when the B or C shop list is simply not there: those paths are reference-server
 * extensions (the spec says the lists exist but shows no path), so another API answers them
 * with a 404, a 405 or something that is not a shop list. A rejected key or a rate limit is
 * still that error.
 */
export function isMissingShopList(market: Marketplace, error: ApiError): boolean {
  return (
    market !== "A" &&
    (error.code === "NOT_FOUND" || error.code === "BAD_REQUEST" || error.code === "BAD_RESPONSE")
  );
}

export const SHOPS = defineFunction({
  name: "SHOPS",
  help: "Your connected shops (A, C) and sellers (B), with the ids the other functions take.",
  marketplace: null,
  endpoints: ["SHOPS_A", "SHOPS_B", "SHOPS_C"],
  params: [
    optional(choiceParam("marketplace", "A, B or C; empty for all three.", MARKETPLACES)),
    headers,
  ],
  example: "=SHOPS()",
  *run(a) {
    const markets: Marketplace[] = a.marketplace ? [a.marketplace] : [...MARKETPLACES];
    // parallel, not fetchEach: a single list's failure must reach isMissingShopList, not the cell.
    const outcomes = yield* parallel(markets.map((mk) => apiCall(SHOP_ENDPOINTS[mk], {})));
    const rows: Array<Array<[string, Cell]>> = [];
    outcomes.forEach((o, i) => {
      const market = markets[i] ?? "A";
      if (!o.ok && isMissingShopList(market, o.error)) {
        // Listing all marketplaces shows the lists there are rather than failing the cell.
        if (!a.marketplace) return;
        throw new ApiError(
          "NOT_FOUND",
          `This API has no list of your marketplace ${market} ${market === "B" ? "sellers" : "shops"} (the spec does not show one): type the ${market === "B" ? "seller" : "shop"} id into the functions directly, or remember it under Shops in the sidebar`,
        );
      }
      if (!o.ok) throw o.error;
      for (const shop of Array.isArray(o.value) ? o.value : [])
        rows.push([["marketplace", markets[i] as string], ...flattenRecord(shop)]);
    });
    return rows.length === 0 ? [["No shops connected"]] : pairsTable(rows, a.headers ?? true);
  },
});

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

export const SHOP_FUNCTIONS = [SHOPS, PRODUCT_SEARCH];
