/**
 * The demo dataset's sales: rate tables, seasonality, a year of orders with cancellations,
 * chain re-buys and returns, and daily ad spend (split from generate.ts, which assembles shops).
 */
import { addDays } from "../analytics/periods";
import type { AdSpendDay, EffectiveRate, OrderBase, OrderChannel, OrderStatus } from "./model";
import { type Rng } from "./rng";

const round4 = (x: number): number => Math.round(x * 10000) / 10000;

/**
 * Rates: an opening rate, a past change inside the order year for every other category, and a
 * scheduled change (`scheduled`, after today) for the categories where `i % 3 !== 2`.
 */
export function rateTable(
  rng: Rng,
  i: number,
  base: (region: string) => number,
  ordersFrom: string,
  scheduled: string,
): EffectiveRate[] {
  const rates: EffectiveRate[] = [];
  for (const region of REGIONS) {
    let rate = round4(base(region) + rng.int(-15, 30) / 1000);
    rates.push({ region, effectiveFrom: "2020-01-01", rate });
    if (i % 2 === 0) {
      rate = round4(rate + 0.005);
      rates.push({ region, effectiveFrom: addDays(ordersFrom, 150), rate });
    }
    if (i % 3 !== 2) {
      rates.push({ region, effectiveFrom: scheduled, rate: round4(rate + rng.int(5, 20) / 1000) });
    }
  }
  return rates;
}

// ---------------------------------------------------------------- seasonality

/**
 * Cumulative day weights over the order year, for sampling order dates: a mild yearly cycle
 * peaking in mid-November (the 11.11 / 12.12 season), growth of about 40 % over the year (a
 * shop that sells today sells more than a year ago, so the latest 30 days are not a trough),
 * and the sale days (payday, double-digit days).
 */
export function seasonality(days: readonly string[]): number[] {
  const cum: number[] = [];
  let total = 0;
  days.forEach((day, i) => {
    const md = day.slice(5);
    const dayOfYear = (dateToMs(day) - dateToMs(`${day.slice(0, 4)}-01-01`)) / 86_400_000;
    const cycle = 1 + 0.15 * Math.cos((2 * Math.PI * (dayOfYear - PEAK_DAY_OF_YEAR)) / 365);
    const growth = 0.85 + (0.35 * i) / days.length;
    let w = cycle * growth;
    if (md === "11-11") w *= 4;
    else if (md === "12-12") w *= 3;
    else if (md === "09-09" || md === "10-10") w *= 2.5;
    else if (md === "06-06" || md === "07-07" || md === "08-08") w *= 1.8;
    if (day.slice(8) === "25") w *= 1.3;
    total += w;
    cum.push(total);
  });
  return cum;
}

/** Mid-November, 0-based day of the year. */
const PEAK_DAY_OF_YEAR = 318;

function sampleIndex(cum: readonly number[], rng: Rng): number {
  const total = cum[cum.length - 1] ?? 0;
  const x = rng.float() * total;
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cum[mid] ?? 0) > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

// ---------------------------------------------------------------- orders (marketplace-neutral)

export interface Calendar {
  readonly days: readonly string[];
  readonly cum: readonly number[];
  readonly today: string;
}

/** What the order generator needs to know about a product. */
export interface SellableProduct {
  readonly variants: readonly { readonly listPrice: number; readonly discount: number }[];
  /** Expected orders in the year. */
  readonly lambda: number;
  readonly advertised: boolean;
}

export interface RawOrder {
  readonly product: number;
  readonly variant: number;
  readonly seconds: number;
  readonly fields: Omit<OrderBase, "orderId" | "date" | "placedAt">;
}

interface RegionShipping {
  readonly min: number;
  readonly max: number;
}
const SHIPPING: Readonly<Record<string, RegionShipping>> = {
  SG: { min: 199, max: 499 },
  MY: { min: 490, max: 990 },
  TH: { min: 2500, max: 5000 },
  PH: { min: 3900, max: 9900 },
  VN: { min: 15000, max: 35000 },
  ID: { min: 9000, max: 25000 },
};

export function roundPrice(x: number, digits: number): number {
  // Prices end in ...90 (2-digit currencies) or ...000 (0-digit), like real listings.
  const step = digits === 2 ? 10 : 1000;
  return Math.max(step * 5, Math.round(x / step) * step - (digits === 2 ? 10 : 0));
}

export function generateOrders(
  rng: Rng,
  products: readonly SellableProduct[],
  region: string,
  buyerPool: number,
  cal: Calendar,
  demand: number,
): RawOrder[] {
  const ship = SHIPPING[region] ?? { min: 0, max: 0 };
  const todayStart = dateToMs(cal.today) / 1000;
  const out: RawOrder[] = [];
  products.forEach((p, pi) => {
    const n = Math.floor(p.lambda * demand + rng.float());
    for (let k = 0; k < n; k++) {
      const vi = rng.int(0, p.variants.length - 1);
      const v = p.variants[vi];
      if (!v) continue;
      const day = cal.days[sampleIndex(cal.cum, rng)] ?? cal.today;
      const seconds = dateToMs(day) / 1000 + rng.int(0, 86399);
      const oldPrice = rng.chance(0.2);
      const unitListPrice = oldPrice
        ? Math.round((v.listPrice * rng.int(90, 110)) / 1000) * 10
        : v.listPrice;
      const sellerDiscount = Math.min(v.discount, Math.floor(unitListPrice / 2));
      const sellerVoucher = rng.chance(0.2)
        ? Math.round((unitListPrice * rng.int(3, 10)) / 100)
        : 0;
      const platformDiscount = rng.chance(0.15)
        ? Math.round((unitListPrice * rng.int(3, 10)) / 100)
        : 0;
      let channel: OrderChannel = "organic";
      const c = rng.float();
      if (p.advertised && c < 0.4) channel = "ads";
      else if (c > 0.93) channel = "affiliate";
      const cancelP = channel === "ads" ? 0.12 : 0.07;
      const s = rng.float();
      const status: OrderStatus =
        s < cancelP ? "cancelled" : s < cancelP + 0.04 ? "returned" : "completed";
      const q = rng.float();
      const fields = {
        buyerId: rng.int(1, buyerPool),
        quantity: q < 0.8 ? 1 : q < 0.95 ? 2 : 3,
        unitListPrice,
        sellerDiscount,
        sellerVoucher: Math.min(sellerVoucher, unitListPrice - sellerDiscount - 1),
        platformDiscount,
        buyerShipping: rng.chance(0.5) ? 0 : rng.int(ship.min, ship.max),
        status,
        channel,
        attributedToAds: channel === "ads",
      };
      out.push({ product: pi, variant: vi, seconds, fields });
      // Chain re-buys: the buyer cancels and orders the same item again within 24 h.
      if (status === "cancelled" && rng.chance(0.45)) {
        let at = seconds;
        for (let link = 0; link < 4; link++) {
          at += rng.int(300, CHAIN_WINDOW_SECONDS - 3600);
          if (at >= todayStart) break;
          const again = rng.chance(0.3) && link < 3;
          out.push({
            product: pi,
            variant: vi,
            seconds: at,
            fields: { ...fields, status: again ? "cancelled" : "completed" },
          });
          if (!again) break;
        }
      }
    }
  });
  out.sort((a, b) => a.seconds - b.seconds || a.product - b.product || a.variant - b.variant);
  return out;
}

export function stamp(seconds: number): { date: string; placedAt: string } {
  const iso = new Date(seconds * 1000).toISOString();
  return { date: iso.slice(0, 10), placedAt: `${iso.slice(0, 19)}Z` };
}

/** Daily ad spend of advertised products, sized to a per-product target GMV ROAS. */
export function generateAdSpend<K>(
  rng: Rng,
  products: readonly SellableProduct[],
  keys: readonly K[],
  orders: readonly RawOrder[],
  cal: Calendar,
): AdSpendDay<K>[] {
  const adsGmv = new Map<number, number>();
  for (const o of orders) {
    if (!o.fields.attributedToAds) continue;
    const gmv = (o.fields.unitListPrice - o.fields.sellerDiscount) * o.fields.quantity;
    adsGmv.set(o.product, (adsGmv.get(o.product) ?? 0) + gmv);
  }
  const rows: AdSpendDay<K>[] = [];
  products.forEach((p, pi) => {
    const key = keys[pi];
    if (!p.advertised || key === undefined) return;
    // Campaigns run in weekly blocks; some products run ads that sell nothing.
    const active = cal.days
      .map((_, i) => i)
      .filter((i) => Math.floor(i / 7) % 3 !== 2 || rng.chance(0.2));
    const price = p.variants[0]?.listPrice ?? 100;
    const total = adsGmv.get(pi) ?? 0;
    const targetRoas = 1.5 + rng.float() * 8;
    const daily = total > 0 ? total / targetRoas / active.length : price * 0.05;
    for (const i of active) {
      const spend = Math.max(1, Math.round(daily * (0.6 + rng.float() * 0.8)));
      rows.push({ date: cal.days[i] ?? cal.today, product: key, spend });
    }
  });
  rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return rows;
}

// ---------------------------------------------------------------- products

/** Chain re-buy window used when generating (and by the ROAS dedup): 24 hours. */
export const CHAIN_WINDOW_SECONDS = 24 * 3600;

const REGIONS = ["SG", "MY", "TH", "PH", "VN", "ID"];

export function dateToMs(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}
