/**
 * B16 and C10 read their body the same way: a period (from/to, else lookbackDays back from
 * today, default 30), the prior period unless compareToPrevious is false, topN (5) and the VAT
 * position when includeVat. The marketplace supplies how its orders are priced.
 */
import type { OrderBase } from "../data/model";
import type { HandlerContext } from "../handler";
import type { Currency } from "../analytics/money";
import { buildOverview, periodRows, type PeriodSource } from "../analytics/overview";
import { previousPeriod, resolvePeriod } from "../analytics/periods";
import { optBoolean, optNumber, optString } from "../analytics/requestFields";

/** What differs between the marketplaces' overviews besides the pricing of orders. */
export interface OverviewShape {
  readonly currency: Currency;
  /** Line names whose sum is revenue. */
  readonly revenueLines: readonly string[];
  /** Present when includeVat: whether the seller is registered and the VAT rate. */
  readonly vat: { readonly registered: boolean; readonly rate: number } | null;
  /** Name of the product id field on the wire. */
  readonly idField: string;
}

/** Whether the body asks for the VAT position (includeVat, default false). */
export function includeVatOf(ctx: HandlerContext): boolean {
  return optBoolean(ctx.body, "includeVat") ?? false;
}

/** The overview of the body's period for a shop's products and orders. */
export function shopOverview<P, O extends OrderBase, K>(
  ctx: HandlerContext,
  source: PeriodSource<P, O, K>,
  shape: OverviewShape,
): Record<string, unknown> {
  const period = resolvePeriod(
    {
      from: optString(ctx.body, "from"),
      to: optString(ctx.body, "to"),
      lookbackDays: optNumber(ctx.body, "lookbackDays"),
    },
    ctx.today,
  );
  const compare = optBoolean(ctx.body, "compareToPrevious") ?? true;
  const previous = previousPeriod(period);
  return buildOverview({
    ...shape,
    period,
    rows: periodRows(source, period),
    previous: compare ? { period: previous, rows: periodRows(source, previous) } : null,
    topN: optNumber(ctx.body, "topN") ?? 5,
  });
}
