/**
 * Which clock goes on with background work once a trigger run ends, by deployment
 * (fill/README.md "Which deployment gets which clock"):
 * - a bound script (`ScriptApp.getInstallationSource()` NONE, "Script is not running as an
 *   add-on"): a one-off `after(60 s)` clock trigger, asked for by any run, clock runs too. It
 *   starts a minute or a few later, so one run hands over to the next (relay.ts): "minutes";
 * - an editor add-on (any other source): Google runs an add-on's time-driven triggers "at most
 *   once an hour", one of each type per user per document, made only from a run with that
 *   document open. One recurring `everyHours(1)` trigger for the document, made by the edit
 *   trigger's run (or the sidebar), goes on every hour until a clock run finds nothing left
 *   and deletes it: "hourly". No clock run has to make the next one, so it holds whether or
 *   not Apps Script lets a clock run make a trigger.
 * Where the source cannot be read the add-on behaves as a bound script, and a clock trigger
 * seen to start more than 10 minutes late (or refused) is recorded: no waiting text then
 * promises minutes past the run that fills now.
 *
 * The user property `mkt.fillChain` tells the cells (read with their settings, no extra
 * Properties call) what to promise: "1" continuations were seen to start on time, "h" the
 * hourly trigger goes on, "0" none (refused, late, or the one clock trigger allowed is
 * another's, such as the daily refresh's); absent: not known yet.
 */
import { gas, type SpreadsheetLike } from "../stores/gas";
import { ourTriggers } from "../stores/triggerList";

/** The clock trigger's handler (Stubs.js declares it): every background client's run. */
export const FILL_LATER = "fillWaitingCellsLater";

export type Deployment = "minutes" | "hourly";

const CHAIN_PROPERTY = "mkt.fillChain";
/** Spreadsheets the clock trigger's runs work in (a clock run has no document open). */
const DOCS_PROPERTY = "mkt.fillDocs";
/** When the one-off clock trigger now waiting was asked for (ms): its run measures how late. */
const ASKED_PROPERTY = "mkt.fillLaterAsked";
const LATER_MS = 60_000;
const LATE_MS = 10 * 60_000;

export type Chain = "minutes" | "hourly" | "none";

/** What the property says (absent: null). */
export function chainOf(text: string | null | undefined): Chain | null {
  return text === "1" ? "minutes" : text === "h" ? "hourly" : text === "0" ? "none" : null;
}

/** This deployment's clock, from its installation source (unreadable: a bound script's). */
export function deploymentClock(): Deployment {
  try {
    const app = gas().ScriptApp;
    return app.getInstallationSource() === app.InstallationSource.NONE ? "minutes" : "hourly";
  } catch {
    return "minutes";
  }
}

/** Record what the clock does (best effort: the texts then keep their last knowledge). */
export function recordChain(chain: Chain, was: string | null = null): void {
  const text = chain === "minutes" ? "1" : chain === "hourly" ? "h" : "0";
  if (was === text) return;
  try {
    gas().PropertiesService.getUserProperties().setProperty(CHAIN_PROPERTY, text);
  } catch {
    // Properties quota used up: nothing to do.
  }
}

export const CHAIN_KEY = CHAIN_PROPERTY;

/** Put these spreadsheets on the clock runs' list (one read, one write). */
export function listDocs(ids: readonly string[]): void {
  const props = gas().PropertiesService.getUserProperties();
  const docs = new Set((props.getProperty(DOCS_PROPERTY) ?? "").split(",").filter(Boolean));
  for (const id of ids) docs.add(id);
  props.setProperty(DOCS_PROPERTY, [...docs].slice(-20).join(","));
}

/** The listed spreadsheets, taken off the list (a run puts back those it leaves unfinished). */
export function takeListed(get: (key: string) => string | null): string[] {
  const ids = (get(DOCS_PROPERTY) ?? "").split(",").filter(Boolean);
  try {
    gas().PropertiesService.getUserProperties().deleteProperty(DOCS_PROPERTY);
  } catch {
    // Still listed: the next run looks at them again.
  }
  return ids;
}

/**
 * Ask for the next clock run for these spreadsheets (true: one is coming). "minutes": a
 * one-off trigger a minute away (any run may ask). "hourly": the document's recurring trigger,
 * made only where a document is open (`book`); a clock run finds it there already.
 */
export function askClock(
  deployment: Deployment,
  ids: readonly string[],
  book: SpreadsheetLike | null,
): boolean {
  try {
    listDocs(ids);
    const app = gas().ScriptApp;
    if (ourTriggers(app, book).some((t) => t.getHandlerFunction() === FILL_LATER)) return true;
    if (deployment === "hourly") {
      if (!book) return false;
      app.newTrigger(FILL_LATER).timeBased().everyHours(1).create();
      return true;
    }
    app.newTrigger(FILL_LATER).timeBased().after(LATER_MS).create();
    gas().PropertiesService.getUserProperties().setProperty(ASKED_PROPERTY, String(Date.now()));
    return true;
  } catch {
    // Another clock trigger of this add-on (the daily refresh) may hold the one allowed in this
    // document, or Apps Script refuses a clock trigger made from a clock trigger's run.
    return false;
  }
}

/** Delete this user's clock triggers of the background run (the one-off that fired, or the hourly one). */
export function dropClock(): void {
  const app = gas().ScriptApp;
  for (const t of ourTriggers(app, null))
    if (t.getHandlerFunction() === FILL_LATER)
      try {
        app.deleteTrigger(t);
      } catch {
        // Already gone.
      }
}

/** Did the one-off clock trigger now running start too late to keep minutes a text named? */
export function startedLate(get: (key: string) => string | null): boolean {
  const asked = Number(get(ASKED_PROPERTY) ?? NaN);
  return Date.now() - asked - LATER_MS > LATE_MS;
}
