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

/** Lines that carry a base (the amount a rate applies to); the others' base is null. */
const BASE_LINES_A = [
  "commissionFee",
  "serviceFee",
  "transactionFee",
  "returnCost",
  "vat",
] as const;
type BaseLineA = (typeof BASE_LINES_A)[number];

/**
 * The per-unit amounts of one sale by line, and the bases of the lines that have one: what
 * `unitLinesA` answers, without the objects, so sums over thousands of orders allocate nothing.
 */
interface UnitFiguresA {
  readonly amount: Record<LineNameA, number>;
  readonly base: Record<BaseLineA, number>;
}

const zeroLines = (): Record<LineNameA, number> => ({
  originalModelPrice: 0,
  sellerDiscount: 0,
  sellerVoucher: 0,
  commissionFee: 0,
  serviceFee: 0,
  transactionFee: 0,
  manufacturingCogs: 0,
  adsCostPerSale: 0,
  returnCost: 0,
  vat: 0,
});

/** One scratch record, overwritten by every call of `unitFiguresA` (valid until the next). */
const scratch: UnitFiguresA = {
  amount: zeroLines(),
  base: { commissionFee: 0, serviceFee: 0, transactionFee: 0, returnCost: 0, vat: 0 },
};

/** The one formula of every A line (fees.md), into the scratch record. */
function unitFiguresA(
  t: SaleTermsA,
  listPrice: number,
  sellerDiscount: number,
  sellerVoucher: number,
  platformDiscount: number,
  buyerShipping: number,
  cogs: number,
): UnitFiguresA {
  const sched = t.schedule;
  const paid = listPrice - sellerDiscount - sellerVoucher;
  const commissionBase = sched.commissionAfterVoucher ? paid : listPrice - sellerDiscount;
  const serviceRaw = t.inServiceFeeProgramme ? rateOf(sched.serviceFeeRate, Math.max(0, paid)) : 0;
  const buyerPays = Math.max(0, paid - platformDiscount + buyerShipping);
  const vatFraction = t.hasVat ? sched.vatRate / (1 + sched.vatRate) : 0;
  const a = scratch.amount;
  const b = scratch.base;
  a.originalModelPrice = listPrice;
  a.sellerDiscount = -sellerDiscount;
  a.sellerVoucher = -sellerVoucher;
  a.commissionFee = -rateOf(t.commissionRate, Math.max(0, commissionBase));
  b.commissionFee = commissionBase;
  a.serviceFee = -Math.min(sched.serviceFeeCapMinor, serviceRaw);
  b.serviceFee = paid;
  a.transactionFee = -rateOf(sched.transactionFeeRate, buyerPays);
  b.transactionFee = Math.round(buyerPays);
  a.manufacturingCogs = -cogs;
  a.adsCostPerSale = -t.adsCostPerSale;
  a.returnCost = -rateOf(t.returnRate, sched.returnCostMinor);
  b.returnCost = sched.returnCostMinor;
  a.vat = -rateOf(vatFraction, Math.max(0, paid));
  b.vat = paid;
  return scratch;
}

/** One unit of an order at its own prices and its share of the order's shipping (scratch). */
function orderFiguresA(order: OrderA, terms: SaleTermsA, cogsMinor: number): UnitFiguresA {
  return unitFiguresA(
    terms,
    order.unitListPrice,
    order.sellerDiscount,
    order.sellerVoucher,
    order.platformDiscount,
    order.buyerShipping / order.quantity,
    cogsMinor,
  );
}

/** One unit of an order as lines (fees of a single order: the A2-style breakdowns). */
export function orderLinesA(order: OrderA, terms: SaleTermsA, cogsMinor: number): LinesA {
  return linesOf(orderFiguresA(order, terms, cogsMinor), terms);
}

/**
 * One unit of an order in the figures a ROAS frame needs, minor units per unit: net profit
 * (the sum of the rounded lines, as `netProfitMinor`), revenue (as `revenueMinor`) and fees.
 */
export function orderProfitA(
  order: OrderA,
  terms: SaleTermsA,
  cogsMinor: number,
): { profit: number; revenue: number; fees: number } {
  const a = orderFiguresA(order, terms, cogsMinor).amount;
  let profit = 0;
  for (const name of LINE_NAMES_A) profit += a[name] === 0 ? 0 : a[name];
  const revenue = norm(a.originalModelPrice) + norm(a.sellerDiscount) + norm(a.sellerVoucher);
  const fees = norm(a.commissionFee) + norm(a.serviceFee) + norm(a.transactionFee);
  return { profit, revenue, fees };
}

/** -0 as 0, as every line's amount is kept. */
const norm = (x: number): number => (x === 0 ? 0 : x);

const line = (
  amount: number,
  rate: number | null = null,
  base: number | null = null,
): LineMinor => ({
  amount: amount === 0 ? 0 : amount,
  rate,
  base,
});

/** The lines of the scratch figures, with the rates they were computed at. */
function linesOf(f: UnitFiguresA, t: SaleTermsA): LinesA {
  const a = f.amount;
  const b = f.base;
  const sched = t.schedule;
  return {
    originalModelPrice: line(a.originalModelPrice),
    sellerDiscount: line(a.sellerDiscount),
    sellerVoucher: line(a.sellerVoucher),
    commissionFee: line(a.commissionFee, t.commissionRate, b.commissionFee),
    serviceFee: line(
      a.serviceFee,
      t.inServiceFeeProgramme ? sched.serviceFeeRate : 0,
      b.serviceFee,
    ),
    transactionFee: line(a.transactionFee, sched.transactionFeeRate, b.transactionFee),
    manufacturingCogs: line(a.manufacturingCogs),
    adsCostPerSale: line(a.adsCostPerSale),
    returnCost: line(a.returnCost, t.returnRate, b.returnCost),
    vat: line(a.vat, t.hasVat ? sched.vatRate : 0, b.vat),
  };
}

/** The signed per-unit lines of one sale. */
export function unitLinesA(s: UnitSaleA): LinesA {
  const f = unitFiguresA(
    s,
    s.listPrice,
    s.sellerDiscount,
    s.sellerVoucher,
    s.platformDiscount,
    s.buyerShipping,
    s.cogs,
  );
  return linesOf(f, s);
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
  private readonly amounts = zeroLines();
  private readonly bases = zeroLines();
  /** Lines given a base so far (their per-unit base and rate are not null). */
  private readonly withBase = new Set<LineNameA>();
  units = 0;

  /** Adds `quantity` units of `lines`. */
  add(lines: LinesA, quantity: number): void {
    for (const name of LINE_NAMES_A) {
      const l = lines[name];
      this.amounts[name] += l.amount * quantity;
      if (l.base !== null) {
        this.bases[name] += l.base * quantity;
        this.withBase.add(name);
      }
    }
    this.units += quantity;
  }

  /** Adds `quantity` units of an order, as `add(orderLinesA(order, terms, cogs))` without objects. */
  addOrder(order: OrderA, terms: SaleTermsA, cogsMinor: number, quantity: number): void {
    const f = orderFiguresA(order, terms, cogsMinor);
    for (const name of LINE_NAMES_A) this.amounts[name] += f.amount[name] * quantity;
    for (const name of BASE_LINES_A) {
      this.bases[name] += f.base[name] * quantity;
      this.withBase.add(name);
    }
    this.units += quantity;
  }

  /** Adds a whole-window amount (e.g. total ad spend, as a negative) to one line. */
  addTotal(name: LineNameA, amount: number): void {
    this.amounts[name] += amount;
  }

  /** Total of one line over all units, minor units. */
  total(name: LineNameA): number {
    return this.amounts[name];
  }

  /** Per-unit lines: totals / units, rounded once per line; rates are effective (amount / base). */
  perUnit(): LinesA {
    const n = Math.max(1, this.units);
    const out = {} as Record<LineNameA, LineMinor>;
    for (const name of LINE_NAMES_A) {
      const total = this.amounts[name];
      const baseTotal = this.withBase.has(name) ? this.bases[name] : undefined;
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
