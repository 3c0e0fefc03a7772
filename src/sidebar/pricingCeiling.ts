/**
 * Marketplace A's ceiling for a pricing sheet's unreachable target margin (issue 35 item 4): A21
 * says only that the target is "not met even without any discount" at the list price it was
 * asked at. Profit per unit is, between fee steps, a straight line in revenue; its slope is the
 * share of revenue fees and VAT leave, the highest margin any price comes near. Two A22 answers
 * per such row (at today's buyer price and at half of it: prices A22 can always give, at or
 * under the list price) are two points of that line; the Answer then names the ceiling in the
 * words of the REQUIRED_PRICE cell (marginCeilingA). Two requests per 500 such rows; none when
 * every target is reached.
 */
import { currencyDecimals } from "../core/figure";
import { marginCeilingA } from "../functions/marginTargetA";
import { unitFiguresOf } from "../imports/feeChange/unitFigures";
import { batch, type Asked, type PreviewAnswer, type PricingWhere } from "../imports/pricingSheet";
import { askBatch, type PreviewAnswers, type PreviewBatch } from "./pricingAnswers";
import type { Op } from "./op";

/** The two buyer prices, as shares of today's: the line's two points. */
const AT = { high: 1, low: 0.5 } as const;
type At = keyof typeof AT;

/** One A22 request of the ceilings: its rows asked at `at` of today's buyer price. */
export interface CeilingBatch extends PreviewBatch {
  readonly at: At;
}

const ROWS_A_REQUEST = 500;

/** A row whose target margin A21 could not reach at any discount (A only, margin asked). */
const unreached = (where: PricingWhere, targets: PreviewAnswers, r: Asked): boolean => {
  const t = targets[r.id];
  return (
    (where.marketplace ?? "A") === "A" &&
    r.inputs.profit === null &&
    r.inputs.target !== null &&
    t !== undefined &&
    "code" in t &&
    t.code === "unreachable_margin" &&
    r.priceToday > 0
  );
};

/** The A22 requests that find the ceilings of the rows A21 could not price. */
export function ceilingBatches(
  where: PricingWhere & { readonly currency?: string | null },
  asked: readonly Asked[],
  targets: PreviewAnswers,
): CeilingBatch[] {
  const rows = asked.filter((r) => unreached(where, targets, r));
  const decimals = currencyDecimals(where.currency ?? null);
  const out: CeilingBatch[] = [];
  for (let i = 0; i < rows.length; i += ROWS_A_REQUEST) {
    const part = rows.slice(i, i + ROWS_A_REQUEST);
    for (const at of ["high", "low"] as const) {
      const b = batch("A22", part, {
        shopId: where.shopId,
        region: where.region,
        includeVat: where.includeVat,
        models: part.map((r) => ({
          itemId: r.itemId,
          modelId: r.modelId,
          targetBuyerPrice: Number((r.priceToday * AT[at]).toFixed(decimals)),
        })),
      });
      out.push({ call: b.call, ids: part.map((r) => r.id), at });
    }
  }
  return out;
}

const key = (id: string, at: At): string => `${id}\u001e${at}`;

/**
 * Ask one ceiling batch; each row's point (profit and revenue, all the note reads) lands in
 * `into`. A refused batch leaves its rows with the API's own reason.
 */
export function* askCeiling(
  ask: (endpoint: string, params: Record<string, unknown>) => Op<unknown>,
  explain: (e: unknown) => string,
  b: CeilingBatch,
  into: PreviewAnswers,
  failed: string[],
): Op<void> {
  // A point is all a row keeps: its profit and revenue per unit.
  const point = (a: PreviewAnswer): PreviewAnswer => {
    const f = "entry" in a ? unitFiguresOf(a.entry) : null;
    return f ? { entry: { netProfit: f.profit, revenue: f.revenue } } : a;
  };
  const got: PreviewAnswers = {};
  yield* askBatch(ask, explain, b, got, failed, point);
  for (const [id, a] of Object.entries(got)) into[key(id, b.at)] = a;
}

/** A point of a row's line: [revenue, profit], or null where A22 did not answer it. */
function pointOf(ceilings: PreviewAnswers, id: string, at: At): [number, number] | null {
  const a = ceilings[key(id, at)];
  if (!a || !("entry" in a)) return null;
  const { revenue, netProfit } = a.entry;
  return typeof revenue === "number" && typeof netProfit === "number" ? [revenue, netProfit] : null;
}

/**
 * The Answer's words for a row A21 could not price: the ceiling its two points give, or null
 * (the API's own reason stays) where they are missing or put the ceiling above the target
 * (the target is then met only above the list price A21 was asked at).
 */
export function ceilingNote(ceilings: PreviewAnswers, r: Asked): string | null {
  const high = pointOf(ceilings, r.id, "high");
  const low = pointOf(ceilings, r.id, "low");
  const margin = r.inputs.target;
  if (!high || !low || margin === null || high[0] - low[0] < 1e-9) return null;
  const slope = (high[1] - low[1]) / (high[0] - low[0]);
  if (!(slope < margin)) return null;
  const words = marginCeilingA(margin, slope);
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}
