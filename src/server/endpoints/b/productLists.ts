/** B7 (per-product breakdowns, cursor pages) and B12 (products by true profit, offset pages). */
import type { HandlerContext } from "../../handler";
import type { ProductB } from "../../data/model";
import type { UnitBreakdown } from "../../analytics/breakdown";
import { toMajor } from "../../analytics/money";
import { cursorPage, offsetPage, toDateTimeArray } from "../../analytics/pages";
import { optNumber } from "../../analytics/requestFields";
import { aggregate, breakdownWire, skuResult, unitsOf } from "../bc/results";
import type { SellerViewB } from "./sellerView";
import { sellerFromPath } from "./options";
import { rememberFor } from "../remembered";

interface ProductRowB {
  readonly product: ProductB;
  readonly unit: UnitBreakdown;
  readonly unitsSold: number;
}

/** Every product of the seller with its aggregated per-unit breakdown. */
export function productRowsB(view: SellerViewB): ProductRowB[] {
  return view.shop.products.map((product) => {
    const results = product.skus.map((sku) => skuResult(view, product, sku));
    return { product, unit: aggregate(view, results), unitsSold: unitsOf(results) };
  });
}

/** A product row's breakdown and its place in a list (estimate, bytes). */
const ROW_BYTES = 400;

/**
 * The rows of B7's and B12's pages, remembered for the request's settings: paging through a
 * 3,000-product seller computes them once, not once a page.
 */
function listRowsB(view: SellerViewB): readonly ProductRowB[] {
  const o = view.options;
  return rememberFor(
    view.shop,
    `rowsB|${view.today}|${o.sellerType}|${o.hasVat}|${o.effectiveDate}|${o.lookbackDays}`,
    () => productRowsB(view),
    (rows) => rows.length * ROW_BYTES,
  );
}

function entryWire(view: SellerViewB, row: ProductRowB): Record<string, unknown> {
  return {
    rtProductId: row.product.itemId,
    itemId: row.product.itemId,
    name: row.product.name,
    unitsSold: row.unitsSold,
    ...breakdownWire(view, row.unit, row.unitsSold),
  };
}

/** B7: POST P_B/products/{sellerId}/{region}; the cursor is the item id. */
export function productPageB(ctx: HandlerContext): unknown {
  const view = sellerFromPath(ctx);
  const page = cursorPage(
    listRowsB(view),
    (row) => row.product.itemId,
    optNumber(ctx.body, "cursorRtProductId"),
    optNumber(ctx.body, "pageSize") ?? 50,
    toDateTimeArray(view.shop.dataFreshAt),
  );
  return { ...page, data: page.data.map((row) => entryWire(view, row)) };
}

/** B12: POST P_B/products/{sellerId}/{region}/sorted-by-profit (profit over the 30-day window). */
export function sortedByProfitB(ctx: HandlerContext): unknown {
  const view = sellerFromPath(ctx);
  const ranked = listRowsB(view)
    .map((row) => ({ row, totalProfitMinor: row.unit.netProfitMinor * row.unitsSold }))
    .sort(
      (a, b) =>
        b.totalProfitMinor - a.totalProfitMinor || a.row.product.itemId - b.row.product.itemId,
    );
  const page = offsetPage(
    ranked,
    optNumber(ctx.body, "page") ?? 0,
    optNumber(ctx.body, "pageSize") ?? 50,
    toDateTimeArray(view.shop.dataFreshAt),
  );
  return {
    ...page,
    entries: page.entries.map((r) => ({
      ...entryWire(view, r.row),
      totalProfit: toMajor(r.totalProfitMinor, view.currency.decimals),
    })),
  };
}
