/** Marketplace B functions (sellerId / itemId / skuId; margins are fractions 0..1). */
import { apiCall, call } from "../core/effects";
import {
  DEFAULT_LIMIT,
  effectiveDate,
  field,
  hasVat,
  headers,
  itemIdsB,
  limit,
  lookbackDays,
  regionCode,
  sellerIdB,
  sellerType,
  variantRowsB,
  newListingCogs,
  originalPriceOverride,
  sellerVoucherOverride,
  cogsOverride,
  returnCostOverride,
} from "./common";
import { defineFunction } from "./define";
import { answerArgs, answerListing, answerRowsOf, entriesByRow } from "./answer";
import { shopOverviewFunction } from "./overview";
import { booleanParam, choiceParam, integerId, FRACTION, numberParam, optional } from "./params";
import { defined, fetchBatch } from "./requests";
import { keyValueTable, recordsTable } from "../core/shape";
import { profitTable } from "./shape";
import { variantBreakdown } from "./variantRows";

export const MKTB_BREAKDOWN = defineFunction({
  name: "MKTB_BREAKDOWN",
  help: "Per-unit profit breakdown of a marketplace B product or SKU.",
  marketplace: "B",
  endpoints: ["B1", "B2"],
  params: [
    ...variantRowsB,
    lookbackDays(30, "Return-rate window"),
    hasVat,
    sellerType,
    effectiveDate,
  ],
  notes: [
    "With skuId the per-SKU batch endpoint answers: a range of SKU ids costs one request per 100 ids.",
    "Without skuId the result is the volume-weighted aggregate across the product's SKUs.",
    "Margins of marketplace B are fractions (0.235 = 23.5 %).",
  ],
  example: '=MKTB_BREAKDOWN(500001, "MY", 40000001, , "margin")',
  *run(a) {
    const options = defined({
      sellerType: a.sellerType,
      hasVat: a.hasVat,
      lookbackDays: a.lookbackDays,
      effectiveDate: a.effectiveDate,
    });
    const common = { sellerId: a.sellerId, region: a.region };
    return yield* variantBreakdown(
      {
        product: { name: "itemId", arg: a.itemId },
        variant: { name: "skuId", label: "SKU", arg: a.skuId },
        batch: { endpoint: "B1", params: { ...common, ...options }, usable: true },
        callOf: (itemId) =>
          itemId === undefined ? null : apiCall("B2", { ...common, ...options, itemId }),
        where: `for seller ${a.sellerId}`,
      },
      a,
    );
  },
});

export const MKTB_NEW_PRODUCT = defineFunction({
  name: "MKTB_NEW_PRODUCT",
  help: "Estimated per-unit profit of a marketplace B product before you list it.",
  marketplace: "B",
  endpoints: ["B3"],
  params: [
    regionCode,
    numberParam("listingPrice", "Proposed listing price."),
    integerId("categoryId", "Category id; sets the commission rate."),
    field,
    headers,
    newListingCogs,
    hasVat,
    sellerType,
    effectiveDate,
  ],
  example: '=MKTB_NEW_PRODUCT("MY", 49, 200004, "margin")',
  run: answerArgs("B3", profitTable),
});

export const MKTB_SIMULATE = defineFunction({
  name: "MKTB_SIMULATE",
  help: "What-if profit of a marketplace B product or SKU after a price, discount, cost or fee change (changes nothing).",
  marketplace: "B",
  endpoints: ["B5"],
  params: [
    ...variantRowsB,
    originalPriceOverride,
    optional(
      numberParam(
        "specialPriceDiscount",
        "Special-price discount per unit (default: the current one).",
      ),
    ),
    sellerVoucherOverride,
    cogsOverride,
    optional(
      numberParam(
        "commissionRate",
        "Commission rate to assume, fraction or % (8%); default: the category's current rate.",
        FRACTION,
      ),
    ),
    returnCostOverride,
    optional(
      booleanParam(
        "isInFreeShipping",
        "In the free-shipping programme (default: as enrolled now).",
      ),
    ),
    effectiveDate,
    optional(booleanParam("coinsEnabled", "Coins deduction on (default: as set now).")),
    optional(
      numberParam(
        "coinRate",
        "Coins share of the price, fraction or % (default: the current rate).",
        FRACTION,
      ),
    ),
  ],
  example: '=MKTB_SIMULATE(500001, "MY", 40000001, , "netProfit", , , 20)',
  run: answerRowsOf("B5", ["itemId", "skuId"]),
});

export const MKTB_ITEM = defineFunction({
  name: "MKTB_ITEM",
  help: "Volume-weighted per-unit breakdown of a marketplace B product across all its SKUs.",
  marketplace: "B",
  endpoints: ["B6"],
  params: [sellerIdB, regionCode, itemIdsB, field, headers, hasVat, sellerType, effectiveDate],
  example: '=MKTB_ITEM(500001, "MY", 40000001, "netProfit")',
  run: answerRowsOf("B6", ["itemId"]),
});

export const MKTB_PRODUCTS = defineFunction({
  name: "MKTB_PRODUCTS",
  help: "Per-product profit breakdowns of a whole marketplace B shop, one row per product.",
  marketplace: "B",
  endpoints: ["B7"],
  params: [sellerIdB, regionCode, limit, headers, hasVat, sellerType, effectiveDate],
  example: '=MKTB_PRODUCTS(500001, "MY", 200)',
  run: answerListing("B7"),
});

export const MKTB_ALL_SKUS = defineFunction({
  name: "MKTB_ALL_SKUS",
  help: "Every SKU of a marketplace B shop with its profit breakdown, one row per SKU.",
  marketplace: "B",
  endpoints: ["B8"],
  params: [sellerIdB, regionCode, limit, headers, hasVat, sellerType, effectiveDate],
  notes: ["One request returns the whole shop; `limit` only trims the rows shown."],
  example: '=MKTB_ALL_SKUS(500001, "MY", 1000)',
  *run(a) {
    const { limit: rows, headers: h, ...body } = a;
    const all: unknown = yield* call("B8", defined(body));
    return recordsTable((Array.isArray(all) ? all : []).slice(0, rows ?? DEFAULT_LIMIT), h ?? true);
  },
});

export const MKTB_TOP_PRODUCTS = defineFunction({
  name: "MKTB_TOP_PRODUCTS",
  help: "Marketplace B products ranked by true profit or by profit-adjusted ROAS, best first.",
  marketplace: "B",
  endpoints: ["B12", "B13"],
  params: [
    sellerIdB,
    regionCode,
    optional(
      choiceParam("sortBy", "PROFIT (default) or ROAS (not yet active on the API).", [
        "PROFIT",
        "ROAS",
      ]),
    ),
    limit,
    headers,
    hasVat,
    sellerType,
    effectiveDate,
  ],
  example: '=MKTB_TOP_PRODUCTS(500001, "MY", "PROFIT", 10)',
  run: answerListing("B12", "B13"),
});

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

export const MKTB_OVERVIEW = shopOverviewFunction({
  name: "MKTB_OVERVIEW",
  help: "Marketplace B shop overview: profit, revenue, cost waterfall, best/worst products, margin spread.",
  marketplace: "B",
  endpoint: "B16",
  shop: sellerIdB,
  example: '=MKTB_OVERVIEW(500001, "MY", "totalProfit")',
});

export const MKTB_FUNCTIONS = [
  MKTB_BREAKDOWN,
  MKTB_ITEM,
  MKTB_NEW_PRODUCT,
  MKTB_SIMULATE,
  MKTB_PRODUCTS,
  MKTB_ALL_SKUS,
  MKTB_TOP_PRODUCTS,
  MKTB_CORRECTED_ROAS,
  MKTB_OVERVIEW,
];
