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

/** A window's sales per variant and per product, and the shop-wide return rate. */
export interface WindowSales<VariantKey, ProductKey> {
  readonly byVariant: ReadonlyMap<VariantKey, UnitSales>;
  readonly byProduct: ReadonlyMap<ProductKey, UnitSales>;
  /** Returned share of every unit shipped in the window (0 without sales). */
  readonly shopReturnRate: number;
}

/** A product needs this many shipped units before its own return rate is trusted. */
export const MIN_UNITS_FOR_OWN_RETURN_RATE = 10;

/** Sums the orders of [from, to] per variant and per product (`extraOf`: per-unit extra). */
export function windowSales<O extends OrderBase, VariantKey, ProductKey>(
  orders: readonly O[],
  window: { readonly from: string; readonly to: string },
  variantOf: (o: O) => VariantKey,
  productOf: (o: O) => ProductKey,
  extraOf: (o: O) => number = () => 0,
): WindowSales<VariantKey, ProductKey> {
  const byVariant = new Map<VariantKey, UnitSales>();
  const byProduct = new Map<ProductKey, UnitSales>();
  const all = emptySales();
  for (const o of ordersBetween(orders, window.from, window.to)) {
    let v = byVariant.get(variantOf(o));
    if (v === undefined) byVariant.set(variantOf(o), (v = emptySales()));
    let p = byProduct.get(productOf(o));
    if (p === undefined) byProduct.set(productOf(o), (p = emptySales()));
    const extra = extraOf(o);
    addOrder(v, o, extra);
    addOrder(p, o, extra);
    addOrder(all, o, extra);
  }
  return { byVariant, byProduct, shopReturnRate: returnRateOf(all) ?? 0 };
}

/** A product's return rate: its own once it shipped enough units, else the shop's. */
export function productReturnRate<P>(sales: WindowSales<unknown, P>, product: P): number {
  const own = sales.byProduct.get(product);
  return (
    (own === undefined ? null : returnRateOf(own, MIN_UNITS_FOR_OWN_RETURN_RATE)) ??
    sales.shopReturnRate
  );
}
