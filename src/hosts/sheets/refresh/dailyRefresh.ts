/**
 * Daily refresh of saved imports. An editor add-on's time-driven trigger is the user's, not a
 * document's (it fires with no active spreadsheet and no document properties), so the user's
 * registry (refreshRegistry.ts) lists the spreadsheets to refresh with a copy of their
 * definitions; one trigger per user runs them all, opening each with SpreadsheetApp.openById.
 */
import { GOES_ON } from "./jobRuns";
import { messageOf } from "../../../core/errors";
import type { ImportDefinition } from "../../../imports/definitions";
import { MAX_OPEN_MISSES, RefreshRegistry, type LastRun } from "./refreshRegistry";
import type { SbProperties, SbSpreadsheet, SbTriggers } from "../sheet/sheetTypes";

/** The daily trigger's handler: a top-level wrapper of this name must exist. */
export const DAILY_REFRESH_HANDLER = "sidebarRefreshAllImports";

/** A refresh stops starting new imports, and steps, after this (Apps Script allows 6 min). */
const DAILY_BUDGET_MS = 4.5 * 60_000;

/** How many imports a refresh brought up to date, and what went wrong. */
export interface RefreshOutcome {
  refreshed: number;
  failed: string[];
  /** Cells changed by hand that a refresh left as they were (nobody was there to ask). */
  kept?: string[];
}

/** Daily refresh as the sidebar shows it for the open document. */
export interface AutoRefreshState {
  label: string;
  /** On for this document (for this user). */
  enabled: boolean;
  /** Documents this user has daily refresh on for. */
  documents: number;
  /** The last daily run's outcome, notes included (dropped documents, failures). */
  lastRun: LastRun | null;
}

export interface DailyRefreshDeps {
  spreadsheet(): SbSpreadsheet;
  openSpreadsheet(id: string): SbSpreadsheet;
  userProperties(): SbProperties;
  triggers(): SbTriggers;
  now(): Date;
  elapsedMs(): number;
  /** The open document's saved definitions. */
  definitions(): ImportDefinition[];
  /**
   * One import into `book` as a job, its steps until `deadlineMs` (throws with the seller's
   * message); returns what it left alone (cells changed by hand) or that it goes on at the
   * next run, or null.
   */
  importInto(book: SbSpreadsheet, def: ImportDefinition, deadlineMs: number): string | null;
}

/**
 * Does an openById failure say the document is gone (deleted, or no longer shared with this
 * user)? For a missing id Google says "Unexpected error while getting the method or property
 * openById on object SpreadsheetApp."; other failures count as misses (MAX_OPEN_MISSES).
 */
const looksGone = (message: string): boolean =>
  /missing|deleted|not found|permission to access|openById on object SpreadsheetApp/i.test(message);

/** The daily-refresh server functions. */
export function dailyRefresh(deps: DailyRefreshDeps) {
  const registry = (): RefreshRegistry => new RefreshRegistry(deps.userProperties());

  /** Every definition imported into `book`, one at a time, within the time budget. */
  const refreshBook = (
    book: SbSpreadsheet,
    defs: readonly ImportDefinition[],
    label: string,
  ): RefreshOutcome => {
    let refreshed = 0;
    const failed: string[] = [];
    const kept: string[] = [];
    for (const def of defs) {
      if (deps.elapsedMs() > DAILY_BUDGET_MS) {
        failed.push(`${label}${def.sheetName}: skipped (out of time)`);
        continue;
      }
      try {
        const deadline = deps.now().getTime() + DAILY_BUDGET_MS - deps.elapsedMs();
        const left = deps.importInto(book, def, deadline);
        if (left) kept.push(`${label}${def.sheetName}: ${left}`);
        // A refresh that goes on at the next run has written nothing yet: not counted.
        if (left !== GOES_ON) refreshed++;
      } catch (e) {
        failed.push(`${label}${def.sheetName}: ${messageOf(e)}`);
      }
    }
    return { refreshed, failed, kept };
  };

  const triggerCount = (): number =>
    deps
      .triggers()
      .handlers()
      .filter((h) => h === DAILY_REFRESH_HANDLER).length;
  const ensureTrigger = (): void => {
    const n = triggerCount();
    if (n === 1) return;
    const triggers = deps.triggers();
    if (n > 1) triggers.deleteAll(DAILY_REFRESH_HANDLER);
    triggers.createDaily(DAILY_REFRESH_HANDLER);
  };
  const dropTriggerIfUnused = (): void => {
    if (registry().documents().length === 0 && triggerCount() > 0)
      deps.triggers().deleteAll(DAILY_REFRESH_HANDLER);
  };

  const functions = {
    /**
     * Is daily refresh on for this document (for this user)? Read from the user's registry;
     * when on, the registry's copy of the definitions is brought up to date (another editor
     * may have changed them) and a missing trigger is put back.
     */
    sidebarGetAutoRefresh(): AutoRefreshState {
      const book = deps.spreadsheet();
      const reg = registry();
      const enabled = reg.has(book.getId());
      if (enabled) {
        reg.enable(book.getId(), book.getName(), deps.definitions());
        ensureTrigger();
      }
      return {
        label: "Refresh saved imports daily",
        enabled,
        documents: reg.documents().length,
        lastRun: reg.lastRun(),
      };
    },
    /** Turn daily refresh on or off for this document; one trigger serves all of them. */
    sidebarSetAutoRefresh(enabled: boolean): AutoRefreshState {
      const book = deps.spreadsheet();
      const reg = registry();
      if (enabled) {
        const wasOn = reg.has(book.getId());
        reg.enable(book.getId(), book.getName(), deps.definitions());
        try {
          ensureTrigger();
        } catch (e) {
          if (!wasOn) reg.disable(book.getId());
          throw new Error(`Could not set up the daily refresh: ${messageOf(e)}`);
        }
      } else {
        reg.disable(book.getId());
        dropTriggerIfUnused();
      }
      return functions.sidebarGetAutoRefresh();
    },

    /** Menu > Refresh imports: this document's saved imports, each staged and committed. */
    sidebarRefreshThisDocument(): RefreshOutcome {
      return refreshBook(deps.spreadsheet(), deps.definitions(), "");
    },

    /**
     * The daily trigger's handler. It runs with no open spreadsheet: every document in this
     * user's registry is opened by id and its copied definitions refreshed, least recently
     * refreshed first, within the time budget; one document failing does not stop the rest.
     * A document that is gone (deleted, unshared) is dropped from the registry with a note.
     */
    sidebarRefreshAllImports(): RefreshOutcome & { dropped: string[] } {
      const reg = registry();
      const docs = reg.documents().sort((a, b) => a.last - b.last);
      let refreshed = 0;
      const failed: string[] = [];
      const kept: string[] = [];
      const dropped: string[] = [];
      for (const doc of docs) {
        if (deps.elapsedMs() > DAILY_BUDGET_MS) {
          failed.push(`${doc.name}: skipped (out of time)`);
          continue;
        }
        let book: SbSpreadsheet;
        try {
          book = deps.openSpreadsheet(doc.id);
        } catch (e) {
          const message = messageOf(e);
          if (looksGone(message) || doc.misses + 1 >= MAX_OPEN_MISSES) {
            reg.disable(doc.id);
            dropped.push(
              `${doc.name}: dropped from daily refresh (could not open it: ${message}). Open it and turn daily refresh on again if it still exists.`,
            );
          } else {
            reg.update({ ...doc, misses: doc.misses + 1 });
            failed.push(`${doc.name}: could not open it (${message}); will try again tomorrow`);
          }
          continue;
        }
        const name = book.getName();
        const outcome = refreshBook(book, reg.definitions(doc.id), `${name} / `);
        refreshed += outcome.refreshed;
        failed.push(...outcome.failed);
        kept.push(...(outcome.kept ?? []));
        reg.update({ ...doc, name, last: deps.now().getTime(), misses: 0 });
      }
      dropTriggerIfUnused();
      reg.saveLastRun({
        at: deps.now().toISOString(),
        refreshed,
        notes: [...dropped, ...failed, ...kept],
      });
      return { refreshed, failed, kept, dropped };
    },
  };
  return functions;
}
