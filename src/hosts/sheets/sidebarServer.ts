/**
 * Server functions the Sheets sidebar calls for imports and bulk work. Long imports are
 * driven from the sidebar page by page (each call well under Apps Script's 6 minutes): the
 * sidebar carries the import's state between calls, every page is appended to a hidden
 * staging sheet, and only `sidebarImportCommit` touches the target sheet, with one setValues
 * per 500-row chunk. A failure or cancel deletes the staging sheet and leaves the target as
 * it was. Saved definitions live in document properties (definitions only, never the key).
 *
 * Daily refresh: an editor add-on's time-driven trigger is the user's, not a document's (it
 * fires with no active spreadsheet and no document properties), so the user's registry
 * (refreshRegistry.ts) lists the spreadsheets to refresh with a copy of their definitions;
 * one trigger per user runs them all, opening each with SpreadsheetApp.openById.
 */
import { parseRangeAddress } from "../../imports/rangeAddress";
import { call } from "../../core/effects";
import type { Cell, CellInput, CellResult } from "../../functions/cells";
import { functionByName } from "../../functions/index";
import type { BulkJob } from "../../imports/bulk";
import { answerRow, bulkFunction, bulkRowArgs, rowError } from "../../imports/bulk";
import { WRITE_CHUNK_ROWS, chunkRows, sheetsCell } from "../../imports/cellText";
import type { ImportDefinition } from "../../imports/definitions";
import { definitionProblem } from "../../imports/definitions";
import type { ImportState } from "../../imports/plan";
import { firstState, headerRow, importTitle, readStep, stepCall } from "../../imports/plan";
import { NUMBER_FORMATS, importNote } from "../../imports/table";
import { runProgram, userSettings } from "./session";
import { basisOf } from "./stores";
import { addSavedImport, parseSavedImports, removeSavedImport } from "../../ui/savedImports";
import { MAX_OPEN_MISSES, RefreshRegistry, type LastRun } from "./refreshRegistry";
import type { FormatDate } from "./sheetDates";
import { utf8Length } from "../../core/hash";

// ---- the slice of Apps Script used here (structural, so tests pass small fakes)

export interface SbRange {
  setValues(values: unknown[][]): SbRange;
  getValues(): unknown[][];
  setNumberFormats(formats: string[][]): SbRange;
  setNote(note: string): SbRange;
  setFormula(formula: string): SbRange;
  getA1Notation(): string;
  getRow(): number;
  getColumn(): number;
  getNumRows(): number;
  getNumColumns(): number;
}

export interface SbSheet {
  getName(): string;
  getRange(row: number, column: number, numRows: number, numColumns: number): SbRange;
  getLastRow(): number;
  getLastColumn(): number;
  clearContents(): SbSheet;
  clearNotes?(): SbSheet;
  setFrozenRows(rows: number): void;
  hideSheet(): SbSheet;
}

export interface SbSpreadsheet {
  getId(): string;
  getName(): string;
  getSheetByName(name: string): SbSheet | null;
  insertSheet(name: string): SbSheet;
  deleteSheet(sheet: SbSheet): void;
  getActiveRange(): SbRange | null;
  getActiveSheet(): SbSheet;
  /** The sheet's time zone, which its date cells are in. */
  getSpreadsheetTimeZone(): string;
}

export interface SbProperties {
  getProperty(key: string): string | null;
  setProperty(key: string, value: string): unknown;
  deleteProperty(key: string): unknown;
}

export interface SbTriggers {
  /** Handler names of this user's triggers of this add-on, in every document. */
  handlers(): string[];
  createDaily(handler: string): void;
  deleteAll(handler: string): void;
}

/** What the server functions need; defaults come from the Apps Script globals. */
export interface SidebarServerDeps {
  /** The open spreadsheet (throws in a time-driven run: there is none). */
  spreadsheet(): SbSpreadsheet;
  /** Another spreadsheet of this user by id (throws if deleted or no longer shared). */
  openSpreadsheet(id: string): SbSpreadsheet;
  /** The open document's properties (throws in a time-driven run). */
  documentProperties(): SbProperties;
  userProperties(): SbProperties;
  /** One API call's data as the current user, fresh (no cache). */
  runCall(endpoint: string, params: Readonly<Record<string, unknown>>): unknown;
  /** Run a catalog function once as the current user. */
  runFunction(name: string, args: CellInput[]): CellResult;
  triggers(): SbTriggers;
  now(): Date;
  /** Milliseconds since this execution started (for the daily refresh's time budget). */
  elapsedMs(): number;
  /** Utilities.formatDate. */
  formatDate: FormatDate;
}

/** Document property holding saved import definitions (the only import list of the add-on). */
export const DEFINITIONS_PROPERTY = "mkt.importDefinitions";
/** User property holding typed-in B seller / C shop ids (no secrets). */
export const TYPED_SHOPS_PROPERTY = "mkt.typedShops";
/** The daily trigger's handler: a top-level wrapper of this name must exist. */
export const DAILY_REFRESH_HANDLER = "sidebarRefreshAllImports";

const STAGING_PREFIX = "~import ";
/** A refresh stops starting new imports after this (Apps Script allows 6 min). */
const DAILY_BUDGET_MS = 4.5 * 60_000;
/** A bulk call starts no new row after this: a row may take a minute, a call has six. */
export const BULK_CALL_BUDGET_MS = 4 * 60_000;

/** Values the sidebar can receive (google.script.run refuses Date objects). */
type PlainCell = string | number | boolean;
const plain = (c: unknown): PlainCell =>
  c instanceof Date
    ? c.toISOString()
    : typeof c === "number" || typeof c === "boolean"
      ? c
      : String(c ?? "");

/** How many imports a refresh brought up to date, and what went wrong. */
export interface RefreshOutcome {
  refreshed: number;
  failed: string[];
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

/**
 * Does an openById failure say the document is gone (deleted, or no longer shared with this
 * user)? For a missing id Google says "Unexpected error while getting the method or property
 * openById on object SpreadsheetApp."; other failures count as misses (MAX_OPEN_MISSES).
 */
const looksGone = (message: string): boolean =>
  /missing|deleted|not found|permission to access|openById on object SpreadsheetApp/i.test(message);

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** The sidebar server functions over explicit dependencies. */
export function createSidebarServer(deps: SidebarServerDeps) {
  const staging = (token: string): string => `${STAGING_PREFIX}${token}`;
  const stagingSheet = (book: SbSpreadsheet, token: string): SbSheet => {
    const sheet = book.getSheetByName(staging(token));
    if (!sheet) throw new Error("This import's staging sheet is gone: start the import again");
    return sheet;
  };
  const checkToken = (token: string): void => {
    if (!/^[a-z0-9]{6,32}$/.test(token)) throw new Error("Bad import token");
  };
  const registry = (): RefreshRegistry => new RefreshRegistry(deps.userProperties());
  const definitions = (): ImportDefinition[] =>
    parseSavedImports(deps.documentProperties().getProperty(DEFINITIONS_PROPERTY));
  const storeDefinitions = (list: ImportDefinition[]): ImportDefinition[] => {
    const text = JSON.stringify(list);
    // PropertiesService counts UTF-8 bytes (a Thai sheet name is 3 bytes a character).
    if (utf8Length(text) > 9000)
      throw new Error("Too many saved imports for this document: delete some");
    deps.documentProperties().setProperty(DEFINITIONS_PROPERTY, text);
    // The daily run cannot read document properties: keep this user's copy in step.
    registry().syncDefinitions(deps.spreadsheet().getId(), list);
    return list;
  };

  // ---- one import in a given spreadsheet (the open one, or one the daily run opened)

  const begin = (book: SbSpreadsheet, def: ImportDefinition) => {
    const problem = definitionProblem(def);
    if (problem) throw new Error(problem);
    const token = `${deps.now().getTime().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    const old = book.getSheetByName(staging(token));
    if (old) book.deleteSheet(old);
    book.insertSheet(staging(token)).hideSheet();
    return { token, state: firstState(def) };
  };

  const page = (book: SbSpreadsheet, token: string, def: ImportDefinition, state: ImportState) => {
    checkToken(token);
    const sheet = stagingSheet(book, token);
    const c = stepCall(def, state, basisOf(deps.userProperties()));
    const outcome = readStep(def, state, deps.runCall(c.endpoint, c.params));
    let row = state.rowsSoFar + 2; // row 1 is the header
    const width = Math.max(1, outcome.state.columns?.length ?? 1);
    if (state.pagesDone === 0) {
      sheet.getRange(1, 1, 1, width).setValues([headerRow(outcome.state).map(sheetsCell)]);
    }
    for (const chunk of chunkRows(outcome.rows, WRITE_CHUNK_ROWS)) {
      sheet.getRange(row, 1, chunk.length, width).setValues(chunk.map((r) => r.map(sheetsCell)));
      row += chunk.length;
    }
    return { state: outcome.state };
  };

  const commit = (
    book: SbSpreadsheet,
    token: string,
    def: ImportDefinition,
    state: ImportState,
  ) => {
    checkToken(token);
    if (!state.done) throw new Error("The import has not finished: nothing was changed");
    const source = stagingSheet(book, token);
    const columns = state.columns ?? [];
    const width = Math.max(1, columns.length);
    const total = state.rowsSoFar + 1;
    const values = total > 0 ? source.getRange(1, 1, total, width).getValues() : [];
    const target = book.getSheetByName(def.sheetName) ?? book.insertSheet(def.sheetName);
    target.clearContents();
    target.clearNotes?.();
    let row = 1;
    // getValues gives typed values back: escape again so text stays text in the target.
    for (const chunk of chunkRows(values, WRITE_CHUNK_ROWS)) {
      target
        .getRange(row, 1, chunk.length, width)
        .setValues(chunk.map((r) => r.map((v) => sheetsCell(v as Cell))));
      row += chunk.length;
    }
    if (state.rowsSoFar > 0) {
      const formats = columns.map((col) => NUMBER_FORMATS[col.format]);
      target
        .getRange(2, 1, state.rowsSoFar, width)
        .setNumberFormats(Array.from({ length: state.rowsSoFar }, () => formats));
    }
    target.setFrozenRows(1);
    const importedAt = deps.now().toISOString();
    const note = importNote(
      {
        dataFreshAt: state.dataFreshAt,
        importedAt,
        title: importTitle(def, basisOf(deps.userProperties())),
      },
      state.rowsSoFar,
    );
    target.getRange(1, 1, 1, 1).setNote(note);
    book.deleteSheet(source);
    return {
      sheetName: def.sheetName,
      rows: state.rowsSoFar,
      dataFreshAt: state.dataFreshAt,
      importedAt,
    };
  };

  const abort = (book: SbSpreadsheet, token: string): void => {
    checkToken(token);
    const sheet = book.getSheetByName(staging(token));
    if (sheet) book.deleteSheet(sheet);
  };

  /** Every definition staged and committed in `book`, one at a time, within the time budget. */
  const refreshBook = (
    book: SbSpreadsheet,
    defs: readonly ImportDefinition[],
    label: string,
  ): RefreshOutcome => {
    let refreshed = 0;
    const failed: string[] = [];
    for (const def of defs) {
      if (deps.elapsedMs() > DAILY_BUDGET_MS) {
        failed.push(`${label}${def.sheetName}: skipped (out of time)`);
        continue;
      }
      let token = "";
      try {
        const begun = begin(book, def);
        token = begun.token;
        let state = begun.state;
        while (!state.done) state = page(book, token, def, state).state;
        commit(book, token, def, state);
        refreshed++;
      } catch (e) {
        if (token) abort(book, token);
        failed.push(`${label}${def.sheetName}: ${messageOf(e)}`);
      }
    }
    return { refreshed, failed };
  };

  // ---- the one daily trigger of this user

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

  const server = {
    /** Start an import: a fresh hidden staging sheet; returns its token and the first state. */
    sidebarImportBegin(def: ImportDefinition): { token: string; state: ImportState } {
      return begin(deps.spreadsheet(), def);
    },

    /** Fetch the next page and append it to the staging sheet (one setValues per chunk). */
    sidebarImportPage(
      token: string,
      def: ImportDefinition,
      state: ImportState,
    ): { state: ImportState } {
      return page(deps.spreadsheet(), token, def, state);
    },

    /** Swap the staged table into the target sheet, then delete the staging sheet. */
    sidebarImportCommit(
      token: string,
      def: ImportDefinition,
      state: ImportState,
    ): { sheetName: string; rows: number; dataFreshAt: string | null; importedAt: string } {
      return commit(deps.spreadsheet(), token, def, state);
    },

    /** Drop a staged import (failure or cancel); the target sheet was never touched. */
    sidebarImportAbort(token: string): { ok: true } {
      abort(deps.spreadsheet(), token);
      return { ok: true };
    },

    sidebarListImports: (): ImportDefinition[] => definitions(),
    sidebarSaveImport: (def: ImportDefinition): ImportDefinition[] => {
      const problem = definitionProblem(def);
      if (problem) throw new Error(problem);
      return storeDefinitions(addSavedImport(definitions(), def));
    },
    sidebarDeleteImport: (id: string): ImportDefinition[] =>
      storeDefinitions(removeSavedImport(definitions(), id)),

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
        reg.enable(book.getId(), book.getName(), definitions());
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
        reg.enable(book.getId(), book.getName(), definitions());
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
      return server.sidebarGetAutoRefresh();
    },

    /** Menu > Refresh imports: this document's saved imports, each staged and committed. */
    sidebarRefreshThisDocument(): RefreshOutcome {
      return refreshBook(deps.spreadsheet(), definitions(), "");
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
        reg.update({ ...doc, name, last: deps.now().getTime(), misses: 0 });
      }
      dropTriggerIfUnused();
      reg.saveLastRun({
        at: deps.now().toISOString(),
        refreshed,
        notes: [...dropped, ...failed],
      });
      return { refreshed, failed, dropped };
    },

    /** The selected input table (dates as ISO text: the sidebar cannot receive Date). */
    sidebarReadSelection(): { address: string; values: PlainCell[][] } {
      const book = deps.spreadsheet();
      const range = book.getActiveRange();
      if (!range) throw new Error("Select the input table first");
      // A date cell is midnight in the sheet's time zone: send the day the seller sees, not
      // the UTC instant (toISOString), which is the day before east of Greenwich.
      const zone = book.getSpreadsheetTimeZone();
      const cellText = (c: unknown): PlainCell => {
        if (!(c instanceof Date) || Number.isNaN(c.getTime())) return plain(c);
        const text = deps.formatDate(c, zone, "yyyy-MM-dd HH:mm:ss");
        return text.endsWith(" 00:00:00") ? text.slice(0, 10) : text;
      };
      return {
        address: `${book.getActiveSheet().getName()}!${range.getA1Notation()}`,
        values: range.getValues().map((r) => r.map(cellText)),
      };
    },

    /** Answer some input rows (the sidebar sends a few at a time, with progress in between). */
    /**
     * Answer rows in order; past BULK_CALL_BUDGET_MS no new row starts (a row may take up to a
     * minute and a call has six), so the answers may cover only the first rows: the sidebar
     * sends the rest in its next call.
     */
    sidebarBulkRows(job: BulkJob, rows: PlainCell[][]): PlainCell[][] {
      const fn = bulkFunction(job);
      const answers: PlainCell[][] = [];
      for (const row of rows) {
        if (answers.length > 0 && deps.elapsedMs() > BULK_CALL_BUDGET_MS) break;
        if (row.every((c) => c === "")) {
          answers.push([""]);
          continue;
        }
        try {
          answers.push(
            answerRow(deps.runFunction(fn.name, bulkRowArgs(job, row))).cells.map(plain),
          );
        } catch (e) {
          answers.push([rowError(e)]);
        }
      }
      return answers;
    },

    /** Write answers to the right of the current selection, one setValues per chunk. */
    sidebarWriteBeside(values: PlainCell[][], readFrom?: string): { address: string } {
      const book = deps.spreadsheet();
      // Beside the cells that were read (a long run outlasts the seller's clicks), else the selection.
      const target = readFrom ? besideAddress(book, readFrom) : besideSelection(book);
      const { sheet, top, column } = target;
      const width = Math.max(1, ...values.map((r) => r.length));
      let row = top;
      for (const chunk of chunkRows(values, WRITE_CHUNK_ROWS)) {
        const padded = chunk.map((r) =>
          [...r, ...new Array<PlainCell>(width - r.length).fill("")].map(sheetsCell),
        );
        sheet.getRange(row, column, chunk.length, width).setValues(padded);
        row += chunk.length;
      }
      const all = sheet.getRange(top, column, Math.max(1, values.length), width);
      return { address: `${sheet.getName()}!${all.getA1Notation()}` };
    },

    /** Put a catalog formula into the active cell. */
    sidebarInsertFormula(formula: string): { address: string } {
      const m = /^=([A-Z0-9_]+)\(/.exec(formula);
      if (!m || !functionByName(m[1] ?? ""))
        throw new Error("Only the add-on's own functions can be inserted");
      const book = deps.spreadsheet();
      const range = book.getActiveRange();
      if (!range) throw new Error("Select a cell first");
      const cell = book.getActiveSheet().getRange(range.getRow(), range.getColumn(), 1, 1);
      cell.setFormula(formula);
      return { address: `${book.getActiveSheet().getName()}!${cell.getA1Notation()}` };
    },

    /** Typed-in B seller / C shop ids (per user). */
    sidebarTypedShops(): unknown[] {
      try {
        const list: unknown = JSON.parse(
          deps.userProperties().getProperty(TYPED_SHOPS_PROPERTY) ?? "[]",
        );
        return Array.isArray(list) ? list : [];
      } catch {
        return [];
      }
    },
    sidebarRememberShop(shop: {
      marketplace: "A" | "B" | "C";
      id: string;
      region: string;
    }): unknown[] {
      const id = String(shop.id).trim();
      const region = String(shop.region).trim().toUpperCase();
      if (!/^\d+$/.test(id)) throw new Error("A shop or seller id is a whole number");
      if (!/^[A-Z]{2}$/.test(region)) throw new Error("A region is two letters such as SG");
      const list = server
        .sidebarTypedShops()
        .filter((s) => !(isShop(s) && s.marketplace === shop.marketplace && s.id === id));
      list.push({
        marketplace: shop.marketplace,
        id,
        region,
        name: `${shop.marketplace} ${id} (typed in)`,
        typed: true,
      });
      deps.userProperties().setProperty(TYPED_SHOPS_PROPERTY, JSON.stringify(list));
      return list;
    },
  };
  return server;
}

/** Where answers go: the sheet, first row and first column (1-based) right of a range. */
interface BesideTarget {
  readonly sheet: SbSheet;
  readonly top: number;
  readonly column: number;
}

function besideAddress(book: SbSpreadsheet, address: string): BesideTarget {
  const box = parseRangeAddress(address);
  const sheet = book.getSheetByName(box.sheet);
  if (!sheet)
    throw new Error(`The sheet "${box.sheet}" the inputs came from is gone: nothing written`);
  return { sheet, top: box.r0 + 1, column: box.c1 + 2 };
}

function besideSelection(book: SbSpreadsheet): BesideTarget {
  const range = book.getActiveRange();
  if (!range) throw new Error("Select the input table first");
  return {
    sheet: book.getActiveSheet(),
    top: range.getRow(),
    column: range.getColumn() + range.getNumColumns(),
  };
}

function isShop(x: unknown): x is { marketplace: string; id: string } {
  return x !== null && typeof x === "object" && "id" in x && "marketplace" in x;
}

/** The server functions' names and types. */
export type SidebarServerFunctions = ReturnType<typeof createSidebarServer>;

// ---- Apps Script wiring

interface AppsScriptSlice {
  Utilities: { formatDate: FormatDate };
  SpreadsheetApp: {
    /** null in a time-driven run: the trigger belongs to the user, not to a document. */
    getActiveSpreadsheet(): SbSpreadsheet | null;
    /** Needs the spreadsheets scope (spreadsheets.currentonly does not allow it). */
    openById(id: string): SbSpreadsheet;
  };
  PropertiesService: {
    /** null where no document is open (a time-driven run). */
    getDocumentProperties(): SbProperties | null;
    getUserProperties(): SbProperties;
  };
  ScriptApp: {
    /**
     * This user's triggers of this add-on, whatever document they were made in. (Not
     * getUserTriggers(spreadsheet): it lists a document's own triggers, never time-driven ones.)
     */
    getProjectTriggers(): Array<{ getHandlerFunction(): string }>;
    deleteTrigger(t: unknown): void;
    newTrigger(handler: string): {
      timeBased(): { everyDays(n: number): { atHour(h: number): { create(): unknown } } };
    };
  };
}

const startedAt = Date.now();

/** Dependencies from the Apps Script globals and the Sheets host's session (fresh, 60 s budget). */
function appsScriptDeps(): SidebarServerDeps {
  const g = globalThis as unknown as AppsScriptSlice;
  const book = (): SbSpreadsheet => {
    const active = g.SpreadsheetApp.getActiveSpreadsheet();
    if (!active) throw new Error("No spreadsheet is open for this add-on run");
    return active;
  };
  const mine = () => g.ScriptApp.getProjectTriggers();
  return {
    spreadsheet: book,
    openSpreadsheet: (id) => g.SpreadsheetApp.openById(id),
    documentProperties: () => {
      const props = g.PropertiesService.getDocumentProperties();
      if (!props) throw new Error("No spreadsheet is open for this add-on run");
      return props;
    },
    userProperties: () => g.PropertiesService.getUserProperties(),
    runCall: (endpoint, params) =>
      runProgram(call(endpoint, params), { noCache: true, budgetMs: 60_000 }),
    runFunction: (name, args) => {
      const fn = functionByName(name);
      if (!fn) throw new Error(`Unknown function ${name}`);
      return runProgram(fn.program(args, userSettings().basis()), { budgetMs: 60_000 });
    },
    triggers: () => ({
      handlers: () => mine().map((t) => t.getHandlerFunction()),
      createDaily: (handler) =>
        void g.ScriptApp.newTrigger(handler).timeBased().everyDays(1).atHour(6).create(),
      deleteAll: (handler) => {
        for (const t of mine())
          if (t.getHandlerFunction() === handler) g.ScriptApp.deleteTrigger(t);
      },
    }),
    now: () => new Date(),
    elapsedMs: () => Date.now() - startedAt,
    formatDate: (date, zone, pattern) => g.Utilities.formatDate(date, zone, pattern),
  };
}

/**
 * The functions the sidebar reaches through google.script.run. Apps Script only finds
 * top-level functions, so the bundle's stub file needs one wrapper per name:
 * `function sidebarImportPage(a, b, c) { return MKT.SIDEBAR_SERVER_FUNCTIONS.sidebarImportPage(a, b, c); }`.
 */
export const SIDEBAR_SERVER_FUNCTIONS: SidebarServerFunctions = createSidebarServer({
  spreadsheet: () => appsScriptDeps().spreadsheet(),
  openSpreadsheet: (id) => appsScriptDeps().openSpreadsheet(id),
  documentProperties: () => appsScriptDeps().documentProperties(),
  userProperties: () => appsScriptDeps().userProperties(),
  runCall: (e, p) => appsScriptDeps().runCall(e, p),
  runFunction: (n, a) => appsScriptDeps().runFunction(n, a),
  triggers: () => appsScriptDeps().triggers(),
  now: () => new Date(),
  elapsedMs: () => Date.now() - startedAt,
  formatDate: (date, zone, pattern) => appsScriptDeps().formatDate(date, zone, pattern),
});

/** Every server function name (for the stub generator). */
export const SIDEBAR_SERVER_FUNCTION_NAMES: readonly string[] =
  Object.keys(SIDEBAR_SERVER_FUNCTIONS);

/**
 * Each server function's parameter names, for its top-level wrapper in Stubs.js. Typed on
 * the server's own keys, so adding a function without its entry fails to compile; a test
 * checks the counts against the functions' arity.
 */
export const SIDEBAR_SERVER_PARAMS: {
  readonly [K in keyof SidebarServerFunctions]: readonly string[];
} = {
  sidebarImportBegin: ["def"],
  sidebarImportPage: ["token", "def", "state"],
  sidebarImportCommit: ["token", "def", "state"],
  sidebarImportAbort: ["token"],
  sidebarListImports: [],
  sidebarSaveImport: ["def"],
  sidebarDeleteImport: ["id"],
  sidebarGetAutoRefresh: [],
  sidebarSetAutoRefresh: ["enabled"],
  sidebarRefreshThisDocument: [],
  sidebarRefreshAllImports: [],
  sidebarReadSelection: [],
  sidebarBulkRows: ["job", "rows"],
  sidebarWriteBeside: ["values", "readFrom"],
  sidebarInsertFormula: ["formula"],
  sidebarTypedShops: [],
  sidebarRememberShop: ["shop"],
};
