/** A shop's return rate over a sales window, remembered per shop. */
import type { ShopA } from "../../data/model";
import { type ShopIndex, windowDays } from "./shop";

const shopReturnRates = new WeakMap<ShopA, Map<string, number>>();

/** Share of units returned shop-wide in the `lookbackDays` before today (for new products). */
export function shopReturnRate(idx: ShopIndex, w: { lookbackDays: number; today: string }): number {
  let memo = shopReturnRates.get(idx.shop);
  if (!memo) {
    memo = new Map();
    shopReturnRates.set(idx.shop, memo);
  }
  const key = `${w.today}|${w.lookbackDays}`;
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const { from, to } = windowDays(w);
  let returned = 0;
  let sold = 0;
  for (const o of idx.shop.orders) {
    if (o.date < from || o.date > to) continue;
    if (o.status === "returned") returned += o.quantity;
    else if (o.status === "completed") sold += o.quantity;
  }
  const rate = returned + sold === 0 ? 0 : returned / (returned + sold);
  memo.set(key, rate);
  return rate;
}
