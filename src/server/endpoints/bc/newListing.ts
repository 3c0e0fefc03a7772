/**
 * New listings of marketplaces B and C (B3/B4, C4/C6): a listing with no sales history yet (no
 * vouchers, platform discounts, buyer shipping; returns only as the caller's rate). The
 * breakdown at a proposed price, and the lowest listing price whose margin (a fraction)
 * reaches the target, with a discount that is a fixed amount plus a share of the price.
 */
import { breakdownWithMetadata, type UnitBreakdown } from "../../analytics/breakdown";
import { toMajor, toMinor, type Currency } from "../../analytics/money";
import { effectiveDateOf, optBoolean, optNumber, reqNumber } from "../../analytics/requestFields";
import { solveRequiredPrice } from "../../analytics/requiredPrice";
import type { UnitInputBC } from "../../fees/engineBC";
import type { HandlerContext } from "../../handler";
import { ApiProblem } from "../../problem";
import type { MarketBC } from "./market";

/** A listing with no sales history, as its marketplace prices and shows it. */
export interface NewListingBC<P, S, I, O> {
  readonly market: MarketBC<P, S, I, O>;
  readonly currency: Currency;
  readonly effectiveDate: string;
  /** Request settings the metadata repeats (B: seller type). */
  readonly settings: Readonly<Record<string, unknown>>;
  /** Engine input at a list price with no discount. */
  readonly inputAt: (listPriceMinor: number) => I;
}

/** What B and C read alike from a new-listing body. */
export interface ListingFields {
  readonly effectiveDate: string;
  /** From the endpoint's COGS field, minor units; null when not given. */
  readonly cogsMinor: number | null;
  readonly hasVat: boolean;
}

/** The body's effective date, COGS (`cogsField`, in the currency) and hasVat (else `vatDefault`). */
export function listingFields(
  ctx: HandlerContext,
  currency: Currency,
  cogsField: string,
  vatDefault: boolean,
): ListingFields {
  const cogs = optNumber(ctx.body, cogsField);
  return {
    effectiveDate: effectiveDateOf(ctx),
    cogsMinor: cogs === null ? null : toMinor(cogs, currency.decimals),
    hasVat: optBoolean(ctx.body, "hasVat") ?? vatDefault,
  };
}

/** The engine inputs B and C share for a listing with no history, at a list price. */
export function newListingInput(
  listPriceMinor: number,
  fields: ListingFields,
  returnRate: number,
): UnitInputBC {
  return {
    listPrice: listPriceMinor,
    sellerVoucher: 0,
    platformDiscount: 0,
    buyerShippingPerUnit: 0,
    hasVat: fields.hasVat,
    cogs: fields.cogsMinor ?? 0,
    cogsSource: fields.cogsMinor === null ? "missing" : "explicit",
    returnRate,
  };
}

/** The listing's breakdown at a price and discount (minor units). */
function unitAt<P, S, I, O>(
  listing: NewListingBC<P, S, I, O>,
  priceMinor: number,
  discountMinor: number,
): UnitBreakdown {
  const m = listing.market;
  return m.unitOf(m.withDiscount(listing.inputAt(priceMinor), discountMinor));
}

/** The answer's breakdown and metadata for a unit of the listing. */
function wire<P, S, I, O>(
  listing: NewListingBC<P, S, I, O>,
  unit: UnitBreakdown,
): Record<string, unknown> {
  return breakdownWithMetadata(
    unit,
    listing.currency,
    listing.effectiveDate,
    null,
    listing.settings,
  );
}

/** The solved price, the discount at it and the breakdown there (minor units). */
interface RequiredMarginPrice {
  readonly targetMargin: number;
  readonly priceMinor: number;
  readonly discountMinor: number;
  readonly unit: UnitBreakdown;
}

/**
 * Reads targetMargin, targetDiscount and targetDiscountPercent (both discounts add up) and
 * solves; `highMinor(fixedDiscount)` is a price past the last fee-cap breakpoint. 422
 * `unreachable_margin` when no price reaches the target.
 */
function solveRequiredMargin(
  ctx: HandlerContext,
  decimals: number,
  unitAt: (priceMinor: number, discountMinor: number) => UnitBreakdown,
  highMinor: (fixedDiscountMinor: number) => number,
): RequiredMarginPrice {
  const targetMargin = reqNumber(ctx.body, "targetMargin");
  const fixedDiscount = toMinor(optNumber(ctx.body, "targetDiscount") ?? 0, decimals);
  const share = optNumber(ctx.body, "targetDiscountPercent") ?? 0;
  const discountAt = (price: number): number => fixedDiscount + Math.round(share * price);
  if (share >= 1) {
    // The cause is the discount, not the margin: at 100% no listing price leaves any revenue.
    throw new ApiProblem(
      422,
      `target margin ${targetMargin} cannot be reached: a discount of 100% or more leaves no revenue at any listing price`,
      [{ field: "targetDiscountPercent", problem: "unreachable_margin" }],
    );
  }
  const solved = solveRequiredPrice(
    (price) => {
      const u = unitAt(price, discountAt(price));
      return { profitMinor: u.netProfitMinor, revenueMinor: u.revenueMinor };
    },
    { kind: "margin", fraction: targetMargin },
    { lowMinor: fixedDiscount + 1, highMinor: highMinor(fixedDiscount), unitMinor: 1 },
  );
  if ("unreachable" in solved) {
    throw new ApiProblem(
      422,
      `target margin ${targetMargin} cannot be reached: ${solved.unreachable}`,
      [{ field: "targetMargin", problem: "unreachable_margin" }],
    );
  }
  const discountMinor = discountAt(solved.priceMinor);
  return {
    targetMargin,
    priceMinor: solved.priceMinor,
    discountMinor,
    unit: unitAt(solved.priceMinor, discountMinor),
  };
}

/** B3, C4: the breakdown at the body's listingPrice with no discount (no SKU rows yet). */
export function newProductAnswer<P, S, I, O>(
  ctx: HandlerContext,
  listing: NewListingBC<P, S, I, O>,
): unknown {
  const price = toMinor(reqNumber(ctx.body, "listingPrice"), listing.currency.decimals);
  return { ...wire(listing, unitAt(listing, price, 0)), skuBreakdowns: [] };
}

/**
 * B4, C6: the required price, the discount at it (named as the marketplace names it), the
 * breakdown. `highMinor` gets the input at price 0 (the listing's costs) and the fixed discount.
 */
export function requiredPriceAnswer<P, S, I, O>(
  ctx: HandlerContext,
  listing: NewListingBC<P, S, I, O>,
  highMinor: (probe: I, fixedDiscountMinor: number) => number,
): unknown {
  const dp = listing.currency.decimals;
  const probe = listing.inputAt(0);
  const solved = solveRequiredMargin(
    ctx,
    dp,
    (price, discount) => unitAt(listing, price, discount),
    (fixedDiscount) => highMinor(probe, fixedDiscount),
  );
  return {
    requiredListingPrice: toMajor(solved.priceMinor, dp),
    targetMargin: solved.targetMargin,
    [listing.market.discount]: toMajor(solved.discountMinor, dp),
    ...wire(listing, solved.unit),
  };
}
