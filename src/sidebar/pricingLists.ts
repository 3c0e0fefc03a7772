/**
 * A new pricing sheet's rows with today's figures, per marketplace: A from A7 (products), A12
 * (each product's models) and A6 or A1 (each model's own figures), B from B8 (every SKU of the seller, one request) and B7 (product
 * names), C from C7 (the products the seller names, 100 a request, with per-SKU detail: the
 * spec lists no C products, so the seller gives the ids).
 */
import { dateFieldToIso } from "../api/datetime";
import type { Marketplace } from "../api/types";
import { cursorValue, pageRows } from "../core/paginate";
import { isRecord } from "../core/shape";
import { namesOf, rowsOfB8, rowsOfC7 } from "../imports/pricingCallsBC";
import { chunkRows } from "../imports/cellText";
import { modelsOf, pricingRows, type PricingRow } from "../imports/pricingSheet";
import type { Op } from "./op";

/** What the lists are asked for. */
export interface ListAsk {
  readonly marketplace: Marketplace;
  readonly shopId: number;
  readonly region: string;
  readonly products: number;
  readonly productIds: readonly string[];
  readonly includeVat: boolean;
  readonly salesWindowDays: number;
}

/** Today's rows, when the data was fresh, and the ids the API did not know (C7 omits them). */
export interface TodayRows {
  readonly rows: PricingRow[];
  readonly dataFreshAt: string | null;
  readonly missing: string[];
  /** The shop's currency (its decimals round the default planned prices). */
  readonly currency: string | null;
}

type Run = (endpoint: string, params: Record<string, unknown>) => Op<unknown>;

const PAGE = 500;
/** C7 takes at most 100 product ids a request (contract notes, "Limits"). */
const C7_IDS = 100;

/** The currency of the first entry of a list (every entry of a shop has the shop's). */
function currencyOf(list: readonly unknown[]): string | null {
  const first = list.find(isRecord);
  const meta = first && isRecord(first.metadata) ? first.metadata : {};
  return typeof meta.currency === "string" ? meta.currency : null;
}

const freshAt = (page: unknown): string | null =>
  isRecord(page) ? dateFieldToIso(page.dataFreshAt) : null;

/** Walk a cursor list (A7, B7) 500 a page until `limit` products are in. */
function* cursorWalk(
  run: Run,
  endpoint: string,
  params: Record<string, unknown>,
  limit: number,
): Op<{ products: unknown[]; dataFreshAt: string | null }> {
  const products: unknown[] = [];
  let cursor: unknown = undefined;
  let dataFreshAt: string | null = null;
  do {
    const page = yield* run(endpoint, {
      ...params,
      pageSize: PAGE,
      ...(cursor !== undefined ? { cursorRtProductId: cursor } : {}),
    });
    // Rows and cursor in any shape the spec allows, read as imports and cells read them.
    const rows = pageRows<unknown>(page);
    if (rows.length === 0) break;
    products.push(...rows);
    dataFreshAt = freshAt(page) ?? dataFreshAt;
    cursor = (isRecord(page) ? cursorValue(page.nextCursor) : null) ?? undefined;
  } while (cursor !== undefined && products.length < limit);
  return { products, dataFreshAt };
}

/** Marketplace A: A7 for today's figures, A12's modelDetails for every model of a product. */
function* rowsA(run: Run, ask: ListAsk): Op<TodayRows> {
  const path = { shopId: ask.shopId, region: ask.region };
  const basis = { includeVat: ask.includeVat, lookbackDays: ask.salesWindowDays };
  const { products, dataFreshAt } = yield* cursorWalk(
    run,
    "A7",
    { ...path, ...basis },
    ask.products,
  );
  const wanted = new Set(
    products.slice(0, ask.products).flatMap((e) => (isRecord(e) ? [Number(e.itemId)] : [])),
  );
  const models = new Map<number, (number | null)[]>();
  for (let page = 0; [...wanted].some((id) => !models.has(id)); page++) {
    const answer = yield* run("A12", { ...path, ...basis, page, pageSize: PAGE });
    const entries = pageRows<unknown>(answer);
    modelsOf(entries, models);
    const pages = isRecord(answer) ? Number(answer.totalPages) : 0;
    if (entries.length === 0 || !(page + 1 < pages)) break;
  }
  return {
    rows: pricingRows(products, models, ask.products),
    dataFreshAt,
    missing: [],
    currency: currencyOf(products),
  };
}

/** A1 takes at most 100 model ids a request (contract notes, "Limits"). */
const A1_IDS = 100;

/** A request that gives models their own figures. */
export interface FigureCall {
  readonly endpoint: "A1" | "A6";
  readonly params: Record<string, unknown>;
}

/**
 * The requests that give each model of marketplace A its own figures on the seller's basis
 * (none on B and C, whose lists are per SKU already). Counting VAT: A1, 100 models a request
 * (A1 takes no includeVat and counts VAT, contract notes "One profit basis"). Not counting VAT:
 * A6 (one product, the seller's includeVat and window) answers every model of the product in
 * its modelBreakdowns, one request per product with two or more models; a product's only
 * model sells as the product does, so A7's figures are that model's own.
 */
export function figureCalls(ask: ListAsk, rows: readonly PricingRow[]): FigureCall[] {
  if (ask.marketplace !== "A") return [];
  const at = { shopId: ask.shopId, region: ask.region };
  if (!ask.includeVat) {
    const models = new Map<PricingRow["itemId"], number>();
    for (const r of rows)
      if (r.modelId !== null) models.set(r.itemId, (models.get(r.itemId) ?? 0) + 1);
    return [...models]
      .filter(([, count]) => count >= 2)
      .map(([itemId]) => ({
        endpoint: "A6",
        params: { ...at, itemId, lookbackDays: ask.salesWindowDays, includeVat: false },
      }));
  }
  const ids = rows.flatMap((r) => (typeof r.modelId === "number" ? [r.modelId] : []));
  return chunkRows(ids, A1_IDS).map((part) => ({
    endpoint: "A1",
    params: { ...at, modelIds: part, lookbackDays: ask.salesWindowDays },
  }));
}

/** The model entries of a figure answer: A6's modelBreakdowns, A1's list. */
export function figureEntries(answer: unknown): unknown[] {
  if (Array.isArray(answer)) return answer;
  return isRecord(answer) && Array.isArray(answer.modelBreakdowns) ? answer.modelBreakdowns : [];
}

/** Marketplace B: B8 (every SKU, one request; no window) and B7 for the products' names. */
function* rowsB(run: Run, ask: ListAsk): Op<TodayRows> {
  const path = { sellerId: ask.shopId, region: ask.region };
  const skus = yield* run("B8", { ...path, hasVat: ask.includeVat });
  const list = Array.isArray(skus) ? skus : [];
  const wanted = new Set(list.flatMap((e) => (isRecord(e) ? [Number(e.itemId)] : [])));
  const named = yield* cursorWalk(
    run,
    "B7",
    { ...path, hasVat: ask.includeVat },
    Math.min(ask.products, wanted.size),
  );
  const names = new Map<number, string>();
  namesOf(named.products, names);
  const rows = rowsOfB8(list, names, ask.products);
  return { rows, dataFreshAt: named.dataFreshAt, missing: [], currency: currencyOf(list) };
}

/** Marketplace C: C7 for the named products, 100 a request; ids it omits are reported. */
function* rowsC(run: Run, ask: ListAsk): Op<TodayRows> {
  const products: unknown[] = [];
  for (let i = 0; i < ask.productIds.length; i += C7_IDS) {
    const answer = yield* run("C7", {
      shopId: ask.shopId,
      productIds: ask.productIds.slice(i, i + C7_IDS),
      hasVat: ask.includeVat,
    });
    if (Array.isArray(answer)) products.push(...answer);
  }
  const found = new Set(products.flatMap((p) => (isRecord(p) ? [String(p.productId)] : [])));
  return {
    rows: rowsOfC7(products),
    dataFreshAt: null,
    missing: ask.productIds.filter((id) => !found.has(id)),
    currency: currencyOf(products),
  };
}

/** Today's rows of the asked shop (A's models still with their product's figures: figureCalls). */
export function todayRows(run: Run, ask: ListAsk): Op<TodayRows> {
  return ask.marketplace === "B"
    ? rowsB(run, ask)
    : ask.marketplace === "C"
      ? rowsC(run, ask)
      : rowsA(run, ask);
}
