/** Marketplace C functions (shopId / productId / skuId as text; margins are fractions 0..1). */
import { apiCall } from "../core/effects";
import {
  effectiveDate,
  field,
  hasVat,
  headers,
  lookbackDays,
  productIdsC,
  shopIdC,
  variantRowsC,
  newListingCogs,
  originalPriceOverride,
  sellerVoucherOverride,
  cogsOverride,
  returnCostOverride,
  ownFleetOnly,
} from "./common";
import { defineFunction } from "./define";
import { answerOne, answerRowsOf, entriesByRow } from "./answer";
import { shopOverviewFunction } from "./overview";
import { booleanParam, numberParam, optional, textParam } from "./params";
import { ArgumentError } from "./argumentError";
import { defined, fetchBatch } from "./requests";
import { profitTable } from "./shape";
import { variantBreakdown } from "./variantRows";

const adsCostPerSale = optional(
  numberParam("adsCostPerSale", "Ads cost per unit sold, as you estimate it (default none)."),
);

export const MKTC_BREAKDOWN = defineFunction({
  name: "MKTC_BREAKDOWN",
  help: "Per-unit profit breakdown of a marketplace C product or SKU.",
  marketplace: "C",
  endpoints: ["C1", "C2", "C3"],
  params: [
    ...variantRowsC,
    lookbackDays(30, "Return-rate window"),
    hasVat,
    adsCostPerSale,
    sellerVoucherOverride,
    effectiveDate,
  ],
  notes: [
    "Without skuId: the product aggregated across its SKUs (one request per distinct product).",
    "With skuId: the per-SKU batch endpoint, one request per 100 SKUs; with lookbackDays, adsCostPerSale or sellerVoucher each SKU is asked on its own (the batch endpoint lacks them).",
    "Margins of marketplace C are fractions (0.235 = 23.5 %).",
  ],
  example: '=MKTC_BREAKDOWN(700001, "17700001000001", , "margin")',
  *run(a) {
    const unitOptions = defined({
      hasVat: a.hasVat,
      adsCostPerSale: a.adsCostPerSale,
      sellerVoucher: a.sellerVoucher,
      lookbackDays: a.lookbackDays,
      effectiveDate: a.effectiveDate,
    });
    return yield* variantBreakdown(
      {
        product: { name: "productId", arg: a.productId },
        variant: { name: "skuId", label: "SKU", arg: a.skuId },
        // C3 lacks lookbackDays, adsCostPerSale and sellerVoucher: with them, C1 per SKU.
        batch: {
          endpoint: "C3",
          params: defined({ shopId: a.shopId, hasVat: a.hasVat, effectiveDate: a.effectiveDate }),
          usable:
            a.lookbackDays === undefined &&
            a.adsCostPerSale === undefined &&
            a.sellerVoucher === undefined,
        },
        callOf: (productId, skuId) => {
          if (productId === undefined) return null;
          return skuId === undefined
            ? apiCall("C2", { shopId: a.shopId, productId, ...unitOptions })
            : apiCall("C1", { shopId: a.shopId, productId, skuId, ...unitOptions });
        },
        where: `in shop ${a.shopId}`,
      },
      a,
    );
  },
});

export const MKTC_PRODUCTS = defineFunction({
  name: "MKTC_PRODUCTS",
  help: "Per-unit profit breakdowns of a list of marketplace C products, one row per product.",
  marketplace: "C",
  endpoints: ["C7"],
  params: [
    shopIdC,
    productIdsC,
    field,
    headers,
    lookbackDays(30, "Return-rate window"),
    hasVat,
    adsCostPerSale,
    effectiveDate,
  ],
  notes: ["One request per 100 products; a product the API cannot find shows in its own row."],
  example: '=MKTC_PRODUCTS(700001, "17700001000001")',
  *run(a) {
    const { productId, field: _f, headers: _h, ...options } = a;
    const byProduct = yield* fetchBatch("C7", defined(options), productId.values);
    return entriesByRow(
      byProduct,
      productId,
      "productId",
      (id) => `Product ${id} not found`,
      a,
      profitTable,
    );
  },
});

/** "Beauty > Skincare > Serum" -> categoryL1..L3 (also "/" as separator). */
export function categoryPath(path: string, argument: string): Record<string, string> {
  const parts = path
    .split(/\s*[>/]\s*/)
    .map((p) => p.trim())
    .filter((p) => p !== "");
  if (parts.length === 0 || parts.length > 3) {
    throw new ArgumentError(
      argument,
      `must be a category path such as "Beauty > Skincare > Serum", 1 to 3 levels (got "${path}")`,
    );
  }
  const out: Record<string, string> = {};
  parts.forEach((p, i) => (out[`categoryL${i + 1}`] = p));
  return out;
}

export const MKTC_NEW_PRODUCT = defineFunction({
  name: "MKTC_NEW_PRODUCT",
  help: "Estimated per-unit profit of a marketplace C product before you list it.",
  marketplace: "C",
  endpoints: ["C4"],
  params: [
    shopIdC,
    numberParam("listingPrice", "Proposed listing price."),
    textParam(
      "category",
      'Category path "L1 > L2 > L3" (L2 and L3 optional); sets the commission rate.',
    ),
    field,
    headers,
    newListingCogs,
    adsCostPerSale,
    hasVat,
    optional(
      booleanParam("isPreOrder", "Listed as pre-order, adds the pre-order fee (default FALSE)."),
    ),
    ownFleetOnly,
    effectiveDate,
  ],
  example: '=MKTC_NEW_PRODUCT(700001, 299, "Food & Beverages > Snacks > Chips", "netProfit")',
  *run(a) {
    const { field: _f, headers: _h, category, ...body } = a;
    return yield* answerOne(
      "C4",
      defined({ ...body, ...categoryPath(category, "category") }),
      a,
      profitTable,
    );
  },
});

export const MKTC_SIMULATE = defineFunction({
  name: "MKTC_SIMULATE",
  help: "What-if profit of a marketplace C product or SKU after a price, discount or cost change (changes nothing).",
  marketplace: "C",
  endpoints: ["C5"],
  params: [
    ...variantRowsC,
    originalPriceOverride,
    optional(numberParam("sellerDiscount", "Seller discount per unit (default: the current one).")),
    sellerVoucherOverride,
    optional(
      numberParam(
        "platformDiscount",
        "Platform-funded discount per unit (default: the current one).",
      ),
    ),
    cogsOverride,
    adsCostPerSale,
    returnCostOverride,
    effectiveDate,
    optional(booleanParam("isPreOrder", "Listed as pre-order (default: as listed now).")),
    ownFleetOnly,
  ],
  example: '=MKTC_SIMULATE(700001, "17700001000001", , "netProfit", , , 20)',
  run: answerRowsOf("C5", ["productId", "skuId"]),
});

export const MKTC_OVERVIEW = shopOverviewFunction({
  name: "MKTC_OVERVIEW",
  help: "Marketplace C shop overview from settled statements: profit, revenue, costs, best/worst products.",
  marketplace: "C",
  endpoint: "C10",
  shop: shopIdC,
  example: '=MKTC_OVERVIEW(700001, "TH", "totalProfit")',
});

export const MKTC_FUNCTIONS = [
  MKTC_BREAKDOWN,
  MKTC_PRODUCTS,
  MKTC_NEW_PRODUCT,
  MKTC_SIMULATE,
  MKTC_OVERVIEW,
];
