/**
 * A19, A20: commission by category. Monthly figures extrapolate the lookback window to 30 days
 * (x 30 / lookbackDays) from the realized per-unit breakdowns of each product.
 */
import { toMajor } from "../../analytics/money";
import { findCategoryAB, nextRateChange } from "../../data/lookup";
import { netProfitMinor, revenueMinor } from "../../fees/a";
import type { EndpointHandler, HandlerContext } from "../../handler";
import { ApiProblem } from "../../problem";
import { rememberFor } from "../remembered";
import {
  commissionRateA,
  realizedA,
  shopFrom,
  windowFrom,
  type SalesWindow,
  type ShopIndex,
} from "./shop";

const monthly = (totalMinor: number, lookbackDays: number): number =>
  Math.round((totalMinor * 30) / lookbackDays);

/** A commission question about a shop: its sales window and how many rows to list. */
interface CommissionQuery {
  readonly ctx: HandlerContext;
  readonly idx: ShopIndex;
  readonly w: SalesWindow;
  readonly topN: number;
}

/** What one kept category or product entry of an answer costs (estimate, bytes). */
const ANSWER_ENTRY_BYTES = 400;

/** The answer to a question, computed once per shop and `key` (the options and today). */
function rememberedAnswer(
  q: Omit<CommissionQuery, "topN">,
  key: string,
  answer: (q: CommissionQuery) => Record<string, unknown>,
): unknown {
  const topN = typeof q.ctx.body.topN === "number" ? q.ctx.body.topN : 20;
  return rememberFor(
    q.idx,
    `${key}|${topN}`,
    () => answer({ ...q, topN }),
    // Its size: the categories and the products listed under them, as JSON-sized objects.
    (a) => {
      const cats = Array.isArray(a.byCategory) ? (a.byCategory as Record<string, unknown>[]) : [];
      const entries = cats.reduce(
        (n, c) =>
          n + 1 + (Array.isArray(c.mostAffectedProducts) ? c.mostAffectedProducts.length : 0),
        1,
      );
      return ANSWER_ENTRY_BYTES * entries;
    },
  );
}

/** A19: profit now vs. at the rates in force on `effectiveDate`, by category. */
export const a19CommissionImpact: EndpointHandler = (ctx) => {
  const idx = shopFrom(ctx);
  const base = windowFrom(ctx, false);
  const futureDate = base.effectiveDate;
  if (futureDate <= ctx.today) {
    throw new ApiProblem(
      400,
      `effectiveDate ${futureDate} must be after today (${ctx.today}): it is the date the new rates take effect`,
      [
        {
          field: "effectiveDate",
          problem: `must be a date after today (${ctx.today}), written YYYY-MM-DD`,
        },
      ],
    );
  }
  const key = `A19|${ctx.today}|${futureDate}|${base.lookbackDays}|${base.includeVat}`;
  return rememberedAnswer({ ctx, idx, w: base }, key, commissionImpact);
};

/** A19's answer (memoized by the handler per shop, options and today). */
function commissionImpact({ ctx, idx, w: base, topN }: CommissionQuery): Record<string, unknown> {
  const d = idx.decimals;
  const futureDate = base.effectiveDate;
  const now = { ...base, effectiveDate: ctx.today };
  const later = { ...base, effectiveDate: futureDate };
  interface Row {
    itemId: number;
    name: string;
    current: number;
    future: number;
    units: number;
  }
  const cats = new Map<
    number,
    { current: number; future: number; rateNow: number; rateLater: number; rows: Row[] }
  >();
  for (const p of idx.shop.products) {
    const a = realizedA(ctx.data, idx, p, undefined, now);
    if (a.units === 0) continue;
    const b = realizedA(ctx.data, idx, p, undefined, later);
    const row = {
      itemId: p.itemId,
      name: p.name,
      current: monthly(netProfitMinor(a.lines) * a.units, base.lookbackDays),
      future: monthly(netProfitMinor(b.lines) * b.units, base.lookbackDays),
      units: a.units,
    };
    let c = cats.get(p.categoryId);
    if (!c)
      cats.set(
        p.categoryId,
        (c = {
          current: 0,
          future: 0,
          rateNow: a.commissionRate,
          rateLater: b.commissionRate,
          rows: [],
        }),
      );
    c.current += row.current;
    c.future += row.future;
    c.rows.push(row);
  }
  let current = 0;
  let future = 0;
  let affected = 0;
  const byCategory = [...cats]
    .map(([categoryId, c]) => {
      current += c.current;
      future += c.future;
      const changed = c.rateNow !== c.rateLater;
      if (changed) affected += c.rows.length;
      return { categoryId, c, changed };
    })
    .sort(
      (x, y) =>
        x.c.future - x.c.current - (y.c.future - y.c.current) || x.categoryId - y.categoryId,
    )
    .map(({ categoryId, c, changed }) => ({
      categoryId,
      name: findCategoryAB(ctx.data.categoriesA, categoryId)?.name ?? "",
      currentRate: c.rateNow,
      futureRate: c.rateLater,
      rateChanges: changed,
      currentMonthlyProfit: toMajor(c.current, d),
      futureMonthlyProfit: toMajor(c.future, d),
      monthlyProfitDelta: toMajor(c.future - c.current, d),
      productCount: c.rows.length,
      mostAffectedProducts: [...c.rows]
        .sort((x, y) => x.future - x.current - (y.future - y.current) || x.itemId - y.itemId)
        .slice(0, topN)
        .map((r) => ({
          itemId: r.itemId,
          name: r.name,
          currentMonthlyProfit: toMajor(r.current, d),
          futureMonthlyProfit: toMajor(r.future, d),
          monthlyProfitDelta: toMajor(r.future - r.current, d),
          unitsSold: r.units,
        })),
    }));
  return {
    currency: idx.shop.currency,
    effectiveDate: futureDate,
    totalCurrentMonthlyProfit: toMajor(current, d),
    totalFutureMonthlyProfit: toMajor(future, d),
    totalMonthlyProfitDelta: toMajor(future - current, d),
    affectedProductCount: affected,
    byCategory,
  };
}

/** A20: what commission costs per category at today's rates, with any scheduled change. */
export const a20CommissionOverview: EndpointHandler = (ctx) => {
  const idx = shopFrom(ctx);
  const w = { ...windowFrom(ctx, false), effectiveDate: ctx.today };
  const key = `A20|${ctx.today}|${w.lookbackDays}|${w.includeVat}`;
  return rememberedAnswer({ ctx, idx, w }, key, commissionOverview);
};

/** A20's answer (memoized by the handler per shop, options and today). */
function commissionOverview({ ctx, idx, w, topN }: CommissionQuery): Record<string, unknown> {
  const d = idx.decimals;
  const cats = new Map<
    number,
    { revenue: number; commission: number; products: number; units: number }
  >();
  let revenue = 0;
  let commission = 0;
  for (const p of idx.shop.products) {
    const r = realizedA(ctx.data, idx, p, undefined, w);
    if (r.units === 0) continue;
    const rev = revenueMinor(r.lines) * r.units;
    const com = -r.lines.commissionFee.amount * r.units;
    revenue += rev;
    commission += com;
    let c = cats.get(p.categoryId);
    if (!c) cats.set(p.categoryId, (c = { revenue: 0, commission: 0, products: 0, units: 0 }));
    c.revenue += rev;
    c.commission += com;
    c.products += 1;
    c.units += r.units;
  }
  const byCategory = [...cats]
    .sort(([ia, a], [ib, b]) => b.commission - a.commission || ia - ib)
    .slice(0, topN)
    .map(([categoryId, c]) => {
      const cat = findCategoryAB(ctx.data.categoriesA, categoryId);
      const next = cat ? nextRateChange(cat.commissionRates, idx.shop.region, ctx.today) : null;
      return {
        categoryId,
        name: cat?.name ?? "",
        currentRate: commissionRateA(ctx.data, categoryId, idx.shop.region, ctx.today),
        monthlyRevenue: toMajor(monthly(c.revenue, w.lookbackDays), d),
        monthlyCommission: toMajor(monthly(c.commission, w.lookbackDays), d),
        commissionAsPercentOfRevenue:
          c.revenue === 0 ? null : Math.round((c.commission / c.revenue) * 10000) / 100,
        productCount: c.products,
        unitsSold: c.units,
        scheduledChange: next ? { effectiveFrom: next.effectiveFrom, rate: next.rate } : null,
      };
    });
  return {
    currency: idx.shop.currency,
    totalMonthlyRevenue: toMajor(monthly(revenue, w.lookbackDays), d),
    totalMonthlyCommission: toMajor(monthly(commission, w.lookbackDays), d),
    commissionAsPercentOfRevenue:
      revenue === 0 ? null : Math.round((commission / revenue) * 10000) / 100,
    byCategory,
  };
}
