/**
 * What kind of figure each number the API answers is: money, a rate or margin, a count, an
 * id, a date. Declared once, by the contract's field names (they mean the same on every
 * endpoint that sends them), so every surface (formula cells, spills, bulk, previews, imports)
 * shows one field the same way. Where a unit differs by marketplace on the wire (A's margins
 * are percent points, B and C's fractions: docs/contract-notes.md) the entry says so per
 * marketplace. test/api/figures.test.ts checks that every number the catalog shows has a kind.
 */
import type { Marketplace } from "./types";

/**
 * How a figure reads: `percent` is a fraction shown as a percentage (0.235 = 23.50 %),
 * `points` a number already in percent (23.5 = 23.50 %), `ratio` a multiple (ROAS 3.20).
 */
export type FigureKind =
  "money" | "percent" | "points" | "ratio" | "count" | "id" | "number" | "date" | "day";

type Entry = FigureKind | Readonly<Record<Marketplace, FigureKind>>;

const group = (kind: FigureKind, names: readonly string[]): Array<[string, Entry]> =>
  names.map((n) => [n, kind]);

/** Marketplace A answers margins in percent points; B and C as fractions (contract notes). */
const MARGIN: Readonly<Record<Marketplace, FigureKind>> = {
  A: "points",
  B: "percent",
  C: "percent",
};

/** Every figure name of the contract with its kind (lines of a breakdown are money too). */
const FIGURES: ReadonlyMap<string, Entry> = new Map<string, Entry>([
  ...group("money", [
    "amount",
    "base",
    "netProfit",
    "revenue",
    "originalPrice",
    "originalModelPrice",
    "price",
    "lowestListPrice",
    "buyerPrice",
    "targetBuyerPrice",
    "requiredListingPrice",
    "targetProfit",
    "sellerDiscount",
    "specialPriceDiscount",
    "sellerVoucher",
    "computedSellerDiscount",
    "computedSellerVoucher",
    // The previews' discounts by the marketplace's name for them (B: special price, C: seller).
    "currentSpecialPriceDiscount",
    "computedSpecialPriceDiscount",
    "currentSellerDiscount",
    "resultingBuyerPrice",
    "resultingProfit",
    "cogs",
    "profit",
    "totalProfit",
    "grossGmv",
    "attributedGmv",
    "rawAttributedGmv",
    "trueGmv",
    "totalAdExpense",
    "allocatedAdExpense",
    "adExpense",
    "adsCost",
    "profitFromAds",
    "profitPerAdOrder",
    "totalProfitFromAds",
    "cleanedProfitFromAds",
    "deflatedProfitFromAds",
    "baselineNetProfit",
    // FEE_CHANGE's per-unit profit of today beside the date's netProfit (issue 34).
    "netProfitToday",
    "profitDelta",
    "monthlyRevenue",
    "monthlyCommission",
    "totalMonthlyRevenue",
    "totalMonthlyCommission",
    "currentMonthlyProfit",
    "futureMonthlyProfit",
    "monthlyProfitDelta",
    "totalCurrentMonthlyProfit",
    "totalFutureMonthlyProfit",
    "totalMonthlyProfitDelta",
    "runningTotal",
    // An overview's cost pie: the sum of its costs, and each cost's amount.
    "total",
    "value",
    "outputVat",
    "inputVat",
    "netVat",
  ]),
  ...group("percent", [
    "commissionRate",
    "vatRate",
    "rate",
    "returnRate",
    "currentRate",
    "futureRate",
    "skuShare",
    "unitShare",
    "revenueChange",
    "profitChange",
    // A cost pie's slice: its part of the total.
    "share",
    // FEE_CHANGE's margin of today (a fraction, as every margin a cell shows).
    "marginToday",
  ]),
  ...group("points", [
    "grossGmvPercent",
    "totalProfitPercent",
    "variantsWithCogsPercent",
    "unitsWithExplicitCogsPercent",
    "commissionAsPercentOfRevenue",
    // The API's own A margins, kept beside the fractions (core/marginUnit.ts).
    "marginPoints",
    "productMarginPoints",
    "avgMarginPoints",
    "baselineMarginPoints",
  ]),
  ["margin", MARGIN],
  ["productMargin", MARGIN],
  ["avgMargin", MARGIN],
  ["baselineMargin", MARGIN],
  ["resultingMargin", MARGIN],
  // A4's targetMargin is an amount per unit; B4/C6's a fraction (contract notes).
  ["targetMargin", { A: "money", B: "percent", C: "percent" }],
  ...group("ratio", [
    "roas",
    "profitAdjustedRoas",
    "profitAdjustedCleanedRoas",
    "profitAdjustedDeflatedRoas",
    "correctedRoas",
    "rawRoas",
  ]),
  ...group("count", [
    "unitsSold",
    "modelUnitsSold",
    "adsUnitsSold",
    "adsOrders",
    "orders",
    "cancelledAdsOrders",
    "chainRebuyCancels",
    "soloCancels",
    "productCount",
    "affectedProductCount",
    "skuCount",
    "variantCount",
    "variantsTotal",
    "variantsWithCogs",
    "unitsWithExplicitCogs",
    "unitsWithInferredCogs",
    "skusTotal",
    "skusWithCogs",
    "productsSold",
    "count",
    "days",
    "lookbackDays",
    "page",
    "pageSize",
    "totalItems",
    "totalPages",
    "rank",
    "chainWindowHours",
  ]),
  ...group("id", [
    "itemId",
    "modelId",
    "skuId",
    "shopId",
    "sellerId",
    "categoryId",
    "rtProductId",
    "productId",
  ]),
  ...group("date", ["dataFreshAt"]),
  ...group("day", ["effectiveDate", "effectiveFrom", "from", "to", "previousFrom", "previousTo"]),
]);

/** A margin distribution's figures (A18, B16, C10): margins, like the margins they sum up. */
export const DISTRIBUTION_STATS = [
  "min",
  "q1",
  "median",
  "q3",
  "max",
  "lowerFence",
  "upperFence",
  "outliers",
] as const;
const STAT_NAMES: ReadonlySet<string> = new Set(DISTRIBUTION_STATS);

/**
 * The kind of the figure at `path` ("metadata.netProfit", "breakdown.vat", "raw.roas") as it
 * is on the wire for `marketplace`, or as the add-in holds it when omitted (after
 * core/marginUnit.ts every margin is a fraction). A breakdown line is money. Null for a name
 * the contract does not list (a margin distribution's quartiles, say): shown as a plain number.
 */
export function figureKind(path: string, marketplace?: Marketplace | null): FigureKind | null {
  const parts = path.split(".");
  const leaf = parts[parts.length - 1] ?? path;
  if (parts[0] === "breakdown" && parts.length === 2) return "money";
  if (parts.includes("marginDistribution") && STAT_NAMES.has(leaf))
    return MARGIN[marketplace ?? "B"];
  const entry = FIGURES.get(leaf);
  if (entry === undefined) return /Roas$/.test(leaf) ? "ratio" : null;
  if (typeof entry === "string") return entry;
  return entry[marketplace ?? "B"];
}

/**
 * Breakdown lines that are one figure under each marketplace's name (contract notes, "Line
 * names"; spec 2.5 words B's "voucher", C's "platform fee (CGF)", A's output VAT): a seller's
 * `field` spelt any of these ways finds the line of the answer at hand, so a function's help
 * example works on every marketplace whose breakdown has that line.
 */
const LINE_SYNONYMS: readonly (readonly string[])[] = [
  ["originalPrice", "originalModelPrice", "listPrice"],
  ["sellerDiscount", "specialPriceDiscount", "discount"],
  ["sellerVoucher", "voucher"],
  ["commissionFee", "commission"],
  ["serviceFee"],
  ["transactionFee"],
  ["paymentFee"],
  ["platformFee", "cgf"],
  ["preOrderFee"],
  ["freeShippingCommission"],
  ["coinDeduction"],
  ["cogs", "manufacturingCogs", "productCost"],
  ["adsCostPerSale", "adsCost", "ads"],
  ["vat", "outputVat"],
  ["returnCost", "expectedReturnCost", "returns"],
];

/**
 * Figures that are one figure under each marketplace's name for it: A's price previews answer
 * `buyerPrice` and `margin` where B's and C's answer `resultingBuyerPrice` and `resultingMargin`,
 * B's discount is its "special price" one. A `field` spelt either way finds it.
 */
const FIGURE_SYNONYMS: readonly (readonly string[])[] = [
  ["resultingBuyerPrice", "buyerPrice"],
  ["resultingMargin", "margin"],
  ["resultingProfit", "netProfit"],
  ["computedSellerDiscount", "computedSpecialPriceDiscount"],
  ["currentSellerDiscount", "currentSpecialPriceDiscount"],
];

/** "Output VAT (per unit)", "vatPerUnit" -> "vat": a line's name once case, punctuation and "per unit" go. */
export function lineWord(name: string): string {
  const squashed = name.toLowerCase().replace(/[^a-z0-9]/g, "");
  return squashed.endsWith("perunit") && squashed.length > 7 ? squashed.slice(0, -7) : squashed;
}

const LINE_GROUPS: ReadonlyMap<string, readonly string[]> = new Map(
  LINE_SYNONYMS.flatMap((group) =>
    group.map((n): [string, readonly string[]] => [lineWord(n), group]),
  ),
);

/**
 * The names one breakdown line goes by on the marketplaces (itself first), for a seller's
 * spelling of it ("VAT", "outputVat", "vatPerUnit", "voucher"); empty for a name of no line.
 */
export function lineSynonyms(name: string): readonly string[] {
  return LINE_GROUPS.get(lineWord(name)) ?? [];
}

const FIGURE_GROUPS: ReadonlyMap<string, readonly string[]> = new Map(
  FIGURE_SYNONYMS.flatMap((group) =>
    group.map((n): [string, readonly string[]] => [lineWord(n), group]),
  ),
);

/** The names one figure (not a line) goes by on the marketplaces; empty for other names. */
export function figureSynonyms(name: string): readonly string[] {
  return FIGURE_GROUPS.get(lineWord(name)) ?? [];
}

/** Texts a breakdown entry names itself by (A1's model, B8's seller SKU, C7's title). */
const NAMES = new Set(["name", "title", "modelName", "skuName", "sellerSku"]);

/**
 * True for a field the contract names: a figure of FIGURES (or a ROAS) or an entry's name.
 * Top-level fields beside a breakdown that are not (an API's request id, a build stamp) are
 * not the seller's figures and are not shown.
 */
export function isContractName(name: string): boolean {
  return NAMES.has(name) || figureKind(name) !== null;
}

/** Every name the contract gives a figure or an entry's name. */
export function contractNames(): string[] {
  return [...FIGURES.keys(), ...NAMES];
}

/** Names whose values marketplace A sends in percent points where B and C send fractions. */
export function percentPointNames(marketplace: Marketplace): string[] {
  return [...FIGURES]
    .filter(([, e]) => typeof e !== "string" && e[marketplace] === "points")
    .map(([n]) => n);
}

/** Currencies by region and their decimals (contract notes: SGD 2 ... VND 0, IDR 0). */
export const CURRENCY_DECIMALS: Readonly<Record<string, number>> = {
  SGD: 2,
  MYR: 2,
  THB: 2,
  PHP: 2,
  VND: 0,
  IDR: 0,
};

/** Each region's currency (contract notes, "Currencies by region"), for answers that omit it. */
export const REGION_CURRENCY: Readonly<Record<string, string>> = {
  SG: "SGD",
  MY: "MYR",
  TH: "THB",
  PH: "PHP",
  VN: "VND",
  ID: "IDR",
};
