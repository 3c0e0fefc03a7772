/**
 * A13-A18: shop overview over a period (default: the last 30 days ending today). Revenue is
 * what the seller is paid (list price less seller discount and voucher) on completed orders;
 * costs are commission, service fee, transaction fee, COGS, ad spend in the period, returns
 * (cost of each returned unit) and output VAT when includeVat and the shop is registered.
 * Profit = revenue + the (negative) cost lines, exactly, in minor units.
 */
import { boxPlot } from "../../analytics/boxPlot";
import { toMajor } from "../../analytics/money";
import { previousPeriod, resolvePeriod, type Period } from "../../analytics/periods";
import { buildSankey } from "../../analytics/sankey";
import { buildWaterfall, type MoneyLine } from "../../analytics/waterfall";
import { findCategoryAB } from "../../data/lookup";
import type { EndpointHandler, HandlerContext } from "../../handler";
import { commissionRateA, shopFrom, type ShopIndex } from "./shop";
import { COST_LINES, Tally, type OverviewTotals, overviewTotals } from "./overviewTotals";

/** Margin in percent (2 decimals) or null without revenue. */
const pct = (profit: number, revenue: number): number | null =>
  revenue === 0 ? null : Math.round((profit / revenue) * 10000) / 100;

function costLines(t: Tally): MoneyLine[] {
  return COST_LINES.map(([name, label]) => ({ name, label, amountMinor: t.costs.get(name) ?? 0 }));
}

interface Request {
  readonly idx: ShopIndex;
  readonly period: Period;
  readonly totals: OverviewTotals;
  readonly topN: number;
  readonly compare: boolean;
  readonly includeVat: boolean;
  readonly ctx: HandlerContext;
}

function request(ctx: HandlerContext): Request {
  const idx = shopFrom(ctx);
  const b = ctx.body;
  const period = resolvePeriod(
    {
      from: typeof b.from === "string" ? b.from : null,
      to: typeof b.to === "string" ? b.to : null,
      lookbackDays: 30,
    },
    ctx.today,
  );
  const includeVat = b.includeVat === true;
  return {
    idx,
    period,
    totals: overviewTotals(ctx.data, idx, period, includeVat, ctx.today),
    topN: typeof b.topN === "number" ? b.topN : 5,
    compare: b.compareToPrevious !== false,
    includeVat,
    ctx,
  };
}

function productList(
  r: Request,
  order: (a: ProductStat, b: ProductStat) => number,
  filter: (s: ProductStat) => boolean = () => true,
): Record<string, unknown>[] {
  const d = r.idx.decimals;
  return productStats(r)
    .filter(filter)
    .sort((a, b) => order(a, b) || a.itemId - b.itemId)
    .slice(0, r.topN)
    .map((s) => ({
      itemId: s.itemId,
      name: s.name,
      unitsSold: s.units,
      revenue: toMajor(s.revenue, d),
      profit: toMajor(s.profit, d),
      margin: s.margin,
    }));
}

interface ProductStat {
  readonly itemId: number;
  readonly name: string;
  readonly units: number;
  readonly revenue: number;
  readonly profit: number;
  readonly margin: number | null;
}

function productStats(r: Request): ProductStat[] {
  const out: ProductStat[] = [];
  for (const [itemId, t] of r.totals.byProduct) {
    const p = r.idx.products.get(itemId);
    out.push({
      itemId,
      name: p?.name ?? "",
      units: t.units,
      revenue: t.revenue,
      profit: t.profit,
      margin: pct(t.profit, t.revenue),
    });
  }
  return out;
}

function headline(r: Request): Record<string, unknown> {
  const d = r.idx.decimals;
  const t = r.totals.total;
  return {
    currency: r.idx.shop.currency,
    from: r.period.from,
    to: r.period.to,
    grossGmv: toMajor(t.revenue, d),
    totalProfit: toMajor(t.profit, d),
    avgMargin: pct(t.profit, t.revenue),
    unitsSold: t.units,
    orders: t.orders,
  };
}

function comparison(r: Request): Record<string, unknown> | null {
  if (!r.compare) return null;
  const d = r.idx.decimals;
  const prev = previousPeriod(r.period);
  const p = overviewTotals(r.ctx.data, r.idx, prev, r.includeVat, r.ctx.today).total;
  const c = r.totals.total;
  const change = (now: number, before: number): number | null =>
    before === 0 ? null : Math.round(((now - before) / Math.abs(before)) * 10000) / 100;
  const mNow = pct(c.profit, c.revenue);
  const mBefore = pct(p.profit, p.revenue);
  return {
    previousFrom: prev.from,
    previousTo: prev.to,
    previous: {
      grossGmv: toMajor(p.revenue, d),
      totalProfit: toMajor(p.profit, d),
      avgMargin: mBefore,
      unitsSold: p.units,
      orders: p.orders,
    },
    deltas: {
      grossGmv: toMajor(c.revenue - p.revenue, d),
      grossGmvPercent: change(c.revenue, p.revenue),
      totalProfit: toMajor(c.profit - p.profit, d),
      totalProfitPercent: change(c.profit, p.profit),
      avgMarginPoints:
        mNow === null || mBefore === null ? null : Math.round((mNow - mBefore) * 100) / 100,
      unitsSold: c.units - p.units,
    },
  };
}

function costBreakdown(r: Request): Record<string, unknown>[] {
  const d = r.idx.decimals;
  return buildWaterfall(r.totals.total.revenue, costLines(r.totals.total)).map((s) => ({
    name: s.name,
    label: s.label,
    kind: s.kind,
    amount: toMajor(s.amountMinor, d),
    running: toMajor(s.runningMinor, d),
  }));
}

function costPie(r: Request): Record<string, unknown> {
  const d = r.idx.decimals;
  const lines = costLines(r.totals.total).filter((l) => l.amountMinor < 0);
  const total = lines.reduce((s, l) => s - l.amountMinor, 0);
  return {
    total: toMajor(total, d),
    slices: lines.map((l) => ({
      name: l.name,
      label: l.label,
      amount: toMajor(-l.amountMinor, d),
      share: total === 0 ? 0 : Math.round((-l.amountMinor / total) * 10000) / 10000,
    })),
  };
}

function categories(r: Request): Record<string, unknown>[] {
  const d = r.idx.decimals;
  return [...r.totals.byCategory]
    .sort(([ia, a], [ib, b]) => b.profit - a.profit || ia - ib)
    .slice(0, r.topN)
    .map(([categoryId, t]) => ({
      categoryId,
      name: findCategoryAB(r.ctx.data.categoriesA, categoryId)?.name ?? "",
      unitsSold: t.units,
      revenue: toMajor(t.revenue, d),
      profit: toMajor(t.profit, d),
      margin: pct(t.profit, t.revenue),
      commissionRate: commissionRateA(r.ctx.data, categoryId, r.idx.shop.region, r.ctx.today),
    }));
}

function channels(r: Request): Record<string, unknown> {
  const d = r.idx.decimals;
  const out: Record<string, unknown> = {};
  for (const [name, t] of r.totals.byChannel) {
    out[name] = {
      revenue: toMajor(t.revenue, d),
      profit: toMajor(t.profit, d),
      margin: pct(t.profit, t.revenue),
      orders: t.orders,
      unitsSold: t.units,
    };
  }
  return out;
}

function sankey(r: Request): Record<string, unknown> {
  const d = r.idx.decimals;
  const s = buildSankey(r.totals.total.revenue, costLines(r.totals.total));
  return {
    nodes: s.nodes,
    links: s.links.map((l) => ({
      source: l.source,
      target: l.target,
      value: toMajor(l.valueMinor, d),
    })),
  };
}

function cogsCoverage(r: Request): Record<string, unknown> {
  let variants = 0;
  let withCogs = 0;
  for (const p of r.idx.shop.products)
    for (const m of p.models) {
      variants += 1;
      if (m.cogs !== null) withCogs += 1;
    }
  const units = r.totals.total.units;
  return {
    variantsTotal: variants,
    variantsWithCogs: withCogs,
    variantsWithCogsPercent:
      variants === 0 ? null : Math.round((withCogs / variants) * 10000) / 100,
    unitsSold: units,
    unitsWithExplicitCogs: r.totals.unitsExplicitCogs,
    unitsWithInferredCogs: r.totals.unitsInferredCogs,
    unitsWithExplicitCogsPercent:
      units === 0 ? null : Math.round((r.totals.unitsExplicitCogs / units) * 10000) / 100,
  };
}

function marginDistribution(r: Request): Record<string, unknown> {
  const margins = productStats(r)
    .filter((s) => s.revenue > 0 && s.margin !== null)
    .map((s) => s.margin as number);
  const b = boxPlot(margins);
  // Quartiles interpolate: keep 4 decimals so the wire does not show binary noise.
  const r4 = (x: number | null): number | null => (x === null ? null : Math.round(x * 1e4) / 1e4);
  return {
    unit: "percent",
    count: b.count,
    min: r4(b.min),
    q1: r4(b.q1),
    median: r4(b.median),
    q3: r4(b.q3),
    max: r4(b.max),
    lowerFence: r4(b.lowerFence),
    upperFence: r4(b.upperFence),
    outliers: b.outliers,
  };
}

const byProfitDesc = (a: ProductStat, b: ProductStat): number => b.profit - a.profit;

/** A13: everything in one payload. */
export const a13Overview: EndpointHandler = (ctx) => {
  const r = request(ctx);
  return {
    ...headline(r),
    topProfitProducts: productList(r, byProfitDesc),
    costBreakdown: costBreakdown(r),
    comparison: comparison(r),
    channelBreakdown: channels(r),
    sankey: sankey(r),
    cogsCoverage: cogsCoverage(r),
  };
};

/** A14: headline figures. */
export const a14Summary: EndpointHandler = (ctx) => {
  const r = request(ctx);
  return { ...headline(r), cogsCoverage: cogsCoverage(r), comparison: comparison(r) };
};

/** A15: best and worst products by profit and by margin. */
export const a15Products: EndpointHandler = (ctx) => {
  const r = request(ctx);
  const sold = (s: ProductStat): boolean => s.revenue > 0;
  return {
    topProfitProducts: productList(r, byProfitDesc),
    topMarginProducts: productList(r, (a, b) => (b.margin ?? 0) - (a.margin ?? 0), sold),
    worstProfitProducts: productList(r, (a, b) => a.profit - b.profit),
    worstMarginProducts: productList(r, (a, b) => (a.margin ?? 0) - (b.margin ?? 0), sold),
  };
};

/** A16: cost waterfall, cost pie and the most profitable categories. */
export const a16Breakdowns: EndpointHandler = (ctx) => {
  const r = request(ctx);
  return {
    currency: r.idx.shop.currency,
    costBreakdown: costBreakdown(r),
    costBreakdownPie: costPie(r),
    categoryBreakdown: categories(r),
  };
};

/** A17: channel split and money flow. */
export const a17Flow: EndpointHandler = (ctx) => {
  const r = request(ctx);
  return { currency: r.idx.shop.currency, channelBreakdown: channels(r), sankey: sankey(r) };
};

/** A18: box plot of product margins (percent). */
export const a18MarginDistribution: EndpointHandler = (ctx) => {
  const r = request(ctx);
  return { marginDistribution: marginDistribution(r) };
};
