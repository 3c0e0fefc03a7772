/** A1's shop totals over a period, tallied once per shop and window. */
import { type Period } from "../../analytics/periods";
import type { DemoData, OrderChannel } from "../../data/model";
import { orderLinesA, saleTermsA } from "../../fees/a";
import { feeScheduleA } from "../../fees/ratesA";
import { rememberFor } from "../remembered";
import { commissionRateA, unitCogs, type ShopIndex } from "./shop";

export const COST_LINES = [
  ["commissionFee", "Commission fee"],
  ["serviceFee", "Service fee"],
  ["transactionFee", "Transaction fee"],
  ["manufacturingCogs", "Product cost (COGS)"],
  ["adsCost", "Ads spend"],
  ["returnCost", "Returns"],
  ["vat", "Output VAT"],
] as const;
type CostName = (typeof COST_LINES)[number][0];

export class Tally {
  revenue = 0;
  units = 0;
  orders = 0;
  readonly costs = new Map<CostName, number>();
  cost(name: CostName, amount: number): void {
    this.costs.set(name, (this.costs.get(name) ?? 0) + amount);
  }
  get profit(): number {
    let p = this.revenue;
    for (const v of this.costs.values()) p += v;
    return p;
  }
}

/** Everything the overview endpoints show, in minor units. */
export interface OverviewTotals {
  readonly total: Tally;
  readonly byProduct: Map<number, Tally>;
  readonly byCategory: Map<number, Tally>;
  readonly byChannel: Map<OrderChannel, Tally>;
  readonly unitsExplicitCogs: number;
  readonly unitsInferredCogs: number;
}

/** What one kept tally costs (estimate, bytes). */
const TALLY_BYTES = 200;

/** Totals of the shop over a period (remembered per shop, period, VAT flag and today). */
export function overviewTotals(
  data: DemoData,
  idx: ShopIndex,
  period: Period,
  includeVat: boolean,
  today: string,
): OverviewTotals {
  return rememberFor(
    idx,
    `totals|${period.from}|${period.to}|${includeVat}|${today}`,
    () => computeTotals(data, idx, period, includeVat, today),
    // A tally (a dozen numbers and its map entry, about 200 bytes) per product, category and channel.
    (t) => TALLY_BYTES * (t.byProduct.size + t.byCategory.size + t.byChannel.size + 1),
  );
}

function computeTotals(
  data: DemoData,
  idx: ShopIndex,
  period: Period,
  includeVat: boolean,
  today: string,
): OverviewTotals {
  const shop = idx.shop;
  const schedule = feeScheduleA(shop.region, today);
  const hasVat = includeVat && shop.vatRegistered;
  const total = new Tally();
  const byProduct = new Map<number, Tally>();
  const byCategory = new Map<number, Tally>();
  const byChannel = new Map<OrderChannel, Tally>([
    ["organic", new Tally()],
    ["ads", new Tally()],
    ["affiliate", new Tally()],
  ]);
  const tallies = (itemId: number, categoryId: number, channel: OrderChannel | null): Tally[] => {
    let p = byProduct.get(itemId);
    if (!p) byProduct.set(itemId, (p = new Tally()));
    let c = byCategory.get(categoryId);
    if (!c) byCategory.set(categoryId, (c = new Tally()));
    const ch = channel === null ? undefined : byChannel.get(channel);
    return ch ? [total, p, c, ch] : [total, p, c];
  };
  let unitsExplicitCogs = 0;
  let unitsInferredCogs = 0;
  const rates = new Map<number, number>();
  for (const o of shop.orders) {
    if (o.date < period.from || o.date > period.to || o.status === "cancelled") continue;
    const p = idx.products.get(o.itemId);
    if (!p) continue;
    const ts = tallies(p.itemId, p.categoryId, o.channel);
    if (o.status === "returned") {
      for (const t of ts) t.cost("returnCost", -schedule.returnCostMinor * o.quantity);
      continue;
    }
    let rate = rates.get(p.categoryId);
    if (rate === undefined)
      rates.set(p.categoryId, (rate = commissionRateA(data, p.categoryId, shop.region, today)));
    const c = unitCogs(
      idx,
      p.models.find((x) => x.modelId === o.modelId),
      o.unitListPrice,
    );
    if (c.source === "explicit") unitsExplicitCogs += o.quantity;
    else if (c.source === "inferred") unitsInferredCogs += o.quantity;
    const l = orderLinesA(o, saleTermsA(shop, schedule, rate, hasVat), c.cogs);
    const q = o.quantity;
    for (const t of ts) {
      t.revenue +=
        (l.originalModelPrice.amount + l.sellerDiscount.amount + l.sellerVoucher.amount) * q;
      t.units += q;
      t.orders += 1;
      t.cost("commissionFee", l.commissionFee.amount * q);
      t.cost("serviceFee", l.serviceFee.amount * q);
      t.cost("transactionFee", l.transactionFee.amount * q);
      t.cost("manufacturingCogs", l.manufacturingCogs.amount * q);
      t.cost("vat", l.vat.amount * q);
    }
  }
  for (const s of shop.adSpend) {
    if (s.date < period.from || s.date > period.to) continue;
    const p = idx.products.get(s.product);
    if (!p) continue;
    for (const t of tallies(p.itemId, p.categoryId, "ads")) t.cost("adsCost", -s.spend);
  }
  return { total, byProduct, byCategory, byChannel, unitsExplicitCogs, unitsInferredCogs };
}
