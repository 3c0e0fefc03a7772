/**
 * Every endpoint of docs/api-spec.md as data (plus the two shop-list extensions of the
 * reference server). The add-in builds requests, batches and pages from this table; the
 * reference server derives its routes, validation and defaults from it. Where the spec is
 * silent the decisions of docs/contract-notes.md apply; our own choices say "our decision".
 * test/api/endpoints.test.ts checks this table against the spec text.
 */
import type {
  EndpointSpec,
  FieldSpec,
  FieldType,
  ResponseFieldSpec,
  ResponseKind,
  ResponseSpec,
} from "./types";

/** Path prefixes of spec 4.2, 4.3 and 4.4. */
export const P_A = "/api/mkt-a/financial-breakdown";
export const P_B = "/api/mkt-b/financial-breakdown/partner";
export const P_C = "/api/mkt-c/finance/breakdown";

/** Most ids one batch request may carry (contract-notes "Limits"). */
export const MAX_BATCH_IDS = 100;

/** Most models or SKUs one set-margin or buyer-price preview may price (contract-notes "Limits"). */
export const MAX_PREVIEW_ROWS = 1000;

type FieldExtra = Partial<
  Pick<FieldSpec, "default" | "items" | "values" | "fields" | "min" | "max" | "enum">
>;

/** A field whose name, type and requiredness survive as literal types (see `Body`). */
type Field<N extends string, T extends FieldType, R extends boolean> = FieldSpec & {
  readonly name: N;
  readonly type: T;
  readonly required: R;
};
const req = <N extends string, T extends FieldType>(
  name: N,
  type: T,
  doc: string,
  extra: FieldExtra = {},
): Field<N, T, true> => ({ ...extra, name, type, required: true, doc });
const opt = <N extends string, T extends FieldType>(
  name: N,
  type: T,
  doc: string,
  extra: FieldExtra = {},
): Field<N, T, false> => ({ ...extra, name, type, required: false, doc });
const out = (name: string, type: ResponseFieldSpec["type"], doc: string): ResponseFieldSpec => ({
  name,
  type,
  doc,
});
const res = (
  typeName: string,
  kind: ResponseKind,
  partial: boolean,
  fields: readonly ResponseFieldSpec[],
): ResponseSpec => ({ typeName, kind, partial, fields });

// ---- shared fields ------------------------------------------------------------------------

const SHOP_ID = req("shopId", "integer", "Shop identifier (marketplace A or C).");
const SELLER_ID = req("sellerId", "integer", "Marketplace B seller identifier.");
const REGION = req("region", "string", "Marketplace region code, e.g. SG.");
const ITEM_ID = req("itemId", "integer", "Product (item) identifier.");
const PRODUCT_ID_C = req("productId", "string", "Marketplace C product identifier.");
const EFFECTIVE_DATE = opt("effectiveDate", "date", "Date whose fee rates apply (YYYY-MM-DD).");

const lookback = (days: number, doc: string) =>
  opt("lookbackDays", "integer", doc, { default: days, min: 1, max: 730 });
const includeVat = (dflt: boolean, doc = "Include VAT in the breakdown.") =>
  opt("includeVat", "boolean", doc, { default: dflt });
const hasVat = (dflt: boolean) =>
  opt("hasVat", "boolean", "Seller is VAT-registered.", { default: dflt });
const topN = (n: number, doc: string) =>
  opt("topN", "integer", doc, { default: n, min: 1, max: 100 });
const PAGE = opt("page", "integer", "Page number, 0-based.", { default: 0, min: 0 });
const PAGE_SIZE = opt("pageSize", "integer", "Entries per page.", {
  default: 50,
  min: 1,
  max: 500,
});
const CURSOR = opt("cursorRtProductId", "integer", "Cursor from the previous page; omit to start.");
const COMPARE = opt("compareToPrevious", "boolean", "Include prior-period comparison.", {
  default: true,
});
const FROM = opt("from", "date", "Start date (YYYY-MM-DD).");
const TO = opt("to", "date", "End date (YYYY-MM-DD).");
const ids = <N extends string>(name: N, items: FieldType, doc: string) =>
  req(name, "array", doc, { items, min: 1, max: MAX_BATCH_IDS });
/** A fraction 0..1; optional unless `required` is true (typed so, for `Params`). */
function fraction<N extends string>(name: N, doc: string): Field<N, "number", false>;
function fraction<N extends string>(name: N, doc: string, required: true): Field<N, "number", true>;
function fraction<N extends string>(name: N, doc: string, required = false) {
  return (required ? req : opt)(name, "number", `${doc} Fraction 0..1.`, { min: 0, max: 1 });
}
/** Money a caller sends: never negative (our decision; contract notes "Limits"). */
const money = <N extends string>(name: N, doc: string) => opt(name, "number", doc, { min: 0 });

// Marketplace B common optional fields (spec 4.3).
const SELLER_TYPE = opt(
  "sellerType",
  "string",
  "Seller programme. Spec shows only the default REGULAR; allowing MALL is our decision.",
  { default: "REGULAR", enum: ["REGULAR", "MALL"] },
);
const HAS_VAT_B = hasVat(true);
const HAS_VAT_C = hasVat(false); // spec 4.4: hasVat defaults to false for marketplace C
const B_COMMON = [SELLER_TYPE, HAS_VAT_B, EFFECTIVE_DATE];

// Path parameters.
const PP_SHOP = [SHOP_ID, REGION];
const PP_SHOP_ITEM = [SHOP_ID, REGION, ITEM_ID];
const PP_SELLER = [SELLER_ID, REGION];
const PP_SELLER_ITEM = [SELLER_ID, REGION, ITEM_ID];

// Bodies shared by several endpoints.
const A_ROAS_BODY = [
  lookback(180, "Ads history window in days."),
  includeVat(false),
  EFFECTIVE_DATE,
];
const A_SORTED_BODY = [
  lookback(180, "Sales window in days."),
  includeVat(false),
  PAGE,
  PAGE_SIZE,
  EFFECTIVE_DATE,
];
const A_OVERVIEW_BODY = [
  opt("from", "date", "Start date (YYYY-MM-DD); when omitted the last 30 days."),
  opt("to", "date", "End date (YYYY-MM-DD).", { default: "today" }),
  topN(5, "Top N products to list."),
  COMPARE,
  includeVat(false),
];
const B_ROAS_BODY = [SELLER_TYPE, HAS_VAT_B, lookback(180, "Ads history window."), EFFECTIVE_DATE];
const B_SORTED_BODY = [SELLER_TYPE, HAS_VAT_B, PAGE, PAGE_SIZE, EFFECTIVE_DATE];
const OVERVIEW_BODY_BC = [
  FROM,
  TO,
  lookback(30, "Days back from today."),
  topN(5, "Top N products to list."),
  COMPARE,
  includeVat(false, "Surface the forward VAT position."),
];
const C_UNIT_BODY = [
  SHOP_ID,
  PRODUCT_ID_C,
  opt("skuId", "string", "Omit for the volume-weighted aggregate across SKUs."),
  HAS_VAT_C,
  money("adsCostPerSale", "Ads cost per unit, caller-supplied."),
  money("sellerVoucher", "Seller voucher per unit."),
  lookback(30, "Return-rate lookback in days."),
  EFFECTIVE_DATE,
];
const C_ADS_MAP = opt("adsCostByProductId", "object", "Per-product ads cost override map.", {
  values: "number",
});

// ---- response shapes ----------------------------------------------------------------------

const BREAKDOWN = out("breakdown", "object", "Per-unit signed lines (contract-notes).");
const METADATA = out("metadata", "object", "Rates, margin, profit summary (contract-notes).");
const SET_MARGIN_FIELDS = [
  out("adjustedItems", "array", "Per item: computed discount, voucher, simulated breakdown."),
  out("unadjustableItems", "array", "Items that cannot reach the target, each with a reason."),
];
const A_WITH_METADATA = res("MktAFinancialBreakdownWithMetadata", "object", false, [
  BREAKDOWN,
  METADATA,
  out("modelBreakdowns", "array", "Per-model entries (usually empty for new products)."),
]);
const B_WITH_METADATA = res("MktBFinancialBreakdownWithMetadata", "object", false, [
  BREAKDOWN,
  METADATA,
  out("skuBreakdowns", "array", "Per-SKU detail at product level (our name)."),
]);
const C_WITH_METADATA = res("MktCFinancialBreakdownWithMetadata", "object", false, [
  BREAKDOWN,
  METADATA,
  out("skuBreakdowns", "array", "Per-SKU detail at product level (our name)."),
]);
const A_ROAS_FIELDS = [
  out("itemId", "integer", "Product."),
  out("totalAdExpense", "number", "Ad spend in the window."),
  out("totalProfitFromAds", "number", "Profit from ads-attributed orders."),
  out("profitAdjustedRoas", "number", "Profit divided by ad spend (raw attribution)."),
  out("profitAdjustedCleanedRoas", "number", "Chain-rebuy cancels removed."),
  out("profitAdjustedDeflatedRoas", "number", "All cancels removed, net settled."),
  out("modelDetails", "array", "Per-variant margins and ROAS."),
];
const A_OVERVIEW_FIELDS = {
  grossGmv: out("grossGmv", "number", "After seller discount and seller-funded vouchers."),
  totalProfit: out("totalProfit", "number", "Total profit in the period."),
  avgMargin: out("avgMargin", "number", "Revenue-weighted margin."),
  topProfitProducts: out("topProfitProducts", "array", "Top N products by profit."),
  costBreakdown: out("costBreakdown", "array", "P&L waterfall with all cost lines."),
  comparison: out("comparison", "object", "Prior-period comparison and KPI deltas."),
  channelBreakdown: out("channelBreakdown", "object", "Profit by organic, ads, affiliate."),
  sankey: out("sankey", "object", "Money flow from gross revenue to net profit."),
  cogsCoverage: out("cogsCoverage", "object", "COGS coverage statistics."),
};
const B_ROAS = res("MktBProductProfitAdjustedRoasSummary", "object", false, [
  out("itemId", "integer", "Product."),
  out("raw", "object", "RAW frame: ad attribution, profit per ad order, ROAS, true GMV."),
  out("cleaned", "object", "CLEANED frame; null for now."),
  out("deflated", "object", "DEFLATED frame; null for now."),
  out("skuDetails", "array", "Per-SKU details."),
]);
const BC_OVERVIEW_FIELDS = [
  out("totalProfit", "number", "Total profit in the period."),
  out("revenue", "number", "Revenue in the period."),
  out("cogsCoverage", "object", "COGS coverage statistics."),
  out("costBreakdown", "array", "Cost-breakdown waterfall."),
  out("topProfitProducts", "array", "Top products by profit."),
  out("worstProfitProducts", "array", "Worst products by profit."),
  out("categoryBreakdown", "array", "Profit by category."),
  out("marginDistribution", "object", "Margin distribution."),
  out("comparison", "object", "Prior-period comparison."),
  out("vatPosition", "object", "Forward VAT position, when includeVat."),
];
const SHOP_RECORD_NOTE = "Shop record fields are not shown in the spec; names are ours.";

// ---- the table ----------------------------------------------------------------------------

const TABLE = [
  // 4.1 shop list and product search
  {
    id: "SHOPS_A",
    marketplace: "A",
    method: "GET",
    path: "/api/mkt-a/fetch-all-user-shops",
    body: [],
    bodyRequired: false,
    summary: "Your connected marketplace A shops.",
    response: res("MktAShop", "array", true, [
      out("shopId", "integer", SHOP_RECORD_NOTE),
      out("region", "string", "Region code."),
      out("shopName", "string", "Display name."),
    ]),
    status: "active",
  },
  {
    id: "SEARCH",
    marketplace: null,
    method: "POST",
    path: "/api/canonical-product-controller/canonical/search-products",
    body: [req("query", "string", "Free-text search.")],
    bodyRequired: true,
    summary: "Find your products by free text across marketplaces.",
    // Response shape not shown in the spec: entry names are our decision.
    response: res("CanonicalProductSearchResult", "array", true, [
      out("marketplace", "string", "A, B or C (our decision)."),
      out("shopId", "string", "Shop (A/C) or seller (B) id as a string (our decision)."),
      out("productId", "string", "Item or product id as a string (our decision)."),
      out("title", "string", "Product title (our decision)."),
    ]),
    status: "active",
  },
  // Reference-server extensions (contract-notes).
  {
    id: "SHOPS_B",
    marketplace: "B",
    method: "GET",
    path: "/api/mkt-b/fetch-all-user-shops",
    body: [],
    bodyRequired: false,
    summary: "Your connected marketplace B sellers.",
    response: res("MktBSeller", "array", true, [
      out("sellerId", "integer", SHOP_RECORD_NOTE),
      out("region", "string", "Region code."),
      out("shopName", "string", "Display name."),
    ]),
    status: "active",
    extension: true,
  },
  {
    id: "SHOPS_C",
    marketplace: "C",
    method: "GET",
    path: "/api/mkt-c/fetch-all-user-shops",
    body: [],
    bodyRequired: false,
    summary: "Your connected marketplace C shops.",
    response: res("MktCShop", "array", true, [
      out("shopId", "string", "Opaque string here (spec 2.4); bodies send it as an integer."),
      out("region", "string", "Region code."),
      out("shopName", "string", "Display name."),
    ]),
    status: "active",
    extension: true,
  },

  // 4.2 marketplace A
  {
    id: "A1",
    marketplace: "A",
    method: "POST",
    path: `${P_A}/model-breakdowns/batch-by-model-ids`,
    body: [
      SHOP_ID,
      REGION,
      ids("modelIds", "integer", "Model IDs to analyse."),
      lookback(180, "Sales window in days."),
      opt("effectiveDate", "date", "Date whose fee rates apply.", { default: "today" }),
    ],
    bodyRequired: true,
    summary: "Profit analysis (revenue, costs, fees, net profit) for a list of models.",
    response: res("MktAModelBreakdownFlatEntry", "array", true, [
      out("itemId", "integer", "Product."),
      { ...out("modelId", "integer", "Model; null for single-variant products."), nullable: true },
      out("originalPrice", "number", "List price before discounts."),
      BREAKDOWN,
      METADATA,
      out("modelUnitsSold", "integer", "Units sold in the lookback window."),
      out("productMargin", "number", "Margin in percent."),
    ]),
    batch: { idsField: "modelIds", resultIdField: "modelId", maxIds: MAX_BATCH_IDS },
    status: "active",
  },
  {
    id: "A2",
    marketplace: "A",
    method: "POST",
    path: `${P_A}/product`,
    body: [
      SHOP_ID,
      REGION,
      ITEM_ID,
      opt("modelId", "integer", "Omit to aggregate all models."),
      lookback(180, "Sales window in days."),
      includeVat(true),
      EFFECTIVE_DATE,
    ],
    bodyRequired: true,
    summary: "Per-unit profit breakdown of one product, aggregated over its models.",
    response: res("MktAFinancialBreakdown", "object", true, [
      out("originalModelPrice", "object", "List price line."),
      out("sellerDiscount", "object", "Seller discount line."),
      out("commissionFee", "object", "Commission line."),
      out("serviceFee", "object", "Service fee line."),
      out("manufacturingCogs", "object", "Product cost line (explicit or inferred)."),
      out("adsCostPerSale", "object", "Ads cost line."),
      out("vat", "object", "Output VAT line."),
    ]),
    status: "active",
  },
  {
    id: "A3",
    marketplace: "A",
    method: "POST",
    path: `${P_A}/new-product`,
    body: [
      SHOP_ID,
      REGION,
      req("listingPrice", "number", "Proposed listing price.", { min: 0 }),
      req("categoryId", "integer", "Determines the commission rate."),
      money("manufacturingCogs", "Unit product cost."),
      hasVat(false),
      money("buyerPaidShippingFee", "Applies to Seller-Own-Fleet only."),
      EFFECTIVE_DATE,
    ],
    bodyRequired: true,
    summary: "Estimated profit of a product before you list it.",
    response: A_WITH_METADATA,
    status: "active",
  },
  {
    id: "A4",
    marketplace: "A",
    method: "POST",
    path: `${P_A}/required-price`,
    body: [
      SHOP_ID,
      REGION,
      req("categoryId", "integer", "For the commission rate."),
      req("cogs", "number", "Unit product cost.", { min: 0 }),
      req("targetMargin", "number", "Target profit per unit (an amount)."),
      money("targetDiscount", "Fixed discount amount."),
      opt("targetDiscountPercent", "number", "Discount in percent of listing price (10 = 10 %).", {
        min: 0,
        max: 100,
      }),
      hasVat(false),
      money("adsCostPerSale", "Estimated ads cost to include."),
      EFFECTIVE_DATE,
    ],
    bodyRequired: true,
    summary: "Listing price that reaches a target profit per unit after all fees.",
    response: res("MktARequiredPriceResult", "object", false, [
      out("requiredListingPrice", "number", "Minimum price that reaches the target."),
      out("breakdown", "object", "Full cost breakdown at that price."),
    ]),
    status: "active",
  },
  {
    id: "A5",
    marketplace: "A",
    method: "POST",
    path: `${P_A}/simulate`,
    body: [
      SHOP_ID,
      REGION,
      ITEM_ID,
      opt("modelId", "integer", "Omit for product level."),
      money("sellerDiscount", "Proposed seller discount."),
      money("sellerVoucher", "Proposed seller voucher."),
      money("manufacturingCogs", "Override product cost."),
      money("adsCostPerSale", "Override ads cost estimate."),
      fraction("commissionRate", "Override commission rate."),
      EFFECTIVE_DATE,
    ],
    bodyRequired: true,
    summary: "What-if: profit after a price, discount or promotion change (changes nothing).",
    response: A_WITH_METADATA,
    status: "active",
  },
  {
    id: "A6",
    marketplace: "A",
    method: "POST",
    path: `${P_A}/item/{shopId}/{region}/{itemId}`,
    pathParams: PP_SHOP_ITEM,
    body: [lookback(180, "Sales window in days."), includeVat(false), EFFECTIVE_DATE],
    bodyRequired: false,
    summary: "Realized per-unit breakdown of a product from actual sales.",
    response: A_WITH_METADATA,
    status: "active",
  },
  {
    id: "A7",
    marketplace: "A",
    method: "POST",
    path: `${P_A}/products/{shopId}/{region}`,
    pathParams: PP_SHOP,
    body: [
      lookback(180, "Sales window in days."),
      includeVat(false),
      CURSOR,
      PAGE_SIZE,
      EFFECTIVE_DATE,
    ],
    bodyRequired: false,
    summary: "Per-product breakdowns of the whole shop from actual sales.",
    response: res(
      "CursorPaginatedResult<RtMktAProductCursor, MktAProductFinancialBreakdownEntry>",
      "cursorPage",
      false,
      [
        out("itemId", "integer", "Product."),
        out("name", "string", "Product name."),
        BREAKDOWN,
        out("unitsSold", "integer", "Units sold in the window."),
      ],
    ),
    pagination: "cursor",
    status: "active",
  },
  {
    id: "A8",
    marketplace: "A",
    method: "POST",
    path: `${P_A}/profit-adjusted-roas/{shopId}/{region}/{itemId}`,
    pathParams: PP_SHOP_ITEM,
    body: A_ROAS_BODY,
    bodyRequired: false,
    summary: "ROAS measured on profit instead of GMV, in raw, cleaned and deflated frames.",
    response: res("MktAProductProfitAdjustedRoasSummary", "object", true, A_ROAS_FIELDS),
    status: "active",
  },
  {
    id: "A9",
    marketplace: "A",
    method: "POST",
    path: `${P_A}/profit-adjusted-roas-dedup/{shopId}/{region}/{itemId}`,
    pathParams: PP_SHOP_ITEM,
    body: A_ROAS_BODY,
    bodyRequired: false,
    summary: "Profit-adjusted ROAS with cancelled ad orders de-duplicated.",
    response: res("MktAProductProfitAdjustedRoasSummary", "object", true, A_ROAS_FIELDS),
    status: "active",
  },
  {
    id: "A10",
    marketplace: "A",
    method: "POST",
    path: `${P_A}/corrected-roas/{shopId}/{region}`,
    pathParams: PP_SHOP,
    body: [ids("itemIds", "integer", "Items to report."), lookback(30, "Ads window in days.")],
    bodyRequired: true,
    summary: "Ad ROAS per item corrected for cancellations (GMV based, no COGS).",
    response: res("MktAProductAdsCorrectedSummary", "array", true, [
      out("itemId", "integer", "Product."),
      out("totalAdExpense", "number", "Ad spend."),
      out("attributedGmv", "number", "Attributed GMV after dedup."),
      out("correctedRoas", "number", "GMV divided by ad spend."),
    ]),
    batch: { idsField: "itemIds", resultIdField: "itemId", maxIds: MAX_BATCH_IDS },
    status: "active",
  },
  {
    id: "A11",
    marketplace: "A",
    method: "POST",
    path: `${P_A}/products/{shopId}/{region}/sorted-by-profit`,
    pathParams: PP_SHOP,
    body: A_SORTED_BODY,
    bodyRequired: false,
    summary: "Shop products ranked by realized profit, highest first.",
    response: res("OffsetPaginatedResult<MktAProductProfitSortedEntry>", "offsetPage", false, [
      out("itemId", "integer", "Product."),
      out("name", "string", "Product name."),
      out("totalProfit", "number", "Total realized profit in the window."),
      BREAKDOWN,
      out("unitsSold", "integer", "Units sold in the window."),
    ]),
    pagination: "offset",
    status: "active",
  },
  {
    id: "A12",
    marketplace: "A",
    method: "POST",
    path: `${P_A}/products/{shopId}/{region}/sorted-by-profit-adjusted-roas`,
    pathParams: PP_SHOP,
    body: A_SORTED_BODY,
    bodyRequired: false,
    summary: "Shop products ranked by profit-adjusted ROAS, highest first.",
    response: res(
      "OffsetPaginatedResult<MktAProductProfitAdjustedRoasSummary>",
      "offsetPage",
      true,
      A_ROAS_FIELDS,
    ),
    pagination: "offset",
    status: "active",
  },
  {
    id: "A13",
    marketplace: "A",
    method: "POST",
    path: `${P_A}/shop-overview/{shopId}/{region}`,
    pathParams: PP_SHOP,
    body: A_OVERVIEW_BODY,
    bodyRequired: false,
    summary: "Shop profit overview in one payload.",
    response: res("MktAShopFinancialOverview", "object", true, [
      A_OVERVIEW_FIELDS.grossGmv,
      A_OVERVIEW_FIELDS.totalProfit,
      A_OVERVIEW_FIELDS.avgMargin,
      A_OVERVIEW_FIELDS.topProfitProducts,
      A_OVERVIEW_FIELDS.costBreakdown,
      A_OVERVIEW_FIELDS.comparison,
      A_OVERVIEW_FIELDS.channelBreakdown,
      A_OVERVIEW_FIELDS.sankey,
    ]),
    status: "active",
  },
  {
    id: "A14",
    marketplace: "A",
    method: "POST",
    path: `${P_A}/shop-overview/{shopId}/{region}/summary`,
    pathParams: PP_SHOP,
    body: A_OVERVIEW_BODY,
    bodyRequired: false,
    summary: "Shop headline: GMV, profit, margin, COGS coverage, change vs before.",
    response: res("MktAShopOverviewSummary", "object", false, [
      A_OVERVIEW_FIELDS.grossGmv,
      A_OVERVIEW_FIELDS.totalProfit,
      A_OVERVIEW_FIELDS.avgMargin,
      A_OVERVIEW_FIELDS.cogsCoverage,
      A_OVERVIEW_FIELDS.comparison,
    ]),
    status: "active",
  },
  {
    id: "A15",
    marketplace: "A",
    method: "POST",
    path: `${P_A}/shop-overview/{shopId}/{region}/products`,
    pathParams: PP_SHOP,
    body: A_OVERVIEW_BODY,
    bodyRequired: false,
    summary: "Best and worst products by profit and by margin.",
    response: res("MktAShopOverviewProducts", "object", false, [
      A_OVERVIEW_FIELDS.topProfitProducts,
      out("topMarginProducts", "array", "Top N by margin."),
      out("worstProfitProducts", "array", "Biggest loss-makers."),
      out("worstMarginProducts", "array", "Thinnest margins."),
    ]),
    status: "active",
  },
  {
    id: "A16",
    marketplace: "A",
    method: "POST",
    path: `${P_A}/shop-overview/{shopId}/{region}/breakdowns`,
    pathParams: PP_SHOP,
    body: A_OVERVIEW_BODY,
    bodyRequired: false,
    summary: "Where the shop's money goes: cost waterfall, cost pie, best categories.",
    response: res("MktAShopOverviewBreakdowns", "object", false, [
      out("costBreakdown", "array", "Waterfall lines: commission, fees, COGS, ads, returns, VAT."),
      out("costBreakdownPie", "object", "Costs only."),
      out("categoryBreakdown", "array", "Top N most profitable categories."),
    ]),
    status: "active",
  },
  {
    id: "A17",
    marketplace: "A",
    method: "POST",
    path: `${P_A}/shop-overview/{shopId}/{region}/flow`,
    pathParams: PP_SHOP,
    body: A_OVERVIEW_BODY,
    bodyRequired: false,
    summary: "Revenue and profit by channel, and the money flow to net profit.",
    response: res("MktAShopOverviewFlow", "object", false, [
      out("channelBreakdown", "object", "Revenue and profit by channel."),
      out("sankey", "object", "Gross revenue through costs to net profit."),
    ]),
    status: "active",
  },
  {
    id: "A18",
    marketplace: "A",
    method: "POST",
    path: `${P_A}/shop-overview/{shopId}/{region}/margin-distribution`,
    pathParams: PP_SHOP,
    body: A_OVERVIEW_BODY,
    bodyRequired: false,
    summary: "How product margins spread across the shop (box plot).",
    response: res("MktAShopOverviewDistribution", "object", false, [
      out("marginDistribution", "object", "min, q1, median, q3, max, outliers."),
    ]),
    status: "active",
  },
  {
    id: "A19",
    marketplace: "A",
    method: "POST",
    path: `${P_A}/commission-impact-summary/{shopId}/{region}`,
    pathParams: PP_SHOP,
    body: [
      req("effectiveDate", "date", "Date the new commission rates take effect."),
      lookback(180, "Sales window in days."),
      includeVat(false),
      topN(20, "Top affected products per category."),
    ],
    bodyRequired: true,
    summary: "Profit impact of an upcoming commission-rate change, by category.",
    response: res("MktACommissionImpactSummary", "object", true, [
      out("totalCurrentMonthlyProfit", "number", "Extrapolated monthly profit at old rates."),
      out("totalFutureMonthlyProfit", "number", "Monthly profit at new rates."),
      out("totalMonthlyProfitDelta", "number", "Future minus current."),
      out("affectedProductCount", "integer", "Products whose rate changes."),
      out("byCategory", "array", "Per-category impact with most-affected products."),
    ]),
    status: "active",
  },
  {
    id: "A20",
    marketplace: "A",
    method: "POST",
    path: `${P_A}/commission-overview/{shopId}/{region}`,
    pathParams: PP_SHOP,
    body: [lookback(180, "Sales window in days."), includeVat(false), topN(20, "Categories.")],
    bodyRequired: false,
    summary: "Current commission rates and what they cost you, by category.",
    response: res("MktACommissionOverview", "object", true, [
      out("totalMonthlyRevenue", "number", "Monthly revenue."),
      out("totalMonthlyCommission", "number", "Monthly commission."),
      out("commissionAsPercentOfRevenue", "number", "Commission in percent of revenue."),
      out("byCategory", "array", "Per category, with current rates."),
    ]),
    status: "active",
  },
  {
    id: "A21",
    marketplace: "A",
    method: "POST",
    path: `${P_A}/preview-set-margin`,
    body: [
      SHOP_ID,
      REGION,
      req("models", "array", "Models to price.", {
        items: "object",
        min: 1,
        max: MAX_PREVIEW_ROWS,
        fields: [
          ITEM_ID,
          opt("modelId", "integer", "Null or omitted for single-variant products (2.4)."),
          req("originalPrice", "number", "List price.", { min: 0 }),
        ],
      }),
      opt("mode", "string", "PROFIT or MARGIN.", { default: "PROFIT", enum: ["PROFIT", "MARGIN"] }),
      opt("targetProfit", "number", "Per unit, used when mode is PROFIT."),
      opt("targetMarginPercent", "number", "Percent (23.5 = 23.5 %), used when mode is MARGIN."),
      includeVat(true),
      EFFECTIVE_DATE,
    ],
    bodyRequired: true,
    summary: "Discount and voucher that reach a target margin or profit (preview only).",
    response: res("MktASetMarginResult", "object", true, SET_MARGIN_FIELDS),
    status: "active",
  },
  {
    id: "A22",
    marketplace: "A",
    method: "POST",
    path: `${P_A}/preview-set-buyer-price`,
    body: [
      SHOP_ID,
      REGION,
      req("models", "array", "Models to price.", {
        items: "object",
        min: 1,
        max: MAX_PREVIEW_ROWS,
        fields: [
          ITEM_ID,
          opt("modelId", "integer", "Null or omitted for single-variant products (2.4)."),
          req("targetBuyerPrice", "number", "Final price the buyer should pay.", { min: 0 }),
        ],
      }),
      includeVat(true),
      EFFECTIVE_DATE,
    ],
    bodyRequired: true,
    summary: "Discount and voucher that make the buyer pay a target price (preview only).",
    response: res("MktASetMarginResult", "object", true, SET_MARGIN_FIELDS),
    status: "active",
  },

  // 4.3 marketplace B
  {
    id: "B1",
    marketplace: "B",
    method: "POST",
    path: `${P_B}/sku-breakdowns/batch-by-sku-ids`,
    body: [
      SELLER_ID,
      REGION,
      ids("skuIds", "integer", "SKU IDs to analyse."),
      SELLER_TYPE,
      HAS_VAT_B,
      lookback(30, "Days back for the return-rate signal."),
      EFFECTIVE_DATE,
    ],
    bodyRequired: true,
    summary: "Per-SKU profit breakdowns for chosen SKUs.",
    response: res("MktBSkuBreakdownFlatEntry", "array", true, [
      out("skuId", "integer", "SKU."),
      out("itemId", "integer", "Product."),
      out("sellerSku", "string", "Seller SKU."),
      out("originalPrice", "number", "List price."),
      BREAKDOWN,
      METADATA,
    ]),
    batch: { idsField: "skuIds", resultIdField: "skuId", maxIds: MAX_BATCH_IDS },
    status: "active",
  },
  {
    id: "B2",
    marketplace: "B",
    method: "POST",
    path: `${P_B}/product`,
    body: [
      SELLER_ID,
      REGION,
      ITEM_ID,
      opt("skuId", "integer", "Omit for the volume-weighted aggregate across SKUs."),
      SELLER_TYPE,
      HAS_VAT_B,
      lookback(30, "Return-rate lookback in days."),
      EFFECTIVE_DATE,
    ],
    bodyRequired: true,
    summary: "Per-unit profit breakdown of one product or SKU.",
    response: B_WITH_METADATA,
    status: "active",
  },
  {
    id: "B3",
    marketplace: "B",
    method: "POST",
    path: `${P_B}/new-product`,
    body: [
      REGION,
      req("listingPrice", "number", "Proposed listing price.", { min: 0 }),
      req("categoryId", "integer", "Determines the commission rate."),
      SELLER_TYPE,
      HAS_VAT_B,
      money("manufacturingCogs", "Unit product cost."),
      EFFECTIVE_DATE,
    ],
    bodyRequired: true,
    summary: "Estimated profit of a product before you list it.",
    response: B_WITH_METADATA,
    status: "active",
  },
  {
    id: "B4",
    marketplace: "B",
    method: "POST",
    path: `${P_B}/required-price`,
    body: [
      REGION,
      req("categoryId", "integer", "For the commission rate."),
      req("cogs", "number", "Unit product cost.", { min: 0 }),
      fraction("targetMargin", "Target margin.", true),
      money("targetDiscount", "Absolute special-price discount."),
      fraction("targetDiscountPercent", "Discount share of the listing price."),
      ...B_COMMON,
    ],
    bodyRequired: true,
    summary: "Listing price that reaches a target margin after fees and VAT.",
    response: res("MktBRequiredPriceResult", "object", false, [
      out("requiredListingPrice", "number", "Minimum price that reaches the target."),
      out("breakdown", "object", "Full breakdown at that price."),
    ]),
    status: "active",
  },
  {
    id: "B5",
    marketplace: "B",
    method: "POST",
    path: `${P_B}/simulate`,
    // Types are not shown in the spec: our decision (money numbers, flags boolean, ids integer).
    body: [
      SELLER_ID,
      REGION,
      ITEM_ID,
      opt("skuId", "integer", "SKU; omit for product level (type: our decision)."),
      money("originalPrice", "Override list price (type: our decision)."),
      money("specialPriceDiscount", "Proposed special-price discount (type: our decision)."),
      money("sellerVoucher", "Proposed seller voucher (type: our decision)."),
      money("manufacturingCogs", "Override product cost (type: our decision)."),
      fraction("commissionRate", "Override commission rate (type: our decision)."),
      money("returnCostPerSale", "Override return cost per sale (type: our decision)."),
      opt("isInFreeShipping", "boolean", "In the free-shipping programme (type: our decision)."),
      // B's common optional fields (spec 4.3). The "coin settings" are not sent: the spec does
      // not name them, and a guessed name is refused or silently ignored by a strict API.
      ...B_COMMON,
    ],
    bodyRequired: true,
    summary: "What-if: profit after overriding price, discounts, costs or fees (changes nothing).",
    response: B_WITH_METADATA,
    status: "active",
  },
  {
    id: "B6",
    marketplace: "B",
    method: "POST",
    path: `${P_B}/item/{sellerId}/{region}/{itemId}`,
    pathParams: PP_SELLER_ITEM,
    body: B_COMMON,
    bodyRequired: false,
    summary: "Volume-weighted breakdown across all SKUs of a product.",
    response: B_WITH_METADATA,
    status: "active",
  },
  {
    id: "B7",
    marketplace: "B",
    method: "POST",
    path: `${P_B}/products/{sellerId}/{region}`,
    pathParams: PP_SELLER,
    body: [SELLER_TYPE, HAS_VAT_B, CURSOR, PAGE_SIZE, EFFECTIVE_DATE],
    bodyRequired: false,
    summary: "Per-product breakdowns of the whole shop.",
    response: res(
      "CursorPaginatedResult<RtMktBProductCursor, MktBProductFinancialBreakdownEntry>",
      "cursorPage",
      false,
      [out("itemId", "integer", "Product."), out("name", "string", "Product name."), BREAKDOWN],
    ),
    pagination: "cursor",
    status: "active",
  },
  {
    id: "B8",
    marketplace: "B",
    method: "POST",
    path: `${P_B}/sku-breakdowns/all/{sellerId}/{region}`,
    pathParams: PP_SELLER,
    body: B_COMMON,
    bodyRequired: false,
    summary: "Every SKU of the shop as one flat list, for bulk analysis.",
    response: res("MktBSkuBreakdownFlatEntry", "array", true, [
      out("itemId", "integer", "Product."),
      out("skuId", "integer", "SKU."),
      out("originalPrice", "number", "List price."),
      BREAKDOWN,
      METADATA,
    ]),
    status: "active",
  },
  {
    id: "B9",
    marketplace: "B",
    method: "POST",
    path: `${P_B}/profit-adjusted-roas/{sellerId}/{region}/{itemId}`,
    pathParams: PP_SELLER_ITEM,
    body: B_ROAS_BODY,
    bodyRequired: false,
    summary: "ROAS measured on profit (raw ad attribution).",
    response: B_ROAS,
    status: "notYetActive",
    inactiveNote:
      "Not yet active (depends on a pipeline that is not yet delivered). Cleaned and deflated frames are null for now.",
  },
  {
    id: "B10",
    marketplace: "B",
    method: "POST",
    path: `${P_B}/profit-adjusted-roas-dedup/{sellerId}/{region}/{itemId}`,
    pathParams: PP_SELLER_ITEM,
    body: B_ROAS_BODY,
    bodyRequired: false,
    summary: "Profit-adjusted ROAS with cancellations de-duplicated (RAW, CLEANED, DEFLATED).",
    response: B_ROAS,
    status: "notYetActive",
    inactiveNote: "Not yet active. Invariant once available: RAW >= CLEANED >= DEFLATED.",
  },
  {
    id: "B11",
    marketplace: "B",
    method: "POST",
    path: `${P_B}/corrected-roas/{sellerId}/{region}`,
    pathParams: PP_SELLER,
    body: [ids("itemIds", "integer", "Items to report."), lookback(30, "Ads window in days.")],
    bodyRequired: true,
    summary: "Ad ROAS per item corrected for cancellations (no COGS).",
    response: res("MktBProductAdsCorrectedSummary", "array", false, [
      out("itemId", "integer", "Product."),
      out("totalAdExpense", "number", "Ad spend."),
      out("attributedGmv", "number", "Attributed GMV after dedup."),
      out("correctedRoas", "number", "GMV divided by ad spend."),
    ]),
    status: "notYetActive",
    inactiveNote:
      "Not yet active. Response: array of MktBProductAdsCorrectedSummary (empty for now).",
  },
  {
    id: "B12",
    marketplace: "B",
    method: "POST",
    path: `${P_B}/products/{sellerId}/{region}/sorted-by-profit`,
    pathParams: PP_SELLER,
    body: B_SORTED_BODY,
    bodyRequired: false,
    summary: "Shop products ranked by true profit, highest first.",
    response: res("OffsetPaginatedResult<MktBProductProfitSortedEntry>", "offsetPage", false, [
      out("itemId", "integer", "Product."),
      out("name", "string", "Product name."),
      out("totalProfit", "number", "True profit in the window."),
      BREAKDOWN,
    ]),
    pagination: "offset",
    status: "active",
  },
  {
    id: "B13",
    marketplace: "B",
    method: "POST",
    path: `${P_B}/products/{sellerId}/{region}/sorted-by-profit-adjusted-roas`,
    pathParams: PP_SELLER,
    body: B_SORTED_BODY,
    bodyRequired: false,
    summary: "Shop products ranked by profit-adjusted ROAS, highest first.",
    response: res(
      "OffsetPaginatedResult<MktBProductProfitAdjustedRoasSummary>",
      "offsetPage",
      false,
      B_ROAS.fields,
    ),
    pagination: "offset",
    status: "notYetActive",
    inactiveNote:
      "Not yet active. Response OffsetPaginatedResult<MktBProductProfitAdjustedRoasSummary>, currently not populated.",
  },
  {
    id: "B14",
    marketplace: "B",
    method: "POST",
    path: `${P_B}/preview-set-margin`,
    body: [
      SELLER_ID,
      REGION,
      req("skus", "array", "SKUs to price.", {
        items: "object",
        min: 1,
        max: MAX_PREVIEW_ROWS,
        fields: [
          ITEM_ID,
          opt("skuId", "integer", "SKU; omit for the whole product."),
          money("cogs", "Unit product cost."),
        ],
      }),
      fraction("targetMarginPercent", "Target margin.", true),
      HAS_VAT_B,
      EFFECTIVE_DATE,
    ],
    bodyRequired: true,
    summary: "Seller-funded discount or voucher for a target margin (preview only).",
    response: res("MktBSetMarginResult", "object", false, SET_MARGIN_FIELDS),
    status: "active",
  },
  {
    id: "B15",
    marketplace: "B",
    method: "POST",
    path: `${P_B}/preview-set-buyer-price`,
    body: [
      SELLER_ID,
      REGION,
      req("skus", "array", "SKUs to price.", {
        items: "object",
        min: 1,
        max: MAX_PREVIEW_ROWS,
        fields: [
          ITEM_ID,
          req("skuId", "integer", "SKU."),
          req("targetBuyerPrice", "number", "Final price the buyer should pay.", { min: 0 }),
          money("cogs", "Unit product cost; affects displayed profit only."),
        ],
      }),
      HAS_VAT_B,
      EFFECTIVE_DATE,
    ],
    bodyRequired: true,
    summary: "Seller-funded discount so the buyer pays a target price (preview only).",
    response: res("MktBSetMarginResult", "object", false, SET_MARGIN_FIELDS),
    status: "active",
  },
  {
    id: "B16",
    marketplace: "B",
    method: "POST",
    path: `${P_B}/shop-overview/{sellerId}/{region}`,
    pathParams: PP_SELLER,
    body: OVERVIEW_BODY_BC,
    bodyRequired: false,
    summary: "Forward-profit overview of the shop.",
    response: res("MktBShopFinancialOverview", "object", false, BC_OVERVIEW_FIELDS),
    status: "active",
  },

  // 4.4 marketplace C (shopId integer in bodies and paths; productId and skuId strings)
  {
    id: "C1",
    marketplace: "C",
    method: "POST",
    path: `${P_C}/product`,
    body: C_UNIT_BODY,
    bodyRequired: true,
    summary: "Per-unit profit breakdown of one product or SKU.",
    response: C_WITH_METADATA,
    status: "active",
  },
  {
    id: "C2",
    marketplace: "C",
    method: "POST",
    path: `${P_C}/product-level`,
    body: C_UNIT_BODY, // skuId is accepted and ignored (spec)
    bodyRequired: true,
    summary: "Per-unit breakdown of a product, always aggregated across SKUs.",
    response: C_WITH_METADATA,
    status: "active",
  },
  {
    id: "C3",
    marketplace: "C",
    method: "POST",
    path: `${P_C}/skus`,
    body: [SHOP_ID, ids("skuIds", "string", "SKU IDs to analyse."), HAS_VAT_C, EFFECTIVE_DATE],
    bodyRequired: true,
    summary: "Per-SKU profit breakdowns for chosen SKUs.",
    response: res("MktCSkuBreakdownFlatEntry", "array", true, [
      out("productId", "string", "Product."),
      out("skuId", "string", "SKU."),
      out("originalPrice", "number", "List price."),
      BREAKDOWN,
    ]),
    batch: { idsField: "skuIds", resultIdField: "skuId", maxIds: MAX_BATCH_IDS },
    status: "active",
  },
  {
    id: "C4",
    marketplace: "C",
    method: "POST",
    path: `${P_C}/new-product`,
    body: [
      SHOP_ID,
      req("listingPrice", "number", "Proposed listing price.", { min: 0 }),
      req("categoryL1", "string", "Top-level category."),
      opt("categoryL2", "string", "Second-level category."),
      opt("categoryL3", "string", "Third-level category."),
      opt("isPreOrder", "boolean", "Listed as pre-order.", { default: false }),
      opt("isOwnFleetOnly", "boolean", "Ships with the seller's own fleet only.", {
        default: false,
      }),
      HAS_VAT_C,
      money("manufacturingCogs", "Unit product cost."),
      money("adsCostPerSale", "Ads cost per unit."),
      EFFECTIVE_DATE,
    ],
    bodyRequired: true,
    summary: "Estimated profit of a product before you list it.",
    response: C_WITH_METADATA,
    status: "active",
  },
  {
    id: "C5",
    marketplace: "C",
    method: "POST",
    path: `${P_C}/simulate`,
    // Types and flag names are not shown in the spec: our decision (money numbers, ids strings).
    body: [
      SHOP_ID,
      PRODUCT_ID_C,
      opt("skuId", "string", "SKU; omit for product level (type: our decision)."),
      money("originalPrice", "Override list price (type: our decision)."),
      money("sellerDiscount", "Proposed seller discount (type: our decision)."),
      money("sellerVoucher", "Proposed seller voucher (type: our decision)."),
      money("platformDiscount", "Platform-funded discount (type: our decision)."),
      money("manufacturingCogs", "Override product cost (type: our decision)."),
      money("adsCostPerSale", "Override ads cost per unit (type: our decision)."),
      money("returnCostPerSale", "Override return cost per sale (type: our decision)."),
      EFFECTIVE_DATE,
      opt("isPreOrder", "boolean", "Flag: pre-order (flag name: our decision, as in C4)."),
      opt("isOwnFleetOnly", "boolean", "Flag: own fleet only (flag name: our decision, as C4)."),
      // C's section says "hasVat defaults to false" for every C body: the basis reaches C5 too.
      HAS_VAT_C,
    ],
    bodyRequired: true,
    summary: "What-if: profit after overriding price, discounts or costs (changes nothing).",
    response: C_WITH_METADATA,
    status: "active",
  },
  {
    id: "C6",
    marketplace: "C",
    method: "POST",
    path: `${P_C}/required-price`,
    body: [
      SHOP_ID,
      req("categoryL1", "string", "Top-level category."),
      opt("categoryL2", "string", "Second-level category."),
      opt("categoryL3", "string", "Third-level category."),
      req("cogs", "number", "Unit product cost.", { min: 0 }),
      fraction("targetMargin", "Target margin.", true),
      money("targetDiscount", "Absolute discount."),
      fraction("targetDiscountPercent", "Discount share of the listing price."),
      HAS_VAT_C,
      money("adsCostPerSale", "Ads cost per unit."),
      fraction("returnRate", "Share of orders returned (0.05 = 5 %)."),
      EFFECTIVE_DATE,
    ],
    bodyRequired: true,
    summary: "Listing price that reaches a target margin.",
    response: res("MktCRequiredPriceResult", "object", false, [
      out("requiredListingPrice", "number", "Minimum price that reaches the target."),
      out("breakdown", "object", "Full breakdown at that price."),
    ]),
    status: "active",
  },
  {
    id: "C7",
    marketplace: "C",
    method: "POST",
    path: `${P_C}/products`,
    body: [
      SHOP_ID,
      ids("productIds", "string", "Products to analyse; failed lookups are omitted."),
      HAS_VAT_C,
      money("adsCostPerSale", "Ads cost per unit, scalar fallback."),
      C_ADS_MAP,
      lookback(30, "Return-rate lookback in days."),
      EFFECTIVE_DATE,
    ],
    bodyRequired: true,
    summary: "Per-unit breakdowns for a list of products, each aggregated across SKUs.",
    response: res("MktCProductFinancialBreakdownEntry", "array", false, [
      out("productId", "string", "Product."),
      out("title", "string", "Product title."),
      BREAKDOWN,
    ]),
    batch: { idsField: "productIds", resultIdField: "productId", maxIds: MAX_BATCH_IDS },
    status: "active",
  },
  {
    id: "C8",
    marketplace: "C",
    method: "POST",
    path: `${P_C}/preview-set-margin`,
    body: [
      SHOP_ID,
      req("skus", "array", "SKUs to price.", {
        items: "object",
        min: 1,
        max: MAX_PREVIEW_ROWS,
        fields: [
          req("productId", "string", "Product."),
          req("skuId", "string", "SKU."),
          req("cogs", "number", "Unit product cost.", { min: 0 }),
        ],
      }),
      fraction("targetMarginPercent", "Target margin.", true),
      HAS_VAT_C,
      money("adsCostPerSale", "Ads cost per unit."),
      C_ADS_MAP,
      EFFECTIVE_DATE,
    ],
    bodyRequired: true,
    summary: "Seller-funded discount for a target margin (preview; voucher always 0).",
    response: res("MktCSetMarginResult", "object", false, SET_MARGIN_FIELDS),
    status: "active",
  },
  {
    id: "C9",
    marketplace: "C",
    method: "POST",
    path: `${P_C}/preview-set-buyer-price`,
    body: [
      SHOP_ID,
      req("skus", "array", "SKUs to price.", {
        items: "object",
        min: 1,
        max: MAX_PREVIEW_ROWS,
        fields: [
          req("productId", "string", "Product."),
          req("skuId", "string", "SKU."),
          req("targetBuyerPrice", "number", "Final price the buyer should pay.", { min: 0 }),
          money("cogs", "Unit product cost."),
        ],
      }),
      HAS_VAT_C,
      money("adsCostPerSale", "Ads cost per unit."),
      EFFECTIVE_DATE,
    ],
    bodyRequired: true,
    summary: "Seller-funded discount so the buyer pays a target price (preview only).",
    response: res("MktCSetMarginResult", "object", false, SET_MARGIN_FIELDS),
    status: "active",
  },
  {
    id: "C10",
    marketplace: "C",
    method: "POST",
    path: `${P_C}/shop-overview/{shopId}/{region}`,
    pathParams: PP_SHOP,
    body: OVERVIEW_BODY_BC,
    bodyRequired: false,
    summary: "Shop-wide profit overview from settled statements.",
    response: res("MktCShopFinancialOverview", "object", false, BC_OVERVIEW_FIELDS),
    status: "active",
  },
] as const satisfies readonly EndpointSource[];

/** One row of the table with its literal types (names, field types, requiredness). */
export type EndpointRow = (typeof TABLE)[number];

/** Id of an endpoint: `A1`..`A22`, `B1`..`B16`, `C1`..`C10`, `SHOPS_A|B|C`, `SEARCH`. */
export type EndpointId = (typeof TABLE)[number]["id"];

/** A table row: one without path parameters leaves them out (the Sheets bundle counts bytes). */
type EndpointSource = Omit<EndpointSpec, "pathParams"> & Partial<Pick<EndpointSpec, "pathParams">>;

/** Every endpoint of the spec plus the reference-server extensions, in spec order. */
export const ENDPOINTS: readonly EndpointSpec[] = TABLE.map((e): EndpointSpec => ({
  pathParams: [],
  ...e,
}));

const BY_ID: ReadonlyMap<string, EndpointSpec> = new Map(ENDPOINTS.map((e) => [e.id, e]));

/** The endpoint with this id; throws on an unknown id. */
export function endpointById(id: string): EndpointSpec {
  const spec = BY_ID.get(id);
  if (!spec) throw new Error(`Unknown endpoint id: ${id}`);
  return spec;
}

/** True when `id` names an endpoint of the table. */
export function isEndpointId(id: string): id is EndpointId {
  return BY_ID.has(id);
}
