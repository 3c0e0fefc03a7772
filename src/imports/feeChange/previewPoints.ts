/**
 * Sales as the price previews price them (A21/A22, B14/B15, C8/C9), by row id: the buyer price,
 * the profit and margin of a unit, or the API's reason where it could not. Asked at a price above today's list
 * price (pricingSheet.ts's ceilingPrice), a preview answers the sale at the list price itself
 * (no discount is needed), which is how a sheet learns each variant's list price without a
 * request of its own.
 */
import { isRecord } from "../../core/shape";
import { previewAnswers } from "../pricingSheet";
import type { PointAnswer } from "./feeChangeAsk";
import { unitFiguresOf } from "./unitFigures";

/** Where an adjusted entry holds the buyer price and the profit (A22 vs B15 and C9). */
const FIELDS = {
  A: { price: "buyerPrice", profit: "netProfit", margin: "margin" },
  BC: { price: "resultingBuyerPrice", profit: "resultingProfit", margin: "resultingMargin" },
} as const;

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** A preview's answers as points (or reasons) by row id. */
export function previewPoints(data: unknown, marketplaceA: boolean): Map<string, PointAnswer> {
  const f = marketplaceA ? FIELDS.A : FIELDS.BC;
  const out = new Map<string, PointAnswer>();
  for (const [id, a] of previewAnswers(data)) {
    if (!("entry" in a)) {
      out.set(id, a);
      continue;
    }
    const meta = isRecord(a.entry.metadata) ? a.entry.metadata : {};
    const price = num(a.entry[f.price]);
    const profit = num(a.entry[f.profit]) ?? num(meta.netProfit);
    const figures = unitFiguresOf(a.entry);
    const margin = num(a.entry[f.margin]) ?? num(meta.margin);
    out.set(
      id,
      price === null || profit === null
        ? { reason: "the preview answered no price or profit" }
        : {
            price,
            profit,
            margin,
            ...(figures ? { cogs: figures.cogs, cogsSource: figures.cogsSource } : {}),
          },
    );
  }
  return out;
}

/**
 * A price `share` of the list price (0.9: 10 % under it), in the currency's unit; never the list
 * price itself, never 0.
 */
export function belowListPrice(list: number, decimals: number, share: number): number | null {
  const unit = 10 ** -decimals;
  const lower = Math.floor(list * share * 10 ** decimals) / 10 ** decimals;
  return lower > 0 && lower <= list - unit ? lower : null;
}
