/**
 * Reverse solvers: the lowest listing price that reaches a target, the largest seller discount
 * that keeps a target margin, and the discount that lands a target buyer price (fees.md).
 * Profit is convex piecewise linear in price (capped fees stop growing past their breakpoint),
 * so "reaches the target" is a half-line of prices; per-line rounding can make the predicate
 * wobble by a minor unit near the threshold, so every answer is verified against its neighbour.
 */
import { checkRequestBudget } from "../budget";

/** Profit and revenue (what the seller is paid before fees) per unit, in minor units. */
export interface ProfitAtPrice {
  readonly profitMinor: number;
  readonly revenueMinor: number;
}

/** A profit amount per unit, or a margin (profit / revenue) as a fraction. */
export type ProfitTarget =
  | { readonly kind: "profit"; readonly amountMinor: number }
  | { readonly kind: "margin"; readonly fraction: number };

/** Search range and rounding step for the price, all in minor units. */
export interface PriceSearchOptions {
  /** Lowest price worth trying (>= 0). */
  readonly lowMinor: number;
  /** A price past the last fee-cap breakpoint; widened automatically when still short. */
  readonly highMinor: number;
  /** The currency unit the answer is rounded up to (1 = smallest minor unit). */
  readonly unitMinor: number;
}

export type RequiredPriceOutcome =
  { readonly priceMinor: number } | { readonly unreachable: string };

/** How far the target is exceeded: >= 0 means the target is met. */
export function targetSurplus(at: ProfitAtPrice, target: ProfitTarget): number {
  if (target.kind === "profit") return at.profitMinor - target.amountMinor;
  const surplus = at.profitMinor - target.fraction * at.revenueMinor;
  // No revenue, no margin (contract-notes: margin is null): never counts as reaching one.
  return at.revenueMinor > 0 ? surplus : Math.min(-1, surplus);
}

/**
 * A search over whole multiples k of the rounding step: the surplus over the target at k steps
 * and whether it meets it. Every evaluation checks the request's time budget.
 */
function stepsOf(
  unitMinor: number,
  profitAt: (minor: number) => ProfitAtPrice,
  target: ProfitTarget,
): { unit: number; surplus: (k: number) => number; meets: (k: number) => boolean } {
  const unit = Math.max(1, Math.round(unitMinor));
  const surplus = (k: number): number => {
    checkRequestBudget();
    return targetSurplus(profitAt(k * unit), target);
  };
  // Met within rounding noise (margins are compared without division).
  return { unit, surplus, meets: (k) => surplus(k) >= -1e-9 };
}

/** Prices above this many minor units are never answered: integers stay exact and loops end. */
export const MAX_PRICE_MINOR = 2 ** 50;
/** Units below a bisection's answer checked for rounding wobble (and the most stepped down). */
const LOCAL_SCAN = 64;

/**
 * Lowest price (a multiple of `unitMinor`, rounded up) whose profit reaches the target.
 * Bounded work whatever the inputs: at most ~50 doublings of the high bound, ~50 bisection
 * steps and 2 x LOCAL_SCAN checks for rounding wobble, each one profit evaluation. Unreachable
 * when even MAX_PRICE_MINOR misses the target; the reason says whether profit stops growing
 * faster than the target once every fee cap binds.
 */
export function solveRequiredPrice(
  profitAt: (priceMinor: number) => ProfitAtPrice,
  target: ProfitTarget,
  opts: PriceSearchOptions,
): RequiredPriceOutcome {
  if (target.kind === "margin" && target.fraction >= 1) {
    return {
      unreachable: "a margin of 100% or more cannot be reached: fees and costs are never negative",
    };
  }
  const { unit, surplus, meets } = stepsOf(opts.unitMinor, profitAt, target);
  const maxK = Math.floor(MAX_PRICE_MINOR / unit);
  const lowest = Math.min(maxK - 1, Math.max(0, Math.ceil(opts.lowMinor / unit)));
  if (meets(lowest)) return { priceMinor: lowest * unit };

  // Profit is convex in price, so above a price that misses the target the prices that reach
  // it form a half-line: double the high bound until it is in, then bisect.
  let lo = lowest;
  let hi = Math.min(maxK, Math.max(lo + 1, Math.ceil(opts.highMinor / unit)));
  while (!meets(hi)) {
    if (hi >= maxK) return unreachablePast(surplus, maxK, target);
    lo = hi;
    hi = Math.min(maxK, 2 * hi);
  }
  // Invariant: surplus(lo) < 0 <= surplus(hi).
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (meets(mid)) hi = mid;
    else lo = mid;
  }
  // Rounding wobble: near the threshold the per-line rounding makes the predicate flicker, so
  // where bisection lands depends on the bounds. Take the lowest price meeting the target in
  // the LOCAL_SCAN units below, then step down (at most LOCAL_SCAN units) while the unit below
  // still meets it.
  let k = hi;
  for (let j = 1; j <= LOCAL_SCAN && hi - j >= lowest; j++) if (meets(hi - j)) k = hi - j;
  for (let i = 0; i < LOCAL_SCAN && k - 1 >= lowest && meets(k - 1); i++) k -= 1;
  return { priceMinor: k * unit };
}

/** Why no price up to `maxK` units reaches the target. */
function unreachablePast(
  surplus: (k: number) => number,
  maxK: number,
  target: ProfitTarget,
): RequiredPriceOutcome {
  const half = Math.floor(maxK / 2);
  const slope = (surplus(maxK) - surplus(half)) / Math.max(1, maxK - half);
  if (slope > 1e-9) {
    return { unreachable: `the target needs a listing price above ${MAX_PRICE_MINOR} minor units` };
  }
  return {
    unreachable:
      target.kind === "margin"
        ? `profit grows by at most ${fmt(slope + target.fraction)} per unit of price once every fee cap binds, ` +
          `not more than the target margin ${fmt(target.fraction)}: no listing price reaches it`
        : "profit does not grow with the listing price once every fee cap binds: no listing price reaches the target",
  };
}

function fmt(x: number): string {
  return (Math.round(x * 10000) / 10000).toString();
}

/** Search range for a seller discount at a fixed list price, in minor units. */
export interface DiscountSearchOptions {
  /** The largest discount allowed (usually the list price less vouchers). */
  readonly maxDiscountMinor: number;
  readonly unitMinor: number;
}

export type MaxDiscountOutcome =
  | { readonly discountMinor: number }
  | { readonly unreachable: "unreachable_margin"; readonly message: string };

/**
 * Largest seller discount (a multiple of `unitMinor`, rounded down) that still meets the target.
 * The margin falls as the discount grows, so this bisects on that monotone predicate.
 */
export function solveMaxDiscount(
  profitAtDiscount: (discountMinor: number) => ProfitAtPrice,
  target: ProfitTarget,
  opts: DiscountSearchOptions,
): MaxDiscountOutcome {
  const { unit, meets } = stepsOf(opts.unitMinor, profitAtDiscount, target);
  if (!meets(0)) {
    return {
      unreachable: "unreachable_margin",
      message: "the target is not met even without any discount",
    };
  }
  let lo = 0;
  let hi = Math.floor(Math.min(MAX_PRICE_MINOR, Math.max(0, opts.maxDiscountMinor)) / unit);
  if (meets(hi)) return { discountMinor: hi * unit };
  // Invariant: meets(lo) && !meets(hi).
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (meets(mid)) lo = mid;
    else hi = mid;
  }
  return { discountMinor: lo * unit };
}

/** What is known at a fixed list price when the seller wants the buyer to pay `targetBuyerPriceMinor`. */
export interface BuyerPriceInput {
  readonly listPriceMinor: number;
  readonly sellerVoucherMinor: number;
  readonly platformDiscountMinor: number;
  readonly targetBuyerPriceMinor: number;
}

export type BuyerPriceOutcome =
  | { readonly discountMinor: number; readonly noDiscountNeeded: boolean }
  | { readonly infeasible: "buyer_price_too_low"; readonly message: string };

/**
 * Seller discount so the buyer pays the target: L - v - platform discount - p (fees.md).
 * Negative means no discount is needed (0 is returned, flagged); more than L - v is infeasible.
 */
export function discountForBuyerPrice(input: BuyerPriceInput): BuyerPriceOutcome {
  const raw =
    input.listPriceMinor -
    input.sellerVoucherMinor -
    input.platformDiscountMinor -
    input.targetBuyerPriceMinor;
  if (raw < 0) return { discountMinor: 0, noDiscountNeeded: true };
  if (raw > input.listPriceMinor - input.sellerVoucherMinor || input.targetBuyerPriceMinor < 0) {
    return {
      infeasible: "buyer_price_too_low",
      message: "the discount needed is larger than what the seller is paid for the item",
    };
  }
  return { discountMinor: raw, noDiscountNeeded: false };
}
