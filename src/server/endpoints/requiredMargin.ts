/**
 * New listings of marketplaces B and C (B3/B4, C4/C6): the breakdown at a proposed price, and
 * the lowest listing price whose margin (a fraction) reaches the target, with a discount that
 * is a fixed amount plus a share of the price.
 */
import type { UnitBreakdown } from "../analytics/breakdown";
import { toMajor, toMinor, type Currency } from "../analytics/money";
import { optNumber, reqNumber } from "../analytics/requestFields";
import { solveRequiredPrice } from "../analytics/requiredPrice";
import type { HandlerContext } from "../handler";
import { ApiProblem } from "../problem";

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

/** A listing with no sales history, as its marketplace prices and shows it. */
export interface NewListing {
  readonly currency: Currency;
  readonly unitAt: (priceMinor: number, discountMinor: number) => UnitBreakdown;
  /** The answer's breakdown and metadata for a unit. */
  readonly wire: (unit: UnitBreakdown) => Record<string, unknown>;
}

/** B3, C4: the breakdown at the body's listingPrice with no discount (no SKU rows yet). */
export function newProductAnswer(ctx: HandlerContext, listing: NewListing): unknown {
  const price = toMinor(reqNumber(ctx.body, "listingPrice"), listing.currency.decimals);
  return { ...listing.wire(listing.unitAt(price, 0)), skuBreakdowns: [] };
}

/** B4, C6: the required price, the discount at it (named as the marketplace names it), the breakdown. */
export function requiredPriceAnswer(
  ctx: HandlerContext,
  listing: NewListing,
  discountField: "specialPriceDiscount" | "sellerDiscount",
  highMinor: (fixedDiscountMinor: number) => number,
): unknown {
  const dp = listing.currency.decimals;
  const solved = solveRequiredMargin(ctx, dp, listing.unitAt, highMinor);
  return {
    requiredListingPrice: toMajor(solved.priceMinor, dp),
    targetMargin: solved.targetMargin,
    [discountField]: toMajor(solved.discountMinor, dp),
    ...listing.wire(solved.unit),
  };
}
