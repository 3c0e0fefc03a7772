/** Marketplace A functions (shopId / itemId / modelId; margins shown as fractions, see core/marginUnit). */
import { apiCall } from "../core/effects";
import {
  effectiveDate,
  field,
  headers,
  includeVat,
  hasVat,
  itemIdsA,
  limit,
  lookbackDays,
  salesWindow,
  regionCode,
  shopIdA,
  topN,
  variantRowsA,
  cogsOverride,
} from "./common";
import { defineFunction } from "./define";
import { answerArgs, answerListing, answerOne, answerRowsOf, entriesByRow } from "./answer";
import { checkPeriod } from "./overview";
import {
  booleanParam,
  choiceParam,
  dateParam,
  integerId,
  FRACTION,
  numberParam,
  optional,
  wholeNumberParam,
} from "./params";
import { defined, fetchBatch } from "./requests";
import { documentTable, keyValueTable } from "../core/shape";
import { profitTable } from "./shape";
import { variantBreakdown } from "./variantRows";

export const MKTA_BREAKDOWN = defineFunction({
  name: "MKTA_BREAKDOWN",
  help: "Per-unit profit breakdown of a marketplace A product or model, from actual sales.",
  marketplace: "A",
  endpoints: ["A1", "A2"],
  params: [...variantRowsA, salesWindow, includeVat, effectiveDate],
  notes: [
    "With modelId the per-model batch endpoint answers: a range of model ids costs one request per 100 ids.",
    "With a modelId and includeVat FALSE each model is asked on its own (the batch endpoint always counts VAT).",
    'Margins are fractions (0.235 = 23.5 %); the API\'s percent points are field "marginPoints".',
  ],
  example: '=MKTA_BREAKDOWN(100001, "SG", 10001691)',
  *run(a) {
    const common = { shopId: a.shopId, region: a.region };
    return yield* variantBreakdown(
      {
        product: { name: "itemId", arg: a.itemId },
        variant: { name: "modelId", label: "model", arg: a.modelId },
        // A1 has no includeVat and counts VAT for registered shops, like A2 with includeVat
        // TRUE: with FALSE, each model is asked through A2.
        batch: {
          endpoint: "A1",
          params: defined({
            ...common,
            lookbackDays: a.lookbackDays,
            effectiveDate: a.effectiveDate,
          }),
          usable: a.includeVat !== false,
        },
        callOf: (itemId, modelId) =>
          itemId === undefined
            ? null
            : apiCall(
                "A2",
                defined({
                  ...common,
                  itemId,
                  modelId,
                  lookbackDays: a.lookbackDays,
                  includeVat: a.includeVat,
                  effectiveDate: a.effectiveDate,
                }),
              ),
        where: `in shop ${a.shopId}`,
      },
      a,
    );
  },
});

export const MKTA_NEW_PRODUCT = defineFunction({
  name: "MKTA_NEW_PRODUCT",
  help: "Estimated per-unit profit of a marketplace A product before you list it.",
  marketplace: "A",
  endpoints: ["A3"],
  params: [
    shopIdA,
    regionCode,
    numberParam("listingPrice", "Proposed listing price."),
    integerId("categoryId", "Category id; sets the commission rate."),
    field,
    headers,
    optional(
      numberParam(
        "manufacturingCogs",
        "Unit product cost (default: inferred from the price, shown as COGS source inferred).",
      ),
    ),
    hasVat,
    optional(
      numberParam(
        "buyerPaidShippingFee",
        "Shipping the buyer pays (Seller-Own-Fleet only; default none).",
      ),
    ),
    effectiveDate,
  ],
  example: '=MKTA_NEW_PRODUCT(100001, "SG", 25, 100008, "netProfit")',
  run: answerArgs("A3", profitTable),
});

export const MKTA_SIMULATE = defineFunction({
  name: "MKTA_SIMULATE",
  help: "What-if profit of a marketplace A product after a discount, voucher, cost or fee change (changes nothing).",
  marketplace: "A",
  endpoints: ["A5"],
  params: [
    ...variantRowsA,
    optional(
      numberParam(
        "sellerDiscount",
        "Proposed seller discount per unit (default: the current one).",
      ),
    ),
    optional(
      numberParam("sellerVoucher", "Proposed seller voucher per unit (default: the current one)."),
    ),
    cogsOverride,
    optional(
      numberParam(
        "adsCostPerSale",
        "Ads cost per sale to assume (default: from your ads history).",
      ),
    ),
    optional(
      numberParam(
        "commissionRate",
        "Commission rate to assume, as a fraction or % (6%); default: the category's current rate.",
        FRACTION,
      ),
    ),
    effectiveDate,
  ],
  example: '=MKTA_SIMULATE(100001, "SG", 10001691, , "netProfit", , 2)',
  run: answerRowsOf("A5", ["itemId", "modelId"]),
});

export const MKTA_ITEM = defineFunction({
  name: "MKTA_ITEM",
  help: "Realized per-unit breakdown of a marketplace A product across all its models.",
  marketplace: "A",
  endpoints: ["A6"],
  params: [shopIdA, regionCode, itemIdsA, field, headers, salesWindow, includeVat, effectiveDate],
  example: '=MKTA_ITEM(100001, "SG", 10001691, "margin")',
  run: answerRowsOf("A6", ["itemId"]),
});

export const MKTA_PRODUCTS = defineFunction({
  name: "MKTA_PRODUCTS",
  help: "Per-product profit breakdowns of a whole marketplace A shop, one row per product.",
  marketplace: "A",
  endpoints: ["A7"],
  params: [shopIdA, regionCode, limit, headers, salesWindow, includeVat, effectiveDate],
  example: '=MKTA_PRODUCTS(100001, "SG", 500)',
  run: answerListing("A7"),
});

export const MKTA_TOP_PRODUCTS = defineFunction({
  name: "MKTA_TOP_PRODUCTS",
  help: "Marketplace A products ranked by realized profit or by profit-adjusted ROAS, best first.",
  marketplace: "A",
  endpoints: ["A11", "A12"],
  params: [
    shopIdA,
    regionCode,
    optional(
      choiceParam("sortBy", "PROFIT (default) or ROAS (profit-adjusted).", ["PROFIT", "ROAS"]),
    ),
    limit,
    headers,
    salesWindow,
    includeVat,
    effectiveDate,
  ],
  example: '=MKTA_TOP_PRODUCTS(100001, "SG", "PROFIT", 10)',
  run: answerListing("A11", "A12"),
});

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

/** Sections of the marketplace A shop overview and the endpoint of each. */
const OVERVIEW_SECTIONS = {
  SUMMARY: "A14",
  PRODUCTS: "A15",
  BREAKDOWNS: "A16",
  FLOW: "A17",
  DISTRIBUTION: "A18",
  ALL: "A13",
} as const;

const overviewOptions = [
  optional(dateParam("from", "Start date (default: 30 days before `to`).")),
  optional(dateParam("to", "End date (default today).")),
  optional(wholeNumberParam("topN", "How many top products to list (default 5).", 1, 100)),
  optional(booleanParam("compareToPrevious", "Compare with the period before (default TRUE).")),
  includeVat,
] as const;

export const MKTA_OVERVIEW = defineFunction({
  name: "MKTA_OVERVIEW",
  help: "Marketplace A shop overview: summary, best/worst products, cost breakdowns, money flow or margin spread.",
  marketplace: "A",
  endpoints: ["A13", "A14", "A15", "A16", "A17", "A18"],
  params: [
    shopIdA,
    regionCode,
    optional(
      choiceParam(
        "section",
        "SUMMARY (default), PRODUCTS, BREAKDOWNS, FLOW, DISTRIBUTION or ALL.",
        ["SUMMARY", "PRODUCTS", "BREAKDOWNS", "FLOW", "DISTRIBUTION", "ALL"],
      ),
    ),
    field,
    headers,
    ...overviewOptions,
  ],
  notes: ["ALL asks for the whole overview in one (slower) payload; the sections are faster."],
  example: '=MKTA_OVERVIEW(100001, "SG", "SUMMARY", "totalProfit")',
  *run(a) {
    const { section, field: _f, headers: _h, ...body } = a;
    checkPeriod(body);
    return yield* answerOne(
      OVERVIEW_SECTIONS[section ?? "SUMMARY"],
      defined(body),
      a,
      documentTable,
    );
  },
});

export const MKTA_COMMISSION_IMPACT = defineFunction({
  name: "MKTA_COMMISSION_IMPACT",
  help: "Monthly profit impact of an upcoming marketplace A commission-rate change, by category.",
  marketplace: "A",
  endpoints: ["A19"],
  params: [
    shopIdA,
    regionCode,
    dateParam("effectiveDate", "Date the new commission rates take effect."),
    field,
    headers,
    salesWindow,
    includeVat,
    optional(wholeNumberParam("topN", "Most-affected products per category (default 20).", 1, 100)),
  ],
  example: '=MKTA_COMMISSION_IMPACT(100001, "SG", DATE(2030,1,1), "totalMonthlyProfitDelta")',
  run: answerArgs("A19", documentTable),
});

export const MKTA_COMMISSION_OVERVIEW = defineFunction({
  name: "MKTA_COMMISSION_OVERVIEW",
  help: "Current marketplace A commission rates and what they cost you, by category.",
  marketplace: "A",
  endpoints: ["A20"],
  params: [shopIdA, regionCode, field, headers, salesWindow, includeVat, topN],
  example: '=MKTA_COMMISSION_OVERVIEW(100001, "SG", "commissionAsPercentOfRevenue")',
  run: answerArgs("A20", documentTable),
});

export const MKTA_FUNCTIONS = [
  MKTA_BREAKDOWN,
  MKTA_ITEM,
  MKTA_NEW_PRODUCT,
  MKTA_SIMULATE,
  MKTA_PRODUCTS,
  MKTA_TOP_PRODUCTS,
  MKTA_CORRECTED_ROAS,
  MKTA_OVERVIEW,
  MKTA_COMMISSION_IMPACT,
  MKTA_COMMISSION_OVERVIEW,
];
