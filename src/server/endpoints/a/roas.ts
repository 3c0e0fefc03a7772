/**
 * A8, A9, A10: ROAS measured on profit (or on GMV after fees) of ads-attributed orders.
 *
 * Frames (spend is the same in all three, so RAW >= CLEANED >= DEFLATED):
 * - RAW: every ads-attributed order, as the marketplace attributes it. A cancelled order
 *   counts at the profit it would have made, floored at 0 (attribution never subtracts).
 * - CLEANED: drops the cancelled links of chain re-buys and keeps the chain's last order. A
 *   chain link is a cancelled order followed within CHAIN_WINDOW_SECONDS (24 h) by another
 *   order of the same item by the same buyer.
 * - DEFLATED: drops every cancelled order (net settled).
 * Completed orders count at their profit before ads; returned ones at minus the cost of a return.
 * Zero spend gives null ROAS, never Infinity.
 */
import { toMajor } from "../../analytics/money";
import { CHAIN_WINDOW_SECONDS } from "../../data/sales";
import type { DemoData, OrderA, ProductA } from "../../data/model";
import { orderProfitA, saleTermsA } from "../../fees/a";
import { feeScheduleA } from "../../fees/ratesA";
import type { EndpointHandler } from "../../handler";
import {
  commissionRateA,
  productOf,
  shopFrom,
  unitCogs,
  windowDays,
  windowFrom,
  type SalesWindow,
  type ShopIndex,
} from "./shop";

/** Profit before ads and GMV after fees of one ads order, in minor units (whole order). */
interface OrderFigures {
  readonly order: OrderA;
  readonly profit: number;
  readonly gmvAfterFees: number;
  readonly gmv: number;
  readonly revenue: number;
  readonly chainLink: boolean;
}

/** Whether a cancelled order is a chain link: re-ordered by the same buyer within 24 h. */
export function isChainLink(order: OrderA, itemOrders: readonly OrderA[]): boolean {
  if (order.status !== "cancelled") return false;
  const t = Date.parse(order.placedAt);
  return itemOrders.some((o) => {
    if (o === order || o.buyerId !== order.buyerId) return false;
    const dt = (Date.parse(o.placedAt) - t) / 1000;
    return dt > 0 && dt <= CHAIN_WINDOW_SECONDS;
  });
}

/** The shop's chain links, found once: they do not depend on the window (every window asks). */
const chainLinksOf = new WeakMap<ShopIndex, ReadonlySet<OrderA>>();

function chainLinks(idx: ShopIndex): ReadonlySet<OrderA> {
  let links = chainLinksOf.get(idx);
  if (links) return links;
  const found = new Set<OrderA>();
  for (const itemOrders of idx.ordersByItem.values())
    for (const o of itemOrders) if (isChainLink(o, itemOrders)) found.add(o);
  chainLinksOf.set(idx, (links = found));
  return links;
}

function adsOrders(data: DemoData, idx: ShopIndex, p: ProductA, w: SalesWindow): OrderFigures[] {
  const { from, to } = windowDays(w);
  const shop = idx.shop;
  const schedule = feeScheduleA(shop.region, w.effectiveDate);
  const commissionRate = commissionRateA(data, p.categoryId, shop.region, w.effectiveDate);
  const terms = saleTermsA(shop, schedule, commissionRate, w.includeVat && shop.vatRegistered);
  const itemOrders = idx.ordersByItem.get(p.itemId) ?? [];
  const models = new Map(p.models.map((m) => [m.modelId, m]));
  const links = chainLinks(idx);
  const out: OrderFigures[] = [];
  for (const o of itemOrders) {
    if (!o.attributedToAds || o.date < from || o.date > to) continue;
    const cogs = unitCogs(idx, models.get(o.modelId), o.unitListPrice).cogs;
    const { profit, revenue, fees } = orderProfitA(o, terms, cogs);
    const q = o.quantity;
    out.push({
      order: o,
      profit: o.status === "returned" ? -schedule.returnCostMinor * q : profit * q,
      gmvAfterFees: o.status === "returned" ? 0 : (revenue + fees) * q,
      gmv: revenue * q,
      revenue: o.status === "completed" ? revenue * q : 0,
      chainLink: links.has(o),
    });
  }
  return out;
}

/** Totals of the three frames over a set of ads orders, minor units. */
interface Frames {
  raw: number;
  cleaned: number;
  deflated: number;
}

function frames(orders: readonly OrderFigures[], value: (f: OrderFigures) => number): Frames {
  const t: Frames = { raw: 0, cleaned: 0, deflated: 0 };
  for (const f of orders) {
    const v = value(f);
    if (f.order.status !== "cancelled") {
      t.raw += v;
      t.cleaned += v;
      t.deflated += v;
    } else {
      const counted = Math.max(0, v);
      t.raw += counted;
      if (!f.chainLink) t.cleaned += counted;
    }
  }
  return t;
}

const ratio = (x: number, spend: number): number | null =>
  spend > 0 ? Math.round((x / spend) * 1e4) / 1e4 : null;

function spendIn(
  idx: ShopIndex,
  itemId: number,
  w: { lookbackDays: number; today: string },
): number {
  const { from, to } = windowDays(w);
  let spend = 0;
  for (const s of idx.spendByItem.get(itemId) ?? [])
    if (s.date >= from && s.date <= to) spend += s.spend;
  return spend;
}

/** The A8/A9/A12 summary of one product (all three frames). */
export function roasSummaryA(
  data: DemoData,
  idx: ShopIndex,
  p: ProductA,
  w: SalesWindow,
): Record<string, unknown> {
  const d = idx.decimals;
  const orders = adsOrders(data, idx, p, w);
  const spend = spendIn(idx, p.itemId, w);
  const profit = frames(orders, (f) => f.profit);
  const totalGmv = orders.reduce((s, f) => s + f.gmv, 0);
  const modelDetails = p.models.map((m) => {
    const mine = orders.filter((f) => f.order.modelId === m.modelId);
    const gmv = mine.reduce((s, f) => s + f.gmv, 0);
    // Ads are bought per item: each model carries spend in proportion to its attributed GMV.
    const share = totalGmv > 0 ? Math.round((spend * gmv) / totalGmv) : 0;
    const fr = frames(mine, (f) => f.profit);
    const completed = mine.filter((f) => f.order.status === "completed");
    const revenue = completed.reduce((s, f) => s + f.revenue, 0);
    const completedProfit = completed.reduce((s, f) => s + f.profit, 0);
    return {
      modelId: m.modelId,
      modelName: m.name,
      adsOrders: mine.length,
      adsUnitsSold: completed.reduce((s, f) => s + f.order.quantity, 0),
      allocatedAdExpense: toMajor(share, d),
      profitFromAds: toMajor(fr.raw, d),
      margin: revenue === 0 ? null : Math.round((completedProfit / revenue) * 10000) / 100,
      profitAdjustedRoas: ratio(fr.raw, share),
      profitAdjustedCleanedRoas: ratio(fr.cleaned, share),
      profitAdjustedDeflatedRoas: ratio(fr.deflated, share),
    };
  });
  return {
    itemId: p.itemId,
    name: p.name,
    currency: idx.shop.currency,
    totalAdExpense: toMajor(spend, d),
    totalProfitFromAds: toMajor(profit.raw, d),
    cleanedProfitFromAds: toMajor(profit.cleaned, d),
    deflatedProfitFromAds: toMajor(profit.deflated, d),
    attributedGmv: toMajor(totalGmv, d),
    adsOrders: orders.length,
    cancelledAdsOrders: orders.filter((f) => f.order.status === "cancelled").length,
    chainRebuyCancels: orders.filter((f) => f.chainLink).length,
    soloCancels: orders.filter((f) => f.order.status === "cancelled" && !f.chainLink).length,
    profitAdjustedRoas: ratio(profit.raw, spend),
    profitAdjustedCleanedRoas: ratio(profit.cleaned, spend),
    profitAdjustedDeflatedRoas: ratio(profit.deflated, spend),
    chainWindowHours: CHAIN_WINDOW_SECONDS / 3600,
    modelDetails,
  };
}

/** A8: raw frame (the cleaned and deflated figures ride along); A9 answers the same summary, its point being the cleaned and deflated frames. */
export const a8ProfitAdjustedRoas: EndpointHandler = (ctx) => {
  const idx = shopFrom(ctx);
  const p = productOf(idx, typeof ctx.path.itemId === "number" ? ctx.path.itemId : -1);
  return roasSummaryA(ctx.data, idx, p, windowFrom(ctx, false));
};

/** A10: GMV-after-fees ROAS per requested item, chain re-buys de-duplicated; unknown items marked. */
export const a10CorrectedRoas: EndpointHandler = (ctx) => {
  const idx = shopFrom(ctx);
  const w: SalesWindow = {
    lookbackDays: typeof ctx.body.lookbackDays === "number" ? ctx.body.lookbackDays : 30,
    includeVat: false,
    effectiveDate: ctx.today,
    today: ctx.today,
  };
  const ids = Array.isArray(ctx.body.itemIds) ? ctx.body.itemIds : [];
  const out: Record<string, unknown>[] = [];
  for (const id of ids) {
    const p = typeof id === "number" ? idx.products.get(id) : undefined;
    if (!p) {
      // One entry per requested item (spec A10): an unknown one says so instead of vanishing.
      out.push({
        itemId: id,
        totalAdExpense: null,
        attributedGmv: null,
        correctedRoas: null,
        error: { code: "NOT_FOUND", message: `Item ${String(id)} is not in this shop` },
      });
      continue;
    }
    const orders = adsOrders(ctx.data, idx, p, w);
    const spend = spendIn(idx, p.itemId, w);
    const gmv = frames(orders, (f) => f.gmvAfterFees);
    out.push({
      itemId: p.itemId,
      name: p.name,
      currency: idx.shop.currency,
      totalAdExpense: toMajor(spend, idx.decimals),
      attributedGmv: toMajor(gmv.cleaned, idx.decimals),
      rawAttributedGmv: toMajor(gmv.raw, idx.decimals),
      correctedRoas: ratio(gmv.cleaned, spend),
      reportedRoas: ratio(gmv.raw, spend),
      chainRebuyCancels: orders.filter((f) => f.chainLink).length,
    });
  }
  return out;
};
