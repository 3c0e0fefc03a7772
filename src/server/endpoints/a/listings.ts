/** A7, A11, A12: whole-shop product lists (cursor pages by item id; offset pages by rank). */
import { toMajor } from "../../analytics/money";
import { cursorPage, offsetPage, toDateTimeArray } from "../../analytics/pages";
import type { DemoData } from "../../data/model";
import { netProfitMinor } from "../../fees/a";
import type { EndpointHandler, HandlerContext } from "../../handler";
import {
  jsonBytes,
  objectWithArray,
  type SerializedData,
  withLeadingField,
} from "../../serialized";
import { rememberFor } from "../remembered";
import { roasSummaryA } from "./roas";
import {
  breakdownWithMetadata,
  realizedA,
  shopFrom,
  windowFrom,
  type SalesWindow,
  type ShopIndex,
} from "./shop";

/** One product's realized figures for a list. */
interface ProductRow {
  readonly itemId: number;
  readonly name: string;
  readonly unitsSold: number;
  readonly totalProfitMinor: number;
  /** The row's list entry as JSON (UTF-8), written once per window. */
  readonly json: Buffer;
}

/** A window's rows in item id order, and (once A11 asked) by profit: one cache entry. */
interface WindowRows {
  readonly inIdOrder: readonly ProductRow[];
  byProfit: readonly ProductRow[] | null;
}

const keyOf = (w: SalesWindow): string =>
  `${w.today}|${w.lookbackDays}|${w.includeVat}|${w.effectiveDate}`;

/** Realized rows of every product of the shop (remembered per window). */
function windowRows(data: DemoData, idx: ShopIndex, w: SalesWindow): WindowRows {
  return rememberFor(
    idx,
    `rows|${keyOf(w)}`,
    () => ({
      byProfit: null,
      inIdOrder: idx.shop.products.map((p) => {
        const r = realizedA(data, idx, p, undefined, w);
        const total = netProfitMinor(r.lines) * r.units;
        return {
          itemId: p.itemId,
          name: p.name,
          unitsSold: r.units,
          totalProfitMinor: total,
          json: jsonBytes({
            itemId: p.itemId,
            name: p.name,
            ...breakdownWithMetadata(idx, r, w.effectiveDate),
            unitsSold: r.units,
            totalProfit: toMajor(total, idx.decimals),
          }),
        };
      }),
    }),
    // The profit order shares the same row objects.
    (rows) => rowsBytes(rows.inIdOrder) + POINTER_BYTES * rows.inIdOrder.length,
  );
}

/** A row object and its place in a list, besides its JSON (estimate, bytes). */
const ROW_BYTES = 64;
/** One more list of the same rows (the profit order). */
const POINTER_BYTES = 8;

const rowsBytes = (rows: readonly { readonly json: Buffer }[]): number =>
  rows.reduce((sum, r) => sum + ROW_BYTES + r.json.length, 0);

const int = (v: unknown, fallback: number): number => (typeof v === "number" ? v : fallback);

/** The body's page of a ranked list, each entry led by its rank (1 = first of the list). */
function rankedPage(
  ctx: HandlerContext,
  idx: ShopIndex,
  sorted: readonly { readonly json: Buffer }[],
): SerializedData {
  const { entries, ...fields } = offsetPage(
    sorted,
    int(ctx.body.page, 0),
    int(ctx.body.pageSize, 50),
    toDateTimeArray(idx.shop.dataFreshAt),
  );
  const first = fields.page * fields.pageSize + 1;
  return objectWithArray(
    "entries",
    entries.map((r, i) => withLeadingField("rank", first + i, r.json)),
    fields,
  );
}

/** A7: cursor pages over the shop's products in item id order. */
export const a7Products: EndpointHandler = (ctx) => {
  const idx = shopFrom(ctx);
  const rows = windowRows(ctx.data, idx, windowFrom(ctx, false)).inIdOrder;
  const cursor = typeof ctx.body.cursorRtProductId === "number" ? ctx.body.cursorRtProductId : null;
  const page = cursorPage(
    rows,
    (r) => r.itemId,
    cursor,
    int(ctx.body.pageSize, 50),
    toDateTimeArray(idx.shop.dataFreshAt),
  );
  return objectWithArray(
    "data",
    page.data.map((r) => r.json),
    { nextCursor: page.nextCursor, dataFreshAt: page.dataFreshAt },
  );
};

/** A11: products by total realized profit in the window, highest first (ties by item id). */
export const a11SortedByProfit: EndpointHandler = (ctx) => {
  const idx = shopFrom(ctx);
  const w = windowFrom(ctx, false);
  const rows = windowRows(ctx.data, idx, w);
  const sorted = (rows.byProfit ??= [...rows.inIdOrder].sort(
    (a, b) => b.totalProfitMinor - a.totalProfitMinor || a.itemId - b.itemId,
  ));
  return rankedPage(ctx, idx, sorted);
};

/** A12: products by raw profit-adjusted ROAS, highest first; products without spend (null) last. */
export const a12SortedByRoas: EndpointHandler = (ctx) => {
  const idx = shopFrom(ctx);
  const w = windowFrom(ctx, false);
  const sorted = rememberFor(
    idx,
    `roas|${keyOf(w)}`,
    () => {
      const all = idx.shop.products.map((p) => roasSummaryA(ctx.data, idx, p, w));
      const roasOf = (s: Record<string, unknown>): number | null =>
        typeof s.profitAdjustedRoas === "number" ? s.profitAdjustedRoas : null;
      return all
        .sort((a, b) => {
          const ra = roasOf(a);
          const rb = roasOf(b);
          if (ra === null || rb === null)
            return ra === rb ? Number(a.itemId) - Number(b.itemId) : ra === null ? 1 : -1;
          return rb - ra || Number(a.itemId) - Number(b.itemId);
        })
        .map((summary) => ({ json: jsonBytes(summary) }));
    },
    rowsBytes,
  );
  return rankedPage(ctx, idx, sorted);
};
