/**
 * What every marketplace A handler needs: the caller's shop (404 otherwise), indexes over its
 * orders and ad spend, the commission rate of a category on a date, and the realized per-unit
 * breakdown of a product or model over a sales window.
 */
import { effectiveDateOf } from "../../analytics/requestFields";
import { combineCogsSources, type CogsSource } from "../../analytics/breakdown";
import { currencyOf, toMajor } from "../../analytics/money";
import { addDays } from "../../analytics/periods";
import { median } from "../../analytics/sales";
import { findCategoryAB, findShopA, notFound, rateOn } from "../../data/lookup";
import type { AdSpendDay, DemoData, ModelA, OrderA, ProductA, ShopA } from "../../data/model";
import {
  LinesTotal,
  marginPercent,
  netProfitMinor,
  revenueMinor,
  saleTermsA,
  unitLinesA,
  wireBreakdownA,
  type LinesA,
  type UnitSaleA,
} from "../../fees/a";
import { feeScheduleA } from "../../fees/ratesA";
import type { HandlerContext } from "../../handler";
import { ApiProblem } from "../../problem";

export type { CogsSource } from "../../analytics/breakdown";

/** Per-shop lookups, built once per shop object. */
export interface ShopIndex {
  readonly shop: ShopA;
  readonly decimals: number;
  readonly products: ReadonlyMap<number, ProductA>;
  readonly ordersByItem: ReadonlyMap<number, readonly OrderA[]>;
  readonly spendByItem: ReadonlyMap<number, readonly AdSpendDay<number>[]>;
  /** Median COGS / list price over variants with a COGS; null when none has one. */
  readonly cogsRatio: number | null;
}

const indexes = new WeakMap<ShopA, ShopIndex>();

/** The index of a shop (memoized). */
export function indexShop(shop: ShopA): ShopIndex {
  let idx = indexes.get(shop);
  if (idx) return idx;
  const ordersByItem = new Map<number, OrderA[]>();
  for (const o of shop.orders) {
    const list = ordersByItem.get(o.itemId);
    if (list) list.push(o);
    else ordersByItem.set(o.itemId, [o]);
  }
  const spendByItem = new Map<number, AdSpendDay<number>[]>();
  for (const s of shop.adSpend) {
    const list = spendByItem.get(s.product);
    if (list) list.push(s);
    else spendByItem.set(s.product, [s]);
  }
  const ratios: number[] = [];
  for (const p of shop.products)
    for (const m of p.models)
      if (m.cogs !== null && m.listPrice > 0) ratios.push(m.cogs / m.listPrice);
  const cogsRatio = median(ratios);
  idx = {
    shop,
    decimals: currencyOf(shop.region).decimals,
    products: new Map(shop.products.map((p) => [p.itemId, p])),
    ordersByItem,
    spendByItem,
    cogsRatio,
  };
  indexes.set(shop, idx);
  return idx;
}

const num = (v: unknown): number | undefined => (typeof v === "number" ? v : undefined);

/** The shop named by the path (or, failing that, the body), inside the caller's account only. */
export function shopFrom(ctx: HandlerContext): ShopIndex {
  const shopId = num(ctx.path.shopId) ?? num(ctx.body.shopId);
  const region =
    (typeof ctx.path.region === "string" ? ctx.path.region : undefined) ??
    (typeof ctx.body.region === "string" ? ctx.body.region : undefined);
  if (shopId === undefined || region === undefined) {
    throw new ApiProblem(400, "shopId and region are required", [
      { field: "shopId", problem: "is required with region (a whole number)" },
    ]);
  }
  return indexShop(findShopA(ctx.account, shopId, region));
}

/** A product of the shop, or 404. */
export function productOf(idx: ShopIndex, itemId: number): ProductA {
  return (
    idx.products.get(itemId) ??
    notFound(`item ${itemId} not found in shop ${idx.shop.shopId} (${idx.shop.region})`, "itemId")
  );
}

/** A model of the product (modelId null = the single variant), or 404. */
export function modelOf(p: ProductA, modelId: number | null): ModelA {
  return (
    p.models.find((x) => x.modelId === modelId) ??
    notFound(`model ${String(modelId)} not found in item ${p.itemId}`, "modelId")
  );
}

/** Commission rate of a category in force on `date`; unknown category -> 404. */
export function commissionRateA(
  data: DemoData,
  categoryId: number,
  region: string,
  date: string,
): number {
  const cat = findCategoryAB(data.categoriesA, categoryId);
  const rate = cat ? rateOn(cat.commissionRates, region, date) : null;
  return rate ?? notFound(`category ${categoryId} not found in ${region}`, "categoryId");
}

/** Options every realized computation takes. */
export interface SalesWindow {
  readonly lookbackDays: number;
  readonly includeVat: boolean;
  readonly effectiveDate: string;
  readonly today: string;
}

/** Reads lookbackDays / includeVat / effectiveDate from a validated body (defaults applied). */
export function windowFrom(ctx: HandlerContext, fallbackIncludeVat = false): SalesWindow {
  return {
    lookbackDays: num(ctx.body.lookbackDays) ?? 180,
    includeVat: typeof ctx.body.includeVat === "boolean" ? ctx.body.includeVat : fallbackIncludeVat,
    effectiveDate: effectiveDateOf(ctx),
    today: ctx.today,
  };
}

/** The last window's days: a list asks them once per product, thousands of times in a row. */
let lastDays = { today: "", lookbackDays: NaN, from: "", to: "" };

/** First and last day of a lookback window: the `days` days before today. */
export function windowDays(w: { lookbackDays: number; today: string }): {
  readonly from: string;
  readonly to: string;
} {
  if (lastDays.today !== w.today || lastDays.lookbackDays !== w.lookbackDays) {
    const { today, lookbackDays } = w;
    lastDays = { today, lookbackDays, from: addDays(today, -lookbackDays), to: addDays(today, -1) };
  }
  return lastDays;
}

/** COGS of one unit at `listPrice`: explicit, else the shop's median ratio, else missing (0). */
export function unitCogs(
  idx: ShopIndex,
  model: ModelA | undefined,
  listPrice: number,
): { cogs: number; source: CogsSource } {
  if (model && model.cogs !== null) return { cogs: model.cogs, source: "explicit" };
  if (idx.cogsRatio === null) return { cogs: 0, source: "missing" };
  return { cogs: Math.round(idx.cogsRatio * listPrice), source: "inferred" };
}

/** Sales facts of one product in a window. */
export interface ProductSales {
  readonly completed: readonly OrderA[];
  readonly returnedUnits: number;
  readonly completedUnits: number;
  readonly spend: number;
}

/** Orders and ad spend of a product in the window (completed orders only count as sales). */
export function salesOf(
  idx: ShopIndex,
  itemId: number,
  w: { lookbackDays: number; today: string },
): ProductSales {
  const { from, to } = windowDays(w);
  const completed: OrderA[] = [];
  let returnedUnits = 0;
  let completedUnits = 0;
  for (const o of idx.ordersByItem.get(itemId) ?? []) {
    if (o.date < from || o.date > to) continue;
    if (o.status === "completed") {
      completed.push(o);
      completedUnits += o.quantity;
    } else if (o.status === "returned") returnedUnits += o.quantity;
  }
  let spend = 0;
  for (const s of idx.spendByItem.get(itemId) ?? [])
    if (s.date >= from && s.date <= to) spend += s.spend;
  return { completed, returnedUnits, completedUnits, spend };
}

/** Share of units returned (returned / (completed + returned)); 0 without sales. */
export function returnRateOf(sales: ProductSales): number {
  const all = sales.completedUnits + sales.returnedUnits;
  return all === 0 ? 0 : sales.returnedUnits / all;
}

/** Ads cost per sale over the window: spend / completed units (0 without sales). */
export function adsCostPerSaleOf(sales: ProductSales): number {
  return sales.completedUnits === 0 ? 0 : Math.round(sales.spend / sales.completedUnits);
}

/** A computed per-unit result with what the metadata needs. */
export interface UnitResult {
  readonly lines: LinesA;
  readonly units: number;
  readonly cogsSource: CogsSource;
  readonly commissionRate: number;
  readonly hasVat: boolean;
  readonly vatRate: number;
  /** "sales" when aggregated from orders; "listing" when at the current price (no sales). */
  readonly basis: "sales" | "listing" | "input";
}

/** The weaker of two COGS sources (missing < inferred < explicit). */
export function combineSource(a: CogsSource, b: CogsSource): CogsSource {
  return combineCogsSources([a, b]);
}

/**
 * Realized per-unit breakdown of a product (or one model) from completed orders in the window,
 * at the fee rates of `effectiveDate`. Without sales: the current listing of the model(s).
 */
export function realizedA(
  data: DemoData,
  idx: ShopIndex,
  p: ProductA,
  modelId: number | null | undefined,
  w: SalesWindow,
): UnitResult {
  const shop = idx.shop;
  const schedule = feeScheduleA(shop.region, w.effectiveDate);
  const commissionRate = commissionRateA(data, p.categoryId, shop.region, w.effectiveDate);
  const hasVat = w.includeVat && shop.vatRegistered;
  const sales = salesOf(idx, p.itemId, w);
  const returnRate = returnRateOf(sales);
  const models = new Map(p.models.map((m) => [m.modelId, m]));
  const total = new LinesTotal();
  let source: CogsSource = "explicit";
  const base = saleTermsA(shop, schedule, commissionRate, hasVat, returnRate);
  for (const o of sales.completed) {
    if (modelId !== undefined && o.modelId !== modelId) continue;
    const c = unitCogs(idx, models.get(o.modelId), o.unitListPrice);
    source = combineSource(source, c.source);
    total.addOrder(o, base, c.cogs, o.quantity);
  }
  if (total.units > 0) {
    // Ads are bought per product: every unit sold carries the same share of the window's spend.
    total.addTotal(
      "adsCostPerSale",
      -sales.spend * (total.units / Math.max(1, sales.completedUnits)),
    );
    return {
      lines: total.perUnit(),
      units: total.units,
      cogsSource: source,
      commissionRate,
      hasVat,
      vatRate: hasVat ? schedule.vatRate : 0,
      basis: "sales",
    };
  }
  const chosen = modelId === undefined ? p.models : p.models.filter((m) => m.modelId === modelId);
  for (const m of chosen) {
    const c = unitCogs(idx, m, m.listPrice);
    source = combineSource(source, c.source);
    total.add(
      unitLinesA({
        ...base,
        listPrice: m.listPrice,
        sellerDiscount: m.sellerDiscount,
        sellerVoucher: 0,
        platformDiscount: 0,
        buyerShipping: 0,
        cogs: c.cogs,
      }),
      1,
    );
  }
  const lines = total.perUnit();
  return {
    lines,
    units: 0,
    cogsSource: source,
    commissionRate,
    hasVat,
    vatRate: hasVat ? schedule.vatRate : 0,
    basis: "listing",
  };
}

/** The metadata object of contract-notes for a unit result. */
export function metadataA(
  idx: ShopIndex,
  r: UnitResult,
  effectiveDate: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const profit = netProfitMinor(r.lines);
  const revenue = revenueMinor(r.lines);
  const d = idx.decimals;
  return {
    currency: idx.shop.currency,
    netProfit: toMajor(profit, d),
    revenue: toMajor(revenue, d),
    margin: marginPercent(profit, revenue),
    commissionRate: r.commissionRate,
    vatRate: r.vatRate,
    hasVat: r.hasVat,
    cogsSource: r.cogsSource,
    inferredCogs: r.cogsSource === "inferred",
    unitsSold: r.units,
    effectiveDate,
    basis: r.basis,
    ...extra,
  };
}

/** `{breakdown, metadata}` of a unit result. */
export function breakdownWithMetadata(
  idx: ShopIndex,
  r: UnitResult,
  effectiveDate: string,
  extra: Record<string, unknown> = {},
): { breakdown: ReturnType<typeof wireBreakdownA>; metadata: Record<string, unknown> } {
  return {
    breakdown: wireBreakdownA(r.lines, idx.decimals),
    metadata: metadataA(idx, r, effectiveDate, extra),
  };
}

/** Computes one unit at explicit inputs (A3, A4, A5, A21, A22). */
export function unitAt(sale: UnitSaleA, cogsSource: CogsSource, units = 0): UnitResult {
  return {
    lines: unitLinesA(sale),
    units,
    cogsSource,
    commissionRate: sale.commissionRate,
    hasVat: sale.hasVat,
    vatRate: sale.hasVat ? sale.schedule.vatRate : 0,
    basis: "input",
  };
}
