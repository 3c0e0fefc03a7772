/**
 * Per-unit averages and return rates from order lines (any marketplace). Used as the
 * baseline of a breakdown: what buyers actually paid, redeemed and sent back in a window.
 */
import type { OrderBase } from "../data/model";

/** Sums over the units of settled (completed) and returned order lines. */
export interface UnitSales {
  completedUnits: number;
  returnedUnits: number;
  /** Per-unit amounts summed over completed units (minor units). */
  sellerVoucherSum: number;
  platformDiscountSum: number;
  buyerShippingSum: number;
  /** Marketplace-specific extra per-unit amount (e.g. B coin deduction). */
  extraSum: number;
}

export function emptySales(): UnitSales {
  return {
    completedUnits: 0,
    returnedUnits: 0,
    sellerVoucherSum: 0,
    platformDiscountSum: 0,
    buyerShippingSum: 0,
    extraSum: 0,
  };
}

/** Adds one order line; cancelled lines count for nothing. */
export function addOrder(into: UnitSales, order: OrderBase, extraPerUnit = 0): void {
  if (order.status === "returned") {
    into.returnedUnits += order.quantity;
  } else if (order.status === "completed") {
    into.completedUnits += order.quantity;
    into.sellerVoucherSum += order.sellerVoucher * order.quantity;
    into.platformDiscountSum += order.platformDiscount * order.quantity;
    into.buyerShippingSum += order.buyerShipping;
    into.extraSum += extraPerUnit * order.quantity;
  }
}

/** Per-unit average of a sum over completed units, rounded to the minor unit (0 without sales). */
export function perUnit(sum: number, sales: UnitSales): number {
  return sales.completedUnits > 0 ? Math.round(sum / sales.completedUnits) : 0;
}

/** Units returned per unit shipped, or null when fewer than `minUnits` shipped. */
export function returnRateOf(sales: UnitSales, minUnits = 1): number | null {
  const shipped = sales.completedUnits + sales.returnedUnits;
  return shipped >= minUnits && shipped > 0 ? sales.returnedUnits / shipped : null;
}

/** Orders whose date lies in [from, to]; orders are sorted by placedAt, so this bisects. */
export function ordersBetween<T extends OrderBase>(
  orders: readonly T[],
  from: string,
  to: string,
): T[] {
  let lo = 0;
  let hi = orders.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((orders[mid] as T).date < from) lo = mid + 1;
    else hi = mid;
  }
  const out: T[] = [];
  for (let i = lo; i < orders.length; i++) {
    const o = orders[i] as T;
    if (o.date > to) break;
    out.push(o);
  }
  return out;
}

/** Median of the numbers (null when empty). */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1
    ? (s[mid] as number)
    : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}
