/**
 * Reporting periods for shop overviews: an inclusive [from, to] range of calendar days
 * (YYYY-MM-DD, UTC). Default: the last `lookbackDays` (30) days ending today. The previous
 * period, for comparisons, has the same length and ends the day before `from`.
 */
import { ApiProblem } from "../problem";

export interface Period {
  readonly from: string;
  readonly to: string;
  /** Number of calendar days, both ends included. */
  readonly days: number;
}

const DAY_MS = 86_400_000;

function toEpochDay(date: string): number {
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(ms))
    throw new RangeError(`not a date: ${date}`);
  return Math.round(ms / DAY_MS);
}

function fromEpochDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The date `days` after (or before, if negative) `date`. */
export function addDays(date: string, days: number): string {
  return fromEpochDay(toEpochDay(date) + days);
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  return toEpochDay(b) - toEpochDay(a);
}

/** Whether a date (or the date part of an ISO date-time) falls inside the period. */
export function inPeriod(dateOrDateTime: string, period: Period): boolean {
  const day = dateOrDateTime.slice(0, 10);
  return day >= period.from && day <= period.to;
}

export interface PeriodRequest {
  readonly from?: string | null;
  readonly to?: string | null;
  readonly lookbackDays?: number | null;
}

/** No sales before this day; a period may not start earlier. */
const EARLIEST = "1970-01-01";

/**
 * The period a request asks for. `to` defaults to today, `from` to `lookbackDays` days
 * ending at `to` (30 by default). `from` after `to` is a 400.
 */
export function resolvePeriod(request: PeriodRequest, today: string): Period {
  const to = request.to ?? today;
  // Checked before any date arithmetic: a day before year 0000 has no YYYY-MM-DD form.
  if (to < EARLIEST)
    throw new ApiProblem(400, `\`to\` must be ${EARLIEST} or later`, [
      { field: "to", problem: `must be ${EARLIEST} or later` },
    ]);
  const lookback = request.lookbackDays ?? 30;
  const from = request.from ?? addDays(to, -(lookback - 1));
  // The comparison period before it must be a date too (year 0000 has no year before it).
  // A `from` the caller did not send is named by what made it: `to` and lookbackDays.
  if (from < EARLIEST) {
    if (request.from !== undefined && request.from !== null)
      throw new ApiProblem(400, `\`from\` must be ${EARLIEST} or later`, [
        { field: "from", problem: `must be ${EARLIEST} or later` },
      ]);
    throw new ApiProblem(
      400,
      `\`to\` minus lookbackDays (${lookback} days) starts before ${EARLIEST}: send a later \`to\` or fewer lookbackDays`,
      [{ field: "to", problem: `must be at least ${lookback} days after ${EARLIEST}` }],
    );
  }
  const days = daysBetween(from, to) + 1;
  if (days < 1)
    throw new ApiProblem(400, "`from` must not be after `to`", [
      { field: "from", problem: "must not be after to" },
    ]);
  return { from, to, days };
}

/** The period of equal length just before `period`. */
export function previousPeriod(period: Period): Period {
  const to = addDays(period.from, -1);
  return { from: addDays(to, -(period.days - 1)), to, days: period.days };
}
