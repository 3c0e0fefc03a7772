import type { Marketplace } from "../../api/types";
import { apiCall, parallel } from "../../core/effects";
import { ApiError } from "../../core/errors";
import { flattenRecord, pairsTable } from "../../core/shape";
import type { Cell } from "../cells";
import { MARKETPLACES, headers } from "../common";
import { defineFunction } from "../define";
import { choiceParam, optional } from "../params";
import { SHOP_ENDPOINTS, isMissingShopList } from "../shops";

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
