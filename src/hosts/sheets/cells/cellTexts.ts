/**
 * What a formula cell shows while it cannot answer yet. Each text says what is happening and,
 * where the seller can do something in Sheets, what: never "recalculate" (Sheets re-runs a
 * custom function only when its formula or inputs change, so that would be a broken promise).
 */
import { SETTINGS_PATH } from "./session";

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
   * Set when the work is more than the triggers Apps Script is known to start will fill (a
   * clock trigger's run could not make the next one): the rest waits for an edit or the sidebar.
   */
  readonly beyondTriggers?: boolean;
  readonly now: number;
}

/**
 * What a waiting cell says when no trigger Apps Script is known to start will reach it: who can
 * go on (the filler finds these cells by it and leaves them be at the end of a trigger run).
 */
const OWNER_OPENS = "the spreadsheet's owner opens";
const TRIGGERS_MAY_STOP = "the add-on's triggers may stop before them";

/** "Waiting for quota: 140 cells queued, about 3 min" (and how they get filled, if nothing will). */
export function waitingText(v: WaitingView): string {
  const queued = `${v.cells} cell${v.cells === 1 ? "" : "s"} queued`;
  const head =
    v.pausedUntil !== null && v.pausedUntil > v.now
      ? `Waiting: the API asked for a pause of ${Math.ceil((v.pausedUntil - v.now) / 1000)} s; ${queued}, ${minutes(v.etaMs)}`
      : `Waiting for quota: ${queued}, ${minutes(v.etaMs)}`;
  // Formula cells use the spreadsheet owner's key, so only the owner's sidebar can fill them.
  if (!v.filled) return `${head}; ${OWNER_OPENS} ${SETTINGS_PATH} to fill them`;
  return v.beyondTriggers
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
    !String(text).includes(TRIGGERS_MAY_STOP) &&
    !String(text).includes(OWNER_OPENS)
  );
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
