/**
 * The sidebar service's ports in Google Sheets (src/sidebar/ports.ts) over Apps Script: the
 * API through the Sheets session (cache, shared quota, breaker), saved imports in document
 * properties (definitions only, never the key), imports staged in hidden sheets, managed
 * tables and their records, jobs' checkpoints in the hidden "~mkt jobs" sheet. One set per
 * spreadsheet: the open one (a sidebar call) or one a trigger's run opened by id.
 */
import type { Program } from "../../../core/effects";
import { messageOf as plainMessage } from "../../../core/errors";
import { utf8Length } from "../../../core/hash";
import type { CellInput, CellResult } from "../../../functions/cells";
import type { TimeText } from "../../../imports/table";
import type { SidebarPorts } from "../../../sidebar/ports";
import { parseSavedImports } from "../../../sidebar/savedImports";
import { keyPrefixOf } from "../../../ui/keyForm";
import type { FormatDate } from "../cells/sheetDates";
import { RefreshRegistry } from "../refresh/refreshRegistry";
import { sheetFormulaCells } from "../sheet/sheetFreeze";
import { sheetJobs } from "../sheet/sheetJobs";
import { sheetStage } from "../sheet/sheetStage";
import { sheetTables } from "../sheet/sheetTables";
import type { SbProperties, SbSpreadsheet, SbTriggers } from "../sheet/sheetTypes";
import type { LockLike } from "../stores/gas";
import { basisOf, UserSettingsStore } from "../stores/stores";
import { SHEETS_SHEET_NAMES } from "../../../sidebar/sheetNameLimit";

/** What the server functions need; defaults come from the Apps Script globals. */
export interface SidebarServerDeps {
  /** The open spreadsheet (throws in a time-driven run: there is none). */
  spreadsheet(): SbSpreadsheet;
  /** Another spreadsheet of this user by id (throws if deleted or no longer shared). */
  openSpreadsheet(id: string): SbSpreadsheet;
  /** The open document's properties (throws in a time-driven run). */
  documentProperties(): SbProperties;
  userProperties(): SbProperties;
  /** Run a body as the current user; `fresh`: past the cache; `job`: in a job's share. */
  runProgram<T>(
    program: Program<T>,
    options: { readonly fresh: boolean; readonly job?: boolean },
  ): T;
  /** Requests a job may send at once now (its share's free slots); absent: one at a time. */
  jobRoom?(): number;
  /** The lock jobs take their lease under (absent: tests with one runner). */
  lock?(): LockLike | null;
  /** SpreadsheetApp.flush: the writes made under the lock land before it is released. */
  flush?(): void;
  /** Run a catalog function once as the current user. */
  runFunction(name: string, args: CellInput[]): CellResult;
  /** What the seller reads about a failed call (Sheets: where to fix the key or URL). */
  explain?(error: unknown): string;
  triggers(): SbTriggers;
  now(): Date;
  /** Milliseconds since this execution started (for the time budgets). */
  elapsedMs(): number;
  /** Utilities.formatDate. */
  formatDate: FormatDate;
  /**
   * A job is left unfinished in `book`: ask the background clock to go on with it (fill/clock.ts)
   * and say when, for its table's stamp. Absent: it goes on when the sidebar is open again.
   */
  keepJobsGoing?(book: SbSpreadsheet): string;
}

/** Document property holding saved import definitions (the only import list of the add-on). */
export const DEFINITIONS_PROPERTY = "mkt.importDefinitions";
/** User property holding typed-in B seller / C shop ids (no secrets). */
export const TYPED_SHOPS_PROPERTY = "mkt.typedShops";
/** Document property: the sheets imports wrote, which later imports replace without asking. */
const IMPORTED_SHEETS_PROPERTY = "mkt.importedSheets";
/** A bulk call starts no new row after this: a row may take a minute, a call has six. */
export const BULK_CALL_BUDGET_MS = 4 * 60_000;

/** The ports of a spreadsheet; `unattended`: a trigger's run (its stamp says so). */
export function sheetsPorts(deps: SidebarServerDeps) {
  // Times in notes as the sheet shows them: in its own time zone.
  const sheetTime =
    (book: () => SbSpreadsheet): TimeText =>
    (iso) => {
      const zone = book().getSpreadsheetTimeZone();
      return `${deps.formatDate(new Date(iso), zone, "yyyy-MM-dd HH:mm")} (${zone})`;
    };
  /** Who refreshes: this Google account (Sheets gives no email without another scope). */
  const who = (unattended: boolean): string => {
    const key = new UserSettingsStore(deps.userProperties(), "").apiKey();
    const by = unattended ? "daily refresh of this Google account" : "this Google account";
    return key ? `${by}, key ${keyPrefixOf(key)}` : by;
  };
  return (book: () => SbSpreadsheet, unattended = false): SidebarPorts => ({
    api: {
      run: (program, how) =>
        deps.runProgram(program, { fresh: how?.fresh === true, job: how?.job === true }),
      ...(deps.jobRoom ? { jobRoom: () => deps.jobRoom?.() ?? 0 } : {}),
      answer: (name, args) => deps.runFunction(name, args),
      explain: (e) => deps.explain?.(e) ?? plainMessage(e),
    },
    savedImports: {
      read: () => deps.documentProperties().getProperty(DEFINITIONS_PROPERTY),
      write(text) {
        // PropertiesService counts UTF-8 bytes (a Thai sheet name is 3 bytes a character).
        if (utf8Length(text) > 9000)
          throw new Error("Too many saved imports for this document: delete some");
        deps.documentProperties().setProperty(DEFINITIONS_PROPERTY, text);
        // The daily run cannot read document properties: keep this user's copy in step.
        new RefreshRegistry(deps.userProperties()).syncDefinitions(
          deps.spreadsheet().getId(),
          parseSavedImports(text),
        );
      },
    },
    typedShops: {
      read: () => deps.userProperties().getProperty(TYPED_SHOPS_PROPERTY),
      write: (text) => void deps.userProperties().setProperty(TYPED_SHOPS_PROPERTY, text),
    },
    // A trigger's run has no document properties (a clock run finishing the sidebar's
    // import): nothing to keep there, as a sheet's note is Sheets' own mark of an import's
    // sheet (sheetStage.ts dataIn) and this list only stands in where a host has none.
    importedSheets: unattended
      ? { read: () => null, write: () => undefined }
      : {
          read: () => deps.documentProperties().getProperty(IMPORTED_SHEETS_PROPERTY),
          write: (text) =>
            void deps.documentProperties().setProperty(IMPORTED_SHEETS_PROPERTY, text),
        },
    stage: sheetStage(book, sheetTime(book)),
    tables: sheetTables(book, sheetTime(book)),
    jobs: sheetJobs(
      book,
      () => deps.lock?.() ?? null,
      () => deps.flush?.(),
    ),
    formulaCells: sheetFormulaCells(book, sheetTables(book, sheetTime(book))),
    stamp: (iso) => ({ when: sheetTime(book)(iso), who: who(unattended) }),
    basis: () => basisOf(deps.userProperties()),
    now: () => deps.now().getTime(),
    moreTime: () => deps.elapsedMs() <= BULK_CALL_BUDGET_MS,
    sheetNameLimit: SHEETS_SHEET_NAMES,
    ...(deps.keepJobsGoing ? { jobsContinue: () => deps.keepJobsGoing?.(book()) ?? "" } : {}),
  });
}
