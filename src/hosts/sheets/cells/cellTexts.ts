/**
 * What a formula cell shows while it cannot answer yet. Each text says what is happening and,
 * where the seller can do something in Sheets, what: never "recalculate" (Sheets re-runs a
 * custom function only when its formula or inputs change, so that would be a broken promise).
 */
import { SETTINGS_PATH } from "./session";

/** Where the seller runs every waiting or failed cell again. */
const REFRESH_ERRORS_PATH = "Extensions > Marketplace Profit > Refresh cells with errors";

/** Where live calls are turned back on. */
export const RESUME_PATH = "Extensions > Marketplace Profit > Resume live calls";

/** Every waiting text starts with one of these (the background filler finds cells by them). */
export const WAITING_PREFIXES = ["Waiting for quota", "Waiting: the API"] as const;

export const PAUSED_TEXT = `Live calls are paused: turn them on in ${RESUME_PATH}`;

function minutes(ms: number): string {
  return `about ${Math.max(1, Math.ceil(ms / 60_000))} min`;
}

export interface WaitingView {
  /** Cells waiting for quota (at least this one). */
  readonly cells: number;
  /** Estimated time until the queue is done. */
  readonly etaMs: number;
  /** A 429's Retry-After paused the key until this time (ms), or null. */
  readonly pausedUntil: number | null;
  /** Whether something fills waiting cells by itself (the edit trigger is installed). */
  readonly filled: boolean;
  /**
   * Set when the work is more than the trigger runs known to come within minutes will fill:
   * "hourly", an editor add-on's hourly run goes on (fill/clock.ts), or sooner an edit or the
   * sidebar; "edit", nothing goes on by itself until an edit or the owner's sidebar.
   */
  readonly beyond?: "hourly" | "edit" | null;
  /** The clock time the estimate comes to, as the spreadsheet shows times ("14:05"). */
  readonly at?: string | null;
  /**
   * Today's re-runs of cells are used up (stores/triggerDay.ts): nothing by itself makes these
   * cells run again before this time ("00:00"), only the seller's refresh.
   */
  readonly rerunsUntil?: string | null;
  readonly now: number;
}

/**
 * What a waiting cell says when no trigger Apps Script is known to start will reach it: who can
 * go on (the filler finds these cells by it and leaves them be at the end of a trigger run).
 */
const OWNER_OPENS = "the spreadsheet's owner opens";
const TRIGGERS_MAY_STOP = "background runs may stop before them";
const HOURLY_RUN = "the add-on's hourly run goes on with them";
const RERUNS_USED = "today's background re-runs are used up";

/**
 * "Waiting for quota: 140 cells queued, about 3 min (by 14:05)", or who goes on with them when
 * no trigger run known to come within minutes will: each text names only a time that some run
 * keeps.
 */
export function waitingText(v: WaitingView): string {
  const queued = `${v.cells} cell${v.cells === 1 ? "" : "s"} queued`;
  const eta = `${minutes(v.etaMs)}${v.at ? ` (by ${v.at})` : ""}`;
  const head =
    v.pausedUntil !== null && v.pausedUntil > v.now
      ? `Waiting: the API asked for a pause of ${Math.ceil((v.pausedUntil - v.now) / 1000)} s; ${queued}, ${eta}`
      : `Waiting for quota: ${queued}, ${eta}`;
  // Formula cells use the spreadsheet owner's key, so only the owner's sidebar can fill them.
  if (!v.filled) return `${head}; ${OWNER_OPENS} ${SETTINGS_PATH} to fill them`;
  if (v.rerunsUntil)
    return `Waiting for quota: ${queued}; ${RERUNS_USED}: they go on after ${v.rerunsUntil}, or now with ${REFRESH_ERRORS_PATH}`;
  if (v.beyond === "hourly")
    return `Waiting for quota: ${queued}; ${HOURLY_RUN} (Google runs it at most once an hour), or now at anyone's edit of this spreadsheet or while the owner has ${SETTINGS_PATH} open`;
  return v.beyond === "edit"
    ? `Waiting for quota: ${queued}, ${TRIGGERS_MAY_STOP}: they go on at anyone's next edit of this spreadsheet or while the owner has ${SETTINGS_PATH} open`
    : head;
}

/**
 * True for a waiting text that names a time a trigger run is expected to keep (not one that
 * says who goes on): at the end of the last trigger run such a cell is run once more.
 */
export function isTimedWaitingText(text: unknown): boolean {
  return (
    isWaitingText(text) &&
    ![TRIGGERS_MAY_STOP, OWNER_OPENS, HOURLY_RUN, RERUNS_USED].some((t) => String(text).includes(t))
  );
}

/** True for a waiting text that says the add-on's hourly run goes on with it. */
export function isHourlyWaitingText(text: unknown): boolean {
  return isWaitingText(text) && String(text).includes(HOURLY_RUN);
}

/** True when a cell's text says it waits (to find waiting cells in a sheet). */
export function isWaitingText(text: unknown): boolean {
  return typeof text === "string" && WAITING_PREFIXES.some((p) => text.startsWith(p));
}

/**
 * A formula cell with no key. Custom functions read the spreadsheet OWNER's user properties,
 * so an editor's own key does not help them: the text says whose key it is and who can save
 * it; a file on a shared drive has no owner, so there only the sidebar's imports (which run
 * with the key of whoever opens the sidebar) can answer.
 */
export const CELL_NO_KEY_MESSAGE = `No API key: formula cells use the spreadsheet owner's key; the owner saves it in ${SETTINGS_PATH} (shared drive: no owner, use Import)`;
