/**
 * The day's trigger minutes, kept by the add-on itself. Apps Script gives a consumer account's
 * triggers 90 minutes of run time a day (quotas page) and stops the run in progress once they
 * are used up. A filler that sleeps through each minute for the next minute's quota costs as
 * many trigger minutes as the fill lasts (5,000 cells with the shop lists off: ~85 a day), so
 * the filler counts its runs here, in the user's properties (one write at the end of each
 * trigger run, never one per cell), and past DAILY_TRIGGER_BUDGET_MS a run spends the quota
 * it has and hands over to a clock trigger instead of sleeping (fillTrigger.ts): slower fills,
 * a day inside the quota, and 30 minutes kept for those short runs, the daily import refresh
 * and the edits' runs that find nothing to fill.
 *
 * The day is the script time zone's calendar day (Google's own reset time is not documented
 * per user; a day boundary in between only makes the count start afresh early or late). Two
 * trigger runs of one user ending at the same moment may each write their own total: the
 * count is then short by the shorter run (runs that overlap are rare: one filler per key).
 */
import type { PropertiesLike } from "./gas";

export const TRIGGER_DAY_PROPERTY = "mkt.triggerDay";

/** Trigger minutes a day the filler may spend sleeping for quota (of the consumer 90). */
const DAILY_TRIGGER_BUDGET_MS = 60 * 60_000;

/** "endsAt|usedMs": when this day ends (ms) and the trigger time used in it. */
interface TriggerDay {
  readonly endsAt: number;
  readonly usedMs: number;
}

/** The stored day, or a fresh one when it is absent, broken or over. */
function readTriggerDay(text: string | null | undefined, now: number, endsAt: number): TriggerDay {
  const [end, used] = (text ?? "").split("|").map(Number);
  return end !== undefined && used !== undefined && end > now && Number.isFinite(used)
    ? { endsAt: end, usedMs: used }
    : { endsAt, usedMs: 0 };
}

/** Has the filler's budget for today been spent (read by cells, with their settings)? */
export function triggerBudgetSpent(text: string | null | undefined, now: number): boolean {
  const day = readTriggerDay(text, now, 0);
  return day.endsAt > now && day.usedMs >= DAILY_TRIGGER_BUDGET_MS;
}

/**
 * When the day that contains `now` ends in `zone` (ms), from the clock reading there
 * (Utilities.formatDate). A daylight-saving day is an hour off: the count then restarts an
 * hour early or late.
 */
export function dayEndsAt(
  now: number,
  zone: string,
  formatDate: (date: Date, zone: string, pattern: string) => string,
): number {
  const [h = 0, m = 0, s = 0] = formatDate(new Date(now), zone, "HH:mm:ss").split(":").map(Number);
  return now - (now % 1000) - ((h * 60 + m) * 60 + s) * 1000 + 86_400_000;
}

/** One trigger run's share of the day (read at its start, written once at its end). */
export class TriggerRun {
  private constructor(
    private readonly props: PropertiesLike,
    private readonly day: TriggerDay,
    readonly startedAt: number,
  ) {}

  /** The day as `text` (the property, read with the run's other settings) says. */
  static start(
    props: PropertiesLike,
    text: string | null,
    now: number,
    endsAt: number,
  ): TriggerRun {
    return new TriggerRun(props, readTriggerDay(text, now, endsAt), now);
  }

  /** When this run crosses the day's budget (ms): at once if it was spent before it began. */
  get shortFrom(): number {
    return this.startedAt + Math.max(0, DAILY_TRIGGER_BUDGET_MS - this.day.usedMs);
  }

  spent(now: number): boolean {
    return now >= this.shortFrom;
  }

  /** Add this run's time to the day (the run's one Properties write); never throws. */
  finish(now: number): void {
    // A run that goes past the day's end counts in the new day from its start (one write).
    const day =
      now >= this.day.endsAt ? { endsAt: this.day.endsAt + 86_400_000, usedMs: 0 } : this.day;
    try {
      this.props.setProperty(
        TRIGGER_DAY_PROPERTY,
        `${day.endsAt}|${Math.round(day.usedMs + now - this.startedAt)}`,
      );
    } catch {
      // Properties quota used up: the next run counts from the last total.
    }
  }
}
