/**
 * Shop overview (marketplaces B and C, usable by A): totals, COGS coverage, cost waterfall,
 * money-flow Sankey, top and worst products, the top N categories, margin distribution box
 * plot, prior-period comparison and the optional VAT position, from per-product line totals of
 * a period. Money is summed in minor units and converted once for the wire. Total profit
 * counts what A's overview counts: every fee, COGS, returns, VAT when asked, and the period's
 * ad spend (a cost line of its own, as the per-unit breakdowns carry ads cost).
 */
import type { AdSpendDay, OrderBase } from "../data/model";
import { boxPlot, type BoxPlot } from "./boxPlot";
import type { MinorLine } from "./breakdown";
import { toMajor, type Currency } from "./money";
import type { Period } from "./periods";
import { buildSankey } from "./sankey";
import { ordersBetween, productReturnRate, windowSales } from "./sales";
import { buildWaterfall, type MoneyLine } from "./waterfall";

/** One product's sales in a period: line totals (per-unit line x units) in minor units. */
export interface ProductPeriodRow {
  readonly id: string | number;
  readonly name: string;
  readonly categoryKey: string;
  readonly categoryName: string;
  readonly unitsSold: number;
  /** Line totals keyed by line name, in the engine's line order. */
  readonly lineTotals: ReadonlyMap<string, { label: string; amountMinor: number }>;
  /** Units sold whose COGS was entered by the seller. */
  readonly unitsWithExplicitCogs: number;
  readonly skuCount: number;
  readonly skusWithCogs: number;
}

export interface OverviewInput {
  readonly currency: Currency;
  readonly period: Period;
  readonly rows: readonly ProductPeriodRow[];
  /** Null when compareToPrevious is false. */
  readonly previous: { readonly period: Period; readonly rows: readonly ProductPeriodRow[] } | null;
  readonly topN: number;
  /** Line names whose sum is revenue (list price less seller discounts). */
  readonly revenueLines: readonly string[];
  /** Present when includeVat: the VAT line's total is the forward VAT position. */
  readonly vat: { readonly registered: boolean; readonly rate: number } | null;
  /** Name of the product id field on the wire (itemId, productId). */
  readonly idField: string;
}

interface Totals {
  revenueMinor: number;
  profitMinor: number;
  unitsSold: number;
  lines: Map<string, { label: string; amountMinor: number }>;
}

function totalsOf(rows: readonly ProductPeriodRow[]): Totals {
  const t: Totals = { revenueMinor: 0, profitMinor: 0, unitsSold: 0, lines: new Map() };
  for (const r of rows) {
    t.unitsSold += r.unitsSold;
    for (const [name, l] of r.lineTotals) {
      const cur = t.lines.get(name);
      t.lines.set(name, { label: l.label, amountMinor: (cur?.amountMinor ?? 0) + l.amountMinor });
      t.profitMinor += l.amountMinor;
    }
  }
  return t;
}

function revenueOf(
  lines: ReadonlyMap<string, { amountMinor: number }>,
  revenueLines: readonly string[],
): number {
  let s = 0;
  for (const [name, l] of lines) if (revenueLines.includes(name)) s += l.amountMinor;
  return s;
}

function profitOf(lines: ReadonlyMap<string, { amountMinor: number }>): number {
  let s = 0;
  for (const l of lines.values()) s += l.amountMinor;
  return s;
}

const ratio = (a: number, b: number): number | null =>
  b > 0 ? Math.round((a / b) * 1e6) / 1e6 : null;

/** The overview object (wire form). */
export function buildOverview(input: OverviewInput): Record<string, unknown> {
  const dp = input.currency.decimals;
  const m = (minor: number): number => toMajor(minor, dp);
  const current = totalsOf(input.rows);
  const revenue = revenueOf(current.lines, input.revenueLines);
  const costs: MoneyLine[] = [...current.lines]
    .filter(([name]) => !input.revenueLines.includes(name))
    .map(([name, l]) => ({ name, label: l.label, amountMinor: l.amountMinor }));

  // A product with ad spend but no sale still made a loss: it is listed too.
  const productSummaries = input.rows
    .filter((r) => r.unitsSold > 0 || profitOf(r.lineTotals) !== 0)
    .map((r) => {
      const rev = revenueOf(r.lineTotals, input.revenueLines);
      const profit = profitOf(r.lineTotals);
      return { row: r, revenueMinor: rev, profitMinor: profit, margin: ratio(profit, rev) };
    });
  const productWire = (p: (typeof productSummaries)[number]): Record<string, unknown> => ({
    [input.idField]: p.row.id,
    name: p.row.name,
    category: p.row.categoryName,
    unitsSold: p.row.unitsSold,
    revenue: m(p.revenueMinor),
    profit: m(p.profitMinor),
    margin: p.margin,
  });
  const byProfitDesc = [...productSummaries].sort(
    (a, b) => b.profitMinor - a.profitMinor || String(a.row.id).localeCompare(String(b.row.id)),
  );
  const byProfitAsc = [...byProfitDesc].reverse();

  const categories = new Map<
    string,
    { name: string; products: number; units: number; revenue: number; profit: number }
  >();
  for (const p of productSummaries) {
    const c = categories.get(p.row.categoryKey) ?? {
      name: p.row.categoryName,
      products: 0,
      units: 0,
      revenue: 0,
      profit: 0,
    };
    c.products += 1;
    c.units += p.row.unitsSold;
    c.revenue += p.revenueMinor;
    c.profit += p.profitMinor;
    categories.set(p.row.categoryKey, c);
  }
  // The top N most profitable categories (spec A16; the same topN as the product lists).
  const categoryBreakdown = [...categories]
    .sort((a, b) => b[1].profit - a[1].profit || a[0].localeCompare(b[0]))
    .slice(0, input.topN)
    .map(([key, c]) => ({
      categoryKey: key,
      name: c.name,
      productCount: c.products,
      unitsSold: c.units,
      revenue: m(c.revenue),
      profit: m(c.profit),
      margin: ratio(c.profit, c.revenue),
    }));

  const skus = input.rows.reduce((s, r) => s + r.skuCount, 0);
  const skusWithCogs = input.rows.reduce((s, r) => s + r.skusWithCogs, 0);
  const unitsExplicit = input.rows.reduce((s, r) => s + r.unitsWithExplicitCogs, 0);

  const margins = productSummaries.map((p) => p.margin).filter((x): x is number => x !== null);
  const distribution: BoxPlot = boxPlot(margins);

  let comparison: Record<string, unknown> | null = null;
  if (input.previous !== null) {
    const prev = totalsOf(input.previous.rows);
    const prevRevenue = revenueOf(prev.lines, input.revenueLines);
    const avg = ratio(current.profitMinor, revenue);
    const prevAvg = ratio(prev.profitMinor, prevRevenue);
    const change = (now: number, before: number): number | null =>
      before !== 0 ? Math.round(((now - before) / Math.abs(before)) * 1e6) / 1e6 : null;
    comparison = {
      previousFrom: input.previous.period.from,
      previousTo: input.previous.period.to,
      previous: {
        revenue: m(prevRevenue),
        totalProfit: m(prev.profitMinor),
        avgMargin: prevAvg,
        unitsSold: prev.unitsSold,
      },
      deltas: {
        revenue: m(revenue - prevRevenue),
        totalProfit: m(current.profitMinor - prev.profitMinor),
        avgMargin:
          avg !== null && prevAvg !== null ? Math.round((avg - prevAvg) * 1e6) / 1e6 : null,
        unitsSold: current.unitsSold - prev.unitsSold,
      },
      revenueChange: change(revenue, prevRevenue),
      profitChange: change(current.profitMinor, prev.profitMinor),
    };
  }

  const sankey = buildSankey(revenue, costs);
  return {
    currency: input.currency.code,
    from: input.period.from,
    to: input.period.to,
    days: input.period.days,
    totalProfit: m(current.profitMinor),
    revenue: m(revenue),
    avgMargin: ratio(current.profitMinor, revenue),
    unitsSold: current.unitsSold,
    productsSold: productSummaries.filter((p) => p.row.unitsSold > 0).length,
    cogsCoverage: {
      skusTotal: skus,
      skusWithCogs,
      skuShare: ratio(skusWithCogs, skus),
      unitsSold: current.unitsSold,
      unitsWithExplicitCogs: unitsExplicit,
      unitShare: ratio(unitsExplicit, current.unitsSold),
    },
    costBreakdown: buildWaterfall(revenue, costs).map((s) => ({
      name: s.name,
      label: s.label,
      kind: s.kind,
      amount: m(s.amountMinor),
      runningTotal: m(s.runningMinor),
    })),
    sankey: {
      nodes: sankey.nodes,
      links: sankey.links.map((l) => ({
        source: l.source,
        target: l.target,
        value: m(l.valueMinor),
      })),
    },
    topProfitProducts: byProfitDesc.slice(0, input.topN).map(productWire),
    worstProfitProducts: byProfitAsc.slice(0, input.topN).map(productWire),
    categoryBreakdown,
    marginDistribution: distribution,
    comparison,
    vatPosition:
      input.vat === null
        ? null
        : {
            vatRegistered: input.vat.registered,
            vatRate: input.vat.rate,
            outputVat: m(-(current.lines.get("vat")?.amountMinor ?? 0)),
            revenue: m(revenue),
          },
  };
}

/** Adds `units` x a per-unit breakdown into a product's line totals. */
export function addLineTotals(
  into: Map<string, { label: string; amountMinor: number }>,
  lines: readonly { name: string; label: string; amountMinor: number }[],
  units: number,
): void {
  for (const l of lines) {
    const cur = into.get(l.name);
    into.set(l.name, {
      label: l.label,
      amountMinor: (cur?.amountMinor ?? 0) + l.amountMinor * units,
    });
  }
}

/** The overview's line for the period's ad spend (A13-A18 name it the same). */
export const ADS_SPEND_LINE = { name: "adsCost", label: "Ads spend" } as const;

/** What a row says about its product besides the period's sales. */
export type ProductDescription = Pick<
  ProductPeriodRow,
  "id" | "name" | "categoryKey" | "categoryName" | "skuCount" | "skusWithCogs"
>;

/** One completed order line priced per unit by a marketplace's engine. */
export interface PricedOrder {
  readonly lines: readonly MinorLine[];
  /** Whether the variant's COGS was entered by the seller. */
  readonly explicitCogs: boolean;
}

/** A shop's products, orders and ad spend as the period rows read them. */
export interface PeriodSource<P, O extends OrderBase, K> {
  readonly products: readonly P[];
  /** Sorted by date. */
  readonly orders: readonly O[];
  readonly adSpend: readonly AdSpendDay<K>[];
  keyOf(product: P): K;
  productOf(order: O): K;
  variantOf(order: O): unknown;
  describe(product: P): ProductDescription;
  /** Per-unit lines of a completed order at the product's return rate; null if its variant is gone. */
  priceOrder(order: O, product: P, returnRate: number): PricedOrder | null;
}

/**
 * Per-product line totals of a period: each completed order priced at its own prices, returns
 * at the product's return rate over the period (the shop's below 10 units shipped), and the
 * period's ad spend on the product as the `adsCost` line (after COGS, as in A's waterfall).
 * Every row has the same lines in the same order.
 */
export function periodRows<P, O extends OrderBase, K>(
  source: PeriodSource<P, O, K>,
  period: Period,
): ProductPeriodRow[] {
  const sales = windowSales(source.orders, period, source.variantOf, source.productOf);
  const completed = new Map<K, O[]>();
  for (const o of ordersBetween(source.orders, period.from, period.to)) {
    if (o.status !== "completed") continue;
    const list = completed.get(source.productOf(o)) ?? [];
    list.push(o);
    completed.set(source.productOf(o), list);
  }
  const spend = new Map<K, number>();
  for (const s of source.adSpend)
    if (s.date >= period.from && s.date <= period.to)
      spend.set(s.product, (spend.get(s.product) ?? 0) + s.spend);

  const template: { name: string; label: string }[] = [];
  const priced = source.products.map((product) => {
    const key = source.keyOf(product);
    const returnRate = productReturnRate(sales, key);
    const totals = new Map<string, { label: string; amountMinor: number }>();
    let units = 0;
    let unitsExplicit = 0;
    for (const o of completed.get(key) ?? []) {
      const unit = source.priceOrder(o, product, returnRate);
      if (unit === null) continue;
      if (template.length === 0)
        for (const l of unit.lines) template.push({ name: l.name, label: l.label });
      addLineTotals(totals, unit.lines, o.quantity);
      units += o.quantity;
      if (unit.explicitCogs) unitsExplicit += o.quantity;
    }
    return { product, totals, units, unitsExplicit, spendMinor: spend.get(key) ?? 0 };
  });

  return priced.map((p) => {
    const lineTotals = new Map<string, { label: string; amountMinor: number }>();
    const ads = {
      label: ADS_SPEND_LINE.label,
      amountMinor: p.spendMinor === 0 ? 0 : -p.spendMinor,
    };
    for (const l of template) {
      lineTotals.set(l.name, p.totals.get(l.name) ?? { label: l.label, amountMinor: 0 });
      if (l.name === "cogs") lineTotals.set(ADS_SPEND_LINE.name, ads);
    }
    if (!lineTotals.has(ADS_SPEND_LINE.name)) lineTotals.set(ADS_SPEND_LINE.name, ads);
    return {
      ...source.describe(p.product),
      unitsSold: p.units,
      lineTotals,
      unitsWithExplicitCogs: p.unitsExplicit,
    };
  });
}
