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
 * Every cell the filler makes run again costs a custom-function execution, and each execution
 * reads the owner's properties once (50,000 Properties calls a day on consumer accounts): the
 * same record counts those re-runs, and past DAILY_RERUN_BUDGET no filler makes a cell run again
 * until the day ends (the cells say so). A loop can then cost at most that budget.
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

/**
 * Cells the fillers may make run again in a day (of the consumer 50,000 Properties calls: the
 * rest is for the cells' own first runs, the triggers and the sidebar).
 */
export const DAILY_RERUN_BUDGET = 20_000;

/** "endsAt|usedMs|reruns": when this day ends (ms), the trigger time and the re-runs used in it. */
interface TriggerDay {
  readonly endsAt: number;
  readonly usedMs: number;
  readonly reruns: number;
}

/** The stored day, or a fresh one when it is absent, broken or over. */
function readTriggerDay(text: string | null | undefined, now: number, endsAt: number): TriggerDay {
  const [end, used, reruns] = (text ?? "").split("|").map(Number);
  return end !== undefined && used !== undefined && end > now && Number.isFinite(used)
    ? { endsAt: end, usedMs: used, reruns: Number.isFinite(reruns) ? (reruns as number) : 0 }
    : { endsAt, usedMs: 0, reruns: 0 };
}

const write = (day: TriggerDay): string => `${day.endsAt}|${Math.round(day.usedMs)}|${day.reruns}`;

/** Has the filler's budget for today been spent (read by cells, with their settings)? */
export function triggerBudgetSpent(text: string | null | undefined, now: number): boolean {
  const day = readTriggerDay(text, now, 0);
  return day.endsAt > now && day.usedMs >= DAILY_TRIGGER_BUDGET_MS;
}

/** When today's re-runs are all used: the day's end (ms), else null (read by cells). */
export function rerunsSpentUntil(text: string | null | undefined, now: number): number | null {
  const day = readTriggerDay(text, now, 0);
  return day.endsAt > now && day.reruns >= DAILY_RERUN_BUDGET ? day.endsAt : null;
}

/**
 * Re-runs made outside a trigger run (the open sidebar's passes): added to the day at once
 * (one read and one write, only for a pass that made cells run again); never throws.
 */
export function countRerunsOutside(
  props: PropertiesLike,
  cells: number,
  now: number,
  endsAt: number,
): void {
  if (cells <= 0) return;
  try {
    const day = readTriggerDay(props.getProperty(TRIGGER_DAY_PROPERTY), now, endsAt);
    props.setProperty(TRIGGER_DAY_PROPERTY, write({ ...day, reruns: day.reruns + cells }));
  } catch {
    // Properties quota used up: the trigger runs' count goes on.
  }
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
  /** Cells this run made run again (added to the day at its end). */
  private reruns = 0;

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

  /** Cells this run may still make run again today. */
  rerunsLeft(): number {
    return Math.max(0, DAILY_RERUN_BUDGET - this.day.reruns - this.reruns);
  }

  /** Count cells made to run again (counted before they run: the budget is checked first). */
  countReruns(cells: number): void {
    this.reruns += Math.max(0, cells);
  }

  /** Add this run's time to the day (the run's one Properties write); never throws. */
  finish(now: number): void {
    // A run that goes past the day's end counts in the new day from its start (one write).
    const day =
      now >= this.day.endsAt
        ? { endsAt: this.day.endsAt + 86_400_000, usedMs: 0, reruns: 0 }
        : this.day;
    try {
      this.props.setProperty(
        TRIGGER_DAY_PROPERTY,
        write({
          endsAt: day.endsAt,
          usedMs: day.usedMs + now - this.startedAt,
          reruns: day.reruns + this.reruns,
        }),
      );
    } catch {
      // Properties quota used up: the next run counts from the last total.
    }
  }
}
