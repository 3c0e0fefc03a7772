/**
 * Response types (the `data` of the envelope) as far as the spec shows them. Types the spec
 * marks [partial] keep unknown fields (`[extra: string]: unknown`). Field names the spec
 * only describes in prose follow the `response.fields` of the endpoint table.
 */
import type { Marketplace } from "./types";

/** One signed line of a breakdown (contract-notes): revenue positive, cost negative. */
export interface BreakdownLine {
  readonly amount: number;
  readonly label: string;
  readonly rate?: number | null;
  readonly base?: number | null;
}

/** Line name -> line. The amounts sum exactly to the net profit per unit. */
export type Breakdown = Readonly<Record<string, BreakdownLine>>;

/** Line names per marketplace, in display order (contract-notes). Absent lines are amount 0. */
export const BREAKDOWN_LINE_NAMES: Readonly<Record<Marketplace, readonly string[]>> = {
  A: [
    "originalModelPrice",
    "sellerDiscount",
    "sellerVoucher",
    "commissionFee",
    "serviceFee",
    "transactionFee",
    "manufacturingCogs",
    "adsCostPerSale",
    "returnCost",
    "vat",
  ],
  B: [
    "originalPrice",
    "specialPriceDiscount",
    "sellerVoucher",
    "commissionFee",
    "paymentFee",
    "freeShippingCommission",
    "coinDeduction",
    "cogs",
    "vat",
    "returnCost",
  ],
  C: [
    "originalPrice",
    "sellerDiscount",
    "sellerVoucher",
    "commissionFee",
    "platformFee",
    "transactionFee",
    "preOrderFee",
    "cogs",
    "adsCostPerSale",
    "vat",
    "returnCost",
  ],
};

/** Where the unit cost came from. */
export type CogsSource = "explicit" | "inferred" | "missing";

/** Summary figures of a breakdown (contract-notes); never lines. */
export interface BreakdownMetadata {
  readonly currency: string;
  readonly netProfit: number;
  readonly revenue: number;
  /** A: percent (23.5); B and C: fraction (0.235). Null when revenue is 0. */
  readonly margin: number | null;
  readonly commissionRate: number;
  readonly vatRate: number;
  readonly hasVat: boolean;
  readonly cogsSource: CogsSource;
  readonly unitsSold?: number;
  readonly effectiveDate: string;
  readonly [extra: string]: unknown;
}

// ---- shop lists (record fields not shown in the spec: names are ours) -----------------------

export interface MktAShop {
  readonly shopId: number;
  readonly region: string;
  readonly shopName: string;
  readonly [extra: string]: unknown;
}
export interface MktBSeller {
  readonly sellerId: number;
  readonly region: string;
  readonly shopName: string;
  readonly [extra: string]: unknown;
}
/** Marketplace C lists shopId as an opaque string (spec 2.4). */
export interface MktCShop {
  readonly shopId: string;
  readonly region: string;
  readonly shopName: string;
  readonly [extra: string]: unknown;
}

// ---- per-unit breakdowns -----------------------------------------------------------------

/** A1 entry [partial]. */
export interface MktAModelBreakdownFlatEntry {
  readonly itemId: number;
  readonly modelId: number | null;
  readonly originalPrice: number;
  readonly breakdown: Breakdown;
  readonly metadata: BreakdownMetadata;
  readonly modelUnitsSold: number;
  readonly productMargin: number;
  readonly [extra: string]: unknown;
}

/** A2 [partial]: the breakdown lines themselves. */
export interface MktAFinancialBreakdown {
  readonly originalModelPrice: BreakdownLine;
  readonly sellerDiscount: BreakdownLine;
  readonly commissionFee: BreakdownLine;
  readonly serviceFee: BreakdownLine;
  readonly manufacturingCogs: BreakdownLine;
  readonly adsCostPerSale: BreakdownLine;
  readonly vat: BreakdownLine;
  readonly [extra: string]: unknown;
}

/** A3, A5, A6. */
export interface MktAFinancialBreakdownWithMetadata {
  readonly breakdown: Breakdown;
  readonly metadata: BreakdownMetadata;
  readonly modelBreakdowns: readonly MktAModelBreakdownFlatEntry[];
}

/** B1, B8 entry [partial]. */
export interface MktBSkuBreakdownFlatEntry {
  readonly skuId: number;
  readonly itemId: number;
  readonly sellerSku?: string;
  readonly originalPrice: number;
  readonly breakdown: Breakdown;
  readonly metadata: BreakdownMetadata;
  readonly [extra: string]: unknown;
}

/** C3 entry [partial]. */
export interface MktCSkuBreakdownFlatEntry {
  readonly productId: string;
  readonly skuId: string;
  readonly originalPrice: number;
  readonly breakdown: Breakdown;
  readonly [extra: string]: unknown;
}

/** B2-B6 (per-SKU detail at product level). */
export interface MktBFinancialBreakdownWithMetadata {
  readonly breakdown: Breakdown;
  readonly metadata: BreakdownMetadata;
  readonly skuBreakdowns: readonly MktBSkuBreakdownFlatEntry[];
}

/** C1, C2, C4, C5 (per-SKU detail at product level). */
export interface MktCFinancialBreakdownWithMetadata {
  readonly breakdown: Breakdown;
  readonly metadata: BreakdownMetadata;
  readonly skuBreakdowns: readonly MktCSkuBreakdownFlatEntry[];
}

/** C7 entry. */
export interface MktCProductFinancialBreakdownEntry {
  readonly productId: string;
  readonly title: string;
  readonly breakdown: Breakdown;
}

/** A4 (B4 and C6 have the same shape). */
export interface MktARequiredPriceResult {
  readonly requiredListingPrice: number;
  readonly breakdown: Breakdown;
}
export type MktBRequiredPriceResult = MktARequiredPriceResult;
export type MktCRequiredPriceResult = MktARequiredPriceResult;

// ---- product lists ------------------------------------------------------------------------

/** A7 / B7 page entry (names ours: the spec says "item id, name, breakdown, units sold"). */
export interface ProductFinancialBreakdownEntry {
  readonly itemId: number;
  readonly name: string;
  readonly breakdown: Breakdown;
  readonly unitsSold?: number;
}

/** A11 / B12 page entry (names ours). */
export interface ProductProfitSortedEntry {
  readonly itemId: number;
  readonly name: string;
  readonly totalProfit: number;
  readonly breakdown: Breakdown;
  readonly unitsSold?: number;
}

// ---- ROAS ---------------------------------------------------------------------------------

/** A8, A9, A12 entry [partial]; A9 adds the cleaned and deflated figures. */
export interface MktAProductProfitAdjustedRoasSummary {
  readonly itemId: number;
  readonly totalAdExpense: number;
  readonly totalProfitFromAds: number;
  readonly profitAdjustedRoas: number | null;
  readonly profitAdjustedCleanedRoas?: number | null;
  readonly profitAdjustedDeflatedRoas?: number | null;
  readonly modelDetails: readonly unknown[];
  readonly [extra: string]: unknown;
}

/** A10 entry [partial] (B11 uses the same names). */
export interface MktAProductAdsCorrectedSummary {
  readonly itemId: number;
  readonly totalAdExpense: number;
  readonly attributedGmv: number;
  readonly correctedRoas: number | null;
  readonly [extra: string]: unknown;
}

// ---- shop overviews and commissions [partial] ----------------------------------------------

/** A13 [partial]. */
export interface MktAShopFinancialOverview {
  readonly grossGmv: number;
  readonly totalProfit: number;
  readonly avgMargin: number | null;
  readonly topProfitProducts: readonly unknown[];
  readonly costBreakdown: readonly unknown[];
  readonly comparison: object | null;
  readonly channelBreakdown: object;
  readonly sankey: object;
  readonly [extra: string]: unknown;
}

/** A19 [partial]. */
export interface MktACommissionImpactSummary {
  readonly totalCurrentMonthlyProfit: number;
  readonly totalFutureMonthlyProfit: number;
  readonly totalMonthlyProfitDelta: number;
  readonly affectedProductCount: number;
  readonly byCategory: readonly unknown[];
  readonly [extra: string]: unknown;
}

/** A20 [partial]. */
export interface MktACommissionOverview {
  readonly totalMonthlyRevenue: number;
  readonly totalMonthlyCommission: number;
  readonly commissionAsPercentOfRevenue: number | null;
  readonly byCategory: readonly unknown[];
  readonly [extra: string]: unknown;
}

// ---- set-margin / set-buyer-price previews --------------------------------------------------

/** Typed reasons the spec shows (section 7); others may appear. */
export type UnadjustableReason = "unreachable_margin" | "sku_not_found" | (string & {});

export interface UnadjustableItem {
  readonly reason: UnadjustableReason;
  readonly [extra: string]: unknown;
}

/** A21/A22 (MktASetMarginResult, [partial]), B14/B15, C8/C9. */
export interface SetMarginResult {
  readonly adjustedItems: readonly Readonly<Record<string, unknown>>[];
  readonly unadjustableItems: readonly UnadjustableItem[];
  readonly [extra: string]: unknown;
}
export type MktASetMarginResult = SetMarginResult;
export type MktBSetMarginResult = SetMarginResult;
export type MktCSetMarginResult = SetMarginResult;
