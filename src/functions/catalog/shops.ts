import type { Marketplace } from "../../api/types";
import { apiCall, parallel } from "../../core/effects";
import { ApiError } from "../../core/errors";
import { figurePairs, pairsTable } from "../../core/shape";
import type { ResultCell } from "../cells";
import { MARKETPLACES, headers } from "../common";
import { defineFunction } from "../define";
import { choiceParam, optional } from "../params";
import { SHOP_ENDPOINTS, isMissingShopList } from "../shops";

/**
 * A shop's figures with its id first as "shopId" on every marketplace: B calls it sellerId,
 * and the functions take it in the same place (shopId/sellerId, the first id argument).
 */
function withOneId(pairs: Array<[string, ResultCell]>): Array<[string, ResultCell]> {
  const id = pairs.find(([k]) => k === "shopId") ?? pairs.find(([k]) => k === "sellerId");
  const rest = pairs.filter(([k]) => k !== "shopId" && k !== "sellerId");
  return id ? [["shopId", id[1]], ...rest] : rest;
}

export const SHOPS = defineFunction({
  name: "SHOPS",
  help: "Your connected shops (A, C) and sellers (B), with the ids the other functions take (Shop id: a B seller's id too).",
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
    const rows: Array<Array<[string, ResultCell]>> = [];
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
        // Figures (counts, ids) read as everywhere; C's text shop id as the number it is.
        rows.push([["marketplace", market], ...withOneId(figurePairs(shop))]);
    });
    return rows.length === 0 ? [["No shops connected"]] : pairsTable(rows, a.headers ?? true);
  },
});
