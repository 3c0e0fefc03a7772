/**
 * The profit basis: the one setting ("count output VAT as a cost", and the default sales
 * window) every function sends explicitly unless a cell overrides it. The API's own defaults
 * disagree (A2 counts VAT, A6/A7/A11 do not; B counts it, C does not), so leaving a field out
 * made the same product show opposite profit signs in two cells (issue 12).
 */
import type { CostBook } from "../core/costBook";

/** What "net profit" means for every function, unless a cell says otherwise. */
export interface ProfitBasis {
  /** Count output VAT as a cost: A `includeVat`, B/C `hasVat`. */
  readonly countVat: boolean;
  /** Marketplace A sales window in days (A's `lookbackDays` of sales figures). */
  readonly salesWindowDays: number;
  /**
   * The team's cost book, where the seller turned it on for formula cells (a setting of the
   * document): answers take each variant's cost from it on their day (core/bookProgram.ts).
   * Tables read the book themselves; a sidebar's basis never carries it.
   */
  readonly costBook?: CostBook;
}

/**
 * VAT counted: a VAT-registered seller pays it, so profit is never overstated; and marketplace
 * A's per-model batch (A1, which counts VAT for registered shops) stays usable. 180 days is
 * the spec's default sales window.
 */
export const DEFAULT_BASIS: ProfitBasis = { countVat: true, salesWindowDays: 180 };

/** Sales window bounds (contract notes: lookbackDays 1 to 730). */
export const SALES_WINDOW_DAYS = { min: 1, max: 730 } as const;

/** A stored basis as the hosts keep it (text in user settings) -> a checked basis. */
export function readBasis(countVat: unknown, salesWindowDays: unknown): ProfitBasis {
  const days = Number(salesWindowDays);
  return {
    countVat:
      countVat === undefined || countVat === null
        ? DEFAULT_BASIS.countVat
        : countVat !== "off" && countVat !== false,
    salesWindowDays:
      Number.isInteger(days) && days >= SALES_WINDOW_DAYS.min && days <= SALES_WINDOW_DAYS.max
        ? days
        : DEFAULT_BASIS.salesWindowDays,
  };
}

/**
 * "Basis: output VAT counted as a cost, 180-day sales window, today's fee rates" for headers
 * and notes; `salesWindow` false for marketplaces B and C (their windows are return rates).
 */
export function describeBasis(
  basis: ProfitBasis,
  effectiveDate?: string,
  salesWindow = true,
  /** A sheet setting today's rates beside a later day's (the fee-change sheet). */
  besideRatesOf?: string,
): string {
  const vat = basis.countVat ? "output VAT counted as a cost" : "output VAT not counted";
  const window = salesWindow ? `, ${basis.salesWindowDays}-day sales window` : "";
  const date = effectiveDate
    ? `, fee rates of ${effectiveDate}`
    : besideRatesOf
      ? `, today's fee rates beside those of ${besideRatesOf}`
      : ", today's fee rates";
  return `Basis: ${vat}${window}${date}`;
}

/** A change of basis from a settings form, checked; throws a sentence naming what is allowed. */
export function checkBasis(
  current: ProfitBasis,
  change: { readonly countVat?: unknown; readonly salesWindowDays?: unknown },
): ProfitBasis {
  const days = change.salesWindowDays ?? current.salesWindowDays;
  const n = Number(days);
  if (!Number.isInteger(n) || n < SALES_WINDOW_DAYS.min || n > SALES_WINDOW_DAYS.max) {
    throw new Error(
      `Sales window must be a whole number of days from ${SALES_WINDOW_DAYS.min} to ${SALES_WINDOW_DAYS.max} (got ${String(days)})`,
    );
  }
  const countVat = change.countVat === undefined ? current.countVat : change.countVat === true;
  return { countVat, salesWindowDays: n };
}
