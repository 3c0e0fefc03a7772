/**
 * Marketplace A fee engine (fees.md), in integer minor units. One unit sold:
 *   B = L - d - v                       what the seller is paid before fees
 *   commission  = r_c x (L - d [- v where the region charges after vouchers])
 *   serviceFee  = min(cap, r_s x B)     only in the service-fee programme
 *   transaction = r_t x (B - platform discount + buyer shipping)   what the buyer pays
 *   vat         = B x t/(1+t)           output VAT, when VAT-registered
 *   profit      = B - fees - vat - COGS - ads cost per sale - return rate x cost of a return
 * Each line is rounded once (half away from zero); net profit is the sum of the rounded lines.
 */
import { rateOf, toMajor } from "../analytics/money";
import type { OrderA, ShopA } from "../data/model";
import type { FeeScheduleA } from "./ratesA";

export const LINE_NAMES_A = [
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
] as const;
export type LineNameA = (typeof LINE_NAMES_A)[number];

const LABELS: Readonly<Record<LineNameA, string>> = {
  originalModelPrice: "Original price",
  sellerDiscount: "Seller discount",
  sellerVoucher: "Seller voucher",
  commissionFee: "Commission fee",
  serviceFee: "Service fee",
  transactionFee: "Transaction fee",
  manufacturingCogs: "Product cost (COGS)",
  adsCostPerSale: "Ads cost per sale",
  returnCost: "Expected return cost",
  vat: "Output VAT",
};

/** One signed line in minor units, with the rate and base (minor units) it came from. */
export interface LineMinor {
  readonly amount: number;
  readonly rate: number | null;
  readonly base: number | null;
}

export type LinesA = Readonly<Record<LineNameA, LineMinor>>;

/** What one unit of a sale looks like, all money in minor units. */
export interface UnitSaleA {
  readonly listPrice: number;
  readonly sellerDiscount: number;
  readonly sellerVoucher: number;
  readonly platformDiscount: number;
  /** Buyer-paid shipping attributable to this unit (may be fractional: order shipping / qty). */
  readonly buyerShipping: number;
  readonly commissionRate: number;
  readonly schedule: FeeScheduleA;
  readonly inServiceFeeProgramme: boolean;
  readonly hasVat: boolean;
  readonly cogs: number;
  readonly adsCostPerSale: number;
  /** Share of units returned (0..1). */
  readonly returnRate: number;
}

/** What a sale is priced on besides its own prices and COGS: the shop's fees and settings. */
export type SaleTermsA = Omit<
  UnitSaleA,
  "listPrice" | "sellerDiscount" | "sellerVoucher" | "platformDiscount" | "buyerShipping" | "cogs"
>;

/** The terms of a shop's sales at a commission rate; no ads cost (callers count spend apart). */
export function saleTermsA(
  shop: ShopA,
  schedule: FeeScheduleA,
  commissionRate: number,
  hasVat: boolean,
  returnRate = 0,
): SaleTermsA {
  const inServiceFeeProgramme = shop.inServiceFeeProgramme;
  return { commissionRate, schedule, inServiceFeeProgramme, hasVat, adsCostPerSale: 0, returnRate };
}

/** One unit of an order at its own prices and its share of the order's shipping. */
export function orderLinesA(order: OrderA, terms: SaleTermsA, cogsMinor: number): LinesA {
  return unitLinesA({
    ...terms,
    listPrice: order.unitListPrice,
    sellerDiscount: order.sellerDiscount,
    sellerVoucher: order.sellerVoucher,
    platformDiscount: order.platformDiscount,
    buyerShipping: order.buyerShipping / order.quantity,
    cogs: cogsMinor,
  });
}

const line = (
  amount: number,
  rate: number | null = null,
  base: number | null = null,
): LineMinor => ({
  amount: amount === 0 ? 0 : amount,
  rate,
  base,
});

/** The signed per-unit lines of one sale. */
export function unitLinesA(s: UnitSaleA): LinesA {
  const sched = s.schedule;
  const paid = s.listPrice - s.sellerDiscount - s.sellerVoucher;
  const commissionBase = sched.commissionAfterVoucher ? paid : s.listPrice - s.sellerDiscount;
  const serviceRaw = s.inServiceFeeProgramme ? rateOf(sched.serviceFeeRate, Math.max(0, paid)) : 0;
  const buyerPays = Math.max(0, paid - s.platformDiscount + s.buyerShipping);
  const vatFraction = s.hasVat ? sched.vatRate / (1 + sched.vatRate) : 0;
  return {
    originalModelPrice: line(s.listPrice),
    sellerDiscount: line(-s.sellerDiscount),
    sellerVoucher: line(-s.sellerVoucher),
    commissionFee: line(
      -rateOf(s.commissionRate, Math.max(0, commissionBase)),
      s.commissionRate,
      commissionBase,
    ),
    serviceFee: line(
      -Math.min(sched.serviceFeeCapMinor, serviceRaw),
      s.inServiceFeeProgramme ? sched.serviceFeeRate : 0,
      paid,
    ),
    transactionFee: line(
      -rateOf(sched.transactionFeeRate, buyerPays),
      sched.transactionFeeRate,
      Math.round(buyerPays),
    ),
    manufacturingCogs: line(-s.cogs),
    adsCostPerSale: line(-s.adsCostPerSale),
    returnCost: line(
      -rateOf(s.returnRate, sched.returnCostMinor),
      s.returnRate,
      sched.returnCostMinor,
    ),
    vat: line(-rateOf(vatFraction, Math.max(0, paid)), s.hasVat ? sched.vatRate : 0, paid),
  };
}

/** Net profit per unit: the sum of the (already rounded) lines. */
export function netProfitMinor(lines: LinesA): number {
  let sum = 0;
  for (const name of LINE_NAMES_A) sum += lines[name].amount;
  return sum;
}

/** What the seller is paid per unit before fees (list price less discount and voucher). */
export function revenueMinor(lines: LinesA): number {
  return lines.originalModelPrice.amount + lines.sellerDiscount.amount + lines.sellerVoucher.amount;
}

/** Marketplace A margin in percent (2 decimals), null when revenue is 0. */
export function marginPercent(profit: number, revenue: number): number | null {
  if (revenue === 0) return null;
  return Math.round((profit / revenue) * 10000) / 100;
}

/**
 * Sums of lines over many units (realized sales), divided back to one unit at the end:
 * each per-unit line is rounded once, so the per-unit lines still sum to the per-unit profit.
 */
export class LinesTotal {
  private readonly amounts = new Map<LineNameA, number>();
  private readonly bases = new Map<LineNameA, number>();
  units = 0;

  /** Adds `quantity` units of `lines`. */
  add(lines: LinesA, quantity: number): void {
    for (const name of LINE_NAMES_A) {
      const l = lines[name];
      this.amounts.set(name, (this.amounts.get(name) ?? 0) + l.amount * quantity);
      if (l.base !== null) this.bases.set(name, (this.bases.get(name) ?? 0) + l.base * quantity);
    }
    this.units += quantity;
  }

  /** Adds a whole-window amount (e.g. total ad spend, as a negative) to one line. */
  addTotal(name: LineNameA, amount: number): void {
    this.amounts.set(name, (this.amounts.get(name) ?? 0) + amount);
  }

  /** Total of one line over all units, minor units. */
  total(name: LineNameA): number {
    return this.amounts.get(name) ?? 0;
  }

  /** Per-unit lines: totals / units, rounded once per line; rates are effective (amount / base). */
  perUnit(): LinesA {
    const n = Math.max(1, this.units);
    const out = {} as Record<LineNameA, LineMinor>;
    for (const name of LINE_NAMES_A) {
      const total = this.amounts.get(name) ?? 0;
      const baseTotal = this.bases.get(name);
      const amount = Math.sign(total) * Math.round(Math.abs(total) / n);
      const base = baseTotal === undefined ? null : Math.round(baseTotal / n);
      const rate =
        baseTotal === undefined || baseTotal === 0
          ? null
          : Math.round((Math.abs(total) / baseTotal) * 1e6) / 1e6;
      out[name] = line(amount, rate, base);
    }
    return out;
  }
}

/** One line on the wire (contract-notes): major units, signed. */
export interface WireLine {
  readonly amount: number;
  readonly label: string;
  readonly rate: number | null;
  readonly base: number | null;
}

/** The breakdown object of the wire: every A line, in order, in major units. */
export function wireBreakdownA(lines: LinesA, decimals: number): Record<LineNameA, WireLine> {
  const out = {} as Record<LineNameA, WireLine>;
  for (const name of LINE_NAMES_A) {
    const l = lines[name];
    out[name] = {
      amount: toMajor(l.amount, decimals),
      label: LABELS[name],
      rate: l.rate,
      base: l.base === null ? null : toMajor(l.base, decimals),
    };
  }
  return out;
}
