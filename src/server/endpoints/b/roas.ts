/**
 * B9, B10, B11, B13: the spec marks them "not yet active" (the dedup pipeline is not
 * delivered). What they answer today:
 * - B9: the RAW frame (ad attribution as the marketplace reports it, cancelled orders
 *   included) and per-SKU details; CLEANED and DEFLATED are null.
 * - B10: the same as B9, consistently: RAW present, CLEANED and DEFLATED null until the
 *   pipeline exists (so the invariant RAW >= CLEANED >= DEFLATED holds vacuously).
 * - B11: an empty array. B13: an empty page (totalItems 0).
 * All still check that the seller (and item) belong to the caller (404 otherwise).
 */
import type { HandlerContext } from "../../handler";
import { toMajor } from "../../analytics/money";
import { offsetPage, toDateTimeArray } from "../../analytics/pages";
import { resolvePeriod } from "../../analytics/periods";
import { optNumber, pathNumber } from "../../analytics/requestFields";
import { ordersBetween } from "../../analytics/sales";
import { productById } from "../bc/view";
import { skuResult } from "../bc/results";
import { sellerFromPath } from "./options";

/** Profit divided by spend; null when nothing was spent (never Infinity). */
function roasOf(profitMinor: number, spendMinor: number): number | null {
  return spendMinor > 0 ? Math.round((profitMinor / spendMinor) * 1e6) / 1e6 : null;
}

/** B9: POST P_B/profit-adjusted-roas/{sellerId}/{region}/{itemId}. */
export function profitAdjustedRoasB(ctx: HandlerContext): unknown {
  const lookbackDays = optNumber(ctx.body, "lookbackDays") ?? 180;
  // Unit profit uses the usual 30-day return-rate window; lookbackDays is the ads window.
  const view = sellerFromPath(ctx, { lookbackDays: 30 });
  const product = productById(view, pathNumber(ctx.path, "itemId"));
  const dp = view.currency.decimals;
  const window = resolvePeriod({ lookbackDays }, ctx.today);
  const spend = view.shop.adSpend
    .filter((d) => d.product === product.itemId && d.date >= window.from && d.date <= window.to)
    .reduce((s, d) => s + d.spend, 0);
  const unitProfit = new Map(
    product.skus.map((sku) => [sku.skuId, skuResult(view, product, sku).unit]),
  );
  const perSku = new Map<number, { orders: number; units: number; gmv: number; profit: number }>();
  for (const o of ordersBetween(view.shop.orders, window.from, window.to)) {
    if (o.itemId !== product.itemId || !o.attributedToAds) continue;
    const unit = unitProfit.get(o.skuId);
    if (unit === undefined) continue;
    const s = perSku.get(o.skuId) ?? { orders: 0, units: 0, gmv: 0, profit: 0 };
    s.orders += 1;
    s.units += o.quantity;
    s.gmv += (o.unitListPrice - o.sellerDiscount - o.sellerVoucher) * o.quantity;
    // RAW: as the marketplace attributes it, each order at the SKU's current unit profit.
    s.profit += unit.netProfitMinor * o.quantity;
    perSku.set(o.skuId, s);
  }
  const totals = [...perSku.values()].reduce(
    (t, s) => ({
      orders: t.orders + s.orders,
      units: t.units + s.units,
      gmv: t.gmv + s.gmv,
      profit: t.profit + s.profit,
    }),
    { orders: 0, units: 0, gmv: 0, profit: 0 },
  );
  return {
    itemId: product.itemId,
    name: product.name,
    currency: view.currency.code,
    lookbackDays,
    raw: {
      frame: "RAW",
      totalAdExpense: toMajor(spend, dp),
      attributedOrders: totals.orders,
      attributedUnits: totals.units,
      trueGmv: toMajor(totals.gmv, dp),
      totalProfitFromAds: toMajor(totals.profit, dp),
      profitPerAdOrder:
        totals.orders > 0 ? toMajor(Math.round(totals.profit / totals.orders), dp) : null,
      profitAdjustedRoas: roasOf(totals.profit, spend),
    },
    cleaned: null,
    deflated: null,
    skuDetails: product.skus.map((sku) => {
      const s = perSku.get(sku.skuId) ?? { orders: 0, units: 0, gmv: 0, profit: 0 };
      const unit = unitProfit.get(sku.skuId);
      return {
        skuId: sku.skuId,
        sellerSku: sku.sellerSku,
        attributedOrders: s.orders,
        attributedUnits: s.units,
        trueGmv: toMajor(s.gmv, dp),
        profitFromAds: toMajor(s.profit, dp),
        unitProfit: unit === undefined ? null : toMajor(unit.netProfitMinor, dp),
        margin:
          unit !== undefined && unit.revenueMinor > 0
            ? Math.round((unit.netProfitMinor / unit.revenueMinor) * 1e6) / 1e6
            : null,
      };
    }),
  };
}

/** B10: POST P_B/profit-adjusted-roas-dedup/...: not yet active, answers as B9 (see above). */
export function profitAdjustedRoasDedupB(ctx: HandlerContext): unknown {
  return profitAdjustedRoasB(ctx);
}

/** B11: POST P_B/corrected-roas/{sellerId}/{region}: empty for now. */
export function correctedRoasB(ctx: HandlerContext): unknown {
  sellerFromPath(ctx);
  return [];
}

/** B13: POST P_B/products/{sellerId}/{region}/sorted-by-profit-adjusted-roas: not populated. */
export function sortedByRoasB(ctx: HandlerContext): unknown {
  const view = sellerFromPath(ctx);
  return offsetPage(
    [],
    optNumber(ctx.body, "page") ?? 0,
    optNumber(ctx.body, "pageSize") ?? 50,
    toDateTimeArray(view.shop.dataFreshAt),
  );
}
