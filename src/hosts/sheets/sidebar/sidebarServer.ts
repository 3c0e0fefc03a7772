/**
 * Server functions the Sheets sidebar calls: the sidebar service (src/sidebar/service.ts)
 * over Apps Script ports, run blocking inside each google.script.run call, plus what only
 * Sheets has (daily refresh with its trigger, the selection and the answers beside it). Long
 * imports are driven from the sidebar page by page (each call well under Apps Script's 6
 * minutes); every page is appended to a hidden staging sheet (sheetStage.ts) and only the
 * commit touches the target sheet. Saved definitions live in document properties
 * (definitions only, never the key).
 */
import { counted } from "../../../core/counted";
import type { Program } from "../../../core/effects";
import { messageOf as plainMessage } from "../../../core/errors";
import { utf8Length } from "../../../core/hash";
import type { Cell, CellInput, CellResult } from "../../../functions/cells";
import { functionByName } from "../../../functions/index";
import { parseRangeAddress, type RangeBox } from "../../../imports/rangeAddress";
import { runOpSync, syncService } from "../../../sidebar/op";
import type { SidebarPorts } from "../../../sidebar/ports";
import { parseSavedImports } from "../../../sidebar/savedImports";
import type { PlacedFormula } from "../../../sidebar/formulaPlace";
import { createSidebarService, importWhole } from "../../../sidebar/service";
import type { ImportResult, PlainCell } from "../../../sidebar/views";
import { dailyRefresh } from "../refresh/dailyRefresh";
import { RefreshRegistry } from "../refresh/refreshRegistry";
import { messageOf, runProgram, userSettings } from "../cells/session";
import { basisOf, UserSettingsStore } from "../stores/stores";
import type { FormatDate } from "../cells/sheetDates";
import { sheetStage } from "../sheet/sheetStage";
import { writeCells } from "../sheet/sheetWrite";
import { ourTriggers } from "../stores/triggerList";
import { formatFormulaCells } from "../fill/formatCells";
import { sheetTables } from "../sheet/sheetTables";
import { sheetJobs } from "../sheet/sheetJobs";
import type { LockLike } from "../stores/gas";
import { sheetFormulaCells } from "../sheet/sheetFreeze";
import { keyPrefixOf } from "../../../ui/keyForm";
import type { TimeText } from "../../../imports/table";
import { insertSheetChart } from "../sheet/sheetCharts";
import type { ChartPlan } from "../../../ui/charts/chartPlan";
import type {
  SbProperties,
  SbRange,
  SbSheet,
  SbSpreadsheet,
  SbTriggers,
} from "../sheet/sheetTypes";

export type {
  SbProperties,
  SbRange,
  SbSheet,
  SbSpreadsheet,
  SbTriggers,
} from "../sheet/sheetTypes";
export { DAILY_REFRESH_HANDLER } from "../refresh/dailyRefresh";

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
  /** The lock jobs take their lease under (absent: tests with one runner). */
  lock?(): LockLike | null;
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
}

/** Document property holding saved import definitions (the only import list of the add-on). */
export const DEFINITIONS_PROPERTY = "mkt.importDefinitions";
/** User property holding typed-in B seller / C shop ids (no secrets). */
export const TYPED_SHOPS_PROPERTY = "mkt.typedShops";
/** Document property: the sheets imports wrote, which later imports replace without asking. */
const IMPORTED_SHEETS_PROPERTY = "mkt.importedSheets";
/** A bulk call starts no new row after this: a row may take a minute, a call has six. */
export const BULK_CALL_BUDGET_MS = 4 * 60_000;

/** A cell the sidebar can receive (google.script.run refuses Date objects). */
const plain = (c: unknown): PlainCell =>
  c instanceof Date
    ? c.toISOString()
    : typeof c === "number" || typeof c === "boolean"
      ? c
      : String(c ?? "");

/** Each member of `o` under the name `sidebar` + Name, as the sidebar calls it. */
type Named<S> = { [K in keyof S & string as `sidebar${Capitalize<K>}`]: S[K] };
function named<S extends object>(o: S): Named<S> {
  const entries = Object.entries(o).map(([k, v]) => [
    `sidebar${k[0]?.toUpperCase()}${k.slice(1)}`,
    v,
  ]);
  return Object.fromEntries(entries) as Named<S>;
}

/** What an unattended refresh left as the seller typed it, for the run's notes. */
function keptNote(result: ImportResult): string | null {
  const cells = result.edited ?? [];
  if (cells.length === 0) return null;
  const named = cells
    .slice(0, 10)
    .map((e) => e.cell)
    .join(", ");
  const more = cells.length > 10 ? ` and ${cells.length - 10} more` : "";
  return `kept ${counted(cells.length, "cell")} you changed by hand (${named}${more}); refresh from the sidebar to choose`;
}

/** The sidebar server functions over explicit dependencies. */
export function createSidebarServer(deps: SidebarServerDeps) {
  const definitions = () =>
    parseSavedImports(deps.documentProperties().getProperty(DEFINITIONS_PROPERTY));
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
  const ports = (book: () => SbSpreadsheet, unattended = false): SidebarPorts => ({
    api: {
      run: (program, how) =>
        deps.runProgram(program, { fresh: how?.fresh === true, job: how?.job === true }),
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
    importedSheets: {
      read: () => deps.documentProperties().getProperty(IMPORTED_SHEETS_PROPERTY),
      write: (text) => void deps.documentProperties().setProperty(IMPORTED_SHEETS_PROPERTY, text),
    },
    stage: sheetStage(book, sheetTime(book)),
    tables: sheetTables(book, sheetTime(book)),
    jobs: sheetJobs(book, () => deps.lock?.() ?? null),
    formulaCells: sheetFormulaCells(book, sheetTables(book, sheetTime(book))),
    stamp: (iso) => ({ when: sheetTime(book)(iso), who: who(unattended) }),
    basis: () => basisOf(deps.userProperties()),
    now: () => deps.now().getTime(),
    moreTime: () => deps.elapsedMs() <= BULK_CALL_BUDGET_MS,
  });
  const service = createSidebarService(ports(() => deps.spreadsheet()));
  const daily = dailyRefresh({
    ...deps,
    definitions,
    importInto: (book, def) =>
      keptNote(runOpSync(importWhole(createSidebarService(ports(() => book, true)), def))),
  });

  const server = {
    ...named(syncService(service)),
    ...daily,

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

    /**
     * The rows of a range (an A1 address) from column A to the sheet's last column, as
     * markers: 1 where a cell holds something, "" where empty (where answers may go).
     */
    sidebarRowsOf(address: string): (1 | "")[][] {
      const { sheet, box } = sheetOf(deps.spreadsheet(), address);
      const width = sheet.getLastColumn();
      if (width < 1) return [];
      const rows = sheet.getRange(box.r0 + 1, 1, box.r1 - box.r0 + 1, width).getValues();
      return rows.map((r) => r.map((c) => (c === "" || c === null ? "" : 1)));
    },

    /**
     * Write answers with their top-left cell at `at` (an A1 address), one setValues per chunk;
     * text answers as Plain text, figures in `formats` (money, %), other numbers in the
     * formats their cells already have.
     */
    sidebarWriteAt(values: Cell[][], at: string, formats?: string[][]): { address: string } {
      const { sheet, box } = sheetOf(deps.spreadsheet(), at);
      const [top, column] = [box.r0 + 1, box.c0 + 1];
      const width = Math.max(1, ...values.map((r) => r.length));
      writeCells(sheet, top, column, width, values, undefined, formats);
      const all = sheet.getRange(top, column, Math.max(1, values.length), width);
      return { address: `${sheet.getName()}!${all.getA1Notation()}` };
    },

    /** Put a catalog formula into the active cell if empty, or at the cell the seller confirmed. */
    sidebarInsertFormula(formula: string, confirmedAt?: string): PlacedFormula {
      const m = /^=([A-Z0-9_]+)\(/.exec(formula);
      if (!m || !functionByName(m[1] ?? ""))
        throw new Error("Only the add-on's own functions can be inserted");
      const book = deps.spreadsheet();
      let sheet = book.getActiveSheet();
      let cell: SbRange;
      if (confirmedAt) {
        const at = sheetOf(book, confirmedAt);
        sheet = at.sheet;
        cell = sheet.getRange(at.box.r0 + 1, at.box.c0 + 1, 1, 1);
      } else {
        const range = book.getActiveRange();
        if (!range) throw new Error("Select a cell first");
        cell = sheet.getRange(range.getRow(), range.getColumn(), 1, 1);
      }
      const address = `${sheet.getName()}!${cell.getA1Notation()}`;
      // A formula cell showing "" reads empty here: getValues is all the slice has.
      if (!confirmedAt && cell.getValues()[0]?.[0] !== "") return { address, written: false };
      cell.setFormula(formula);
      try {
        // Its answer's formats (money, %), fetched once here: the cell answers from that cache.
        formatFormulaCells(book, sheet, [{ row: cell.getRow(), col: cell.getColumn() }], true);
      } catch {
        // No key yet, or no answer: the formula is in; its cell says what is wrong.
      }
      return { address, written: true };
    },

    /** A native chart of the table the sidebar planned it for (sheetCharts.ts). */
    sidebarInsertChart: (plan: ChartPlan) =>
      insertSheetChart(sheetOf(deps.spreadsheet(), plan.address).sheet, plan),
  };
  return server;
}

/** The sheet and cells of an A1 address; the sheet may have been deleted meanwhile. */
function sheetOf(book: SbSpreadsheet, address: string): { sheet: SbSheet; box: RangeBox } {
  const box = parseRangeAddress(address);
  const sheet = book.getSheetByName(box.sheet);
  if (!sheet) throw new Error(`The sheet "${box.sheet}" is gone: nothing written`);
  return { sheet, box };
}

/** The server functions' names and types: the Sheets sidebar's proxy is typed from it. */
export type SidebarServerFunctions = ReturnType<typeof createSidebarServer>;

// ---- Apps Script wiring

interface SbTrigger {
  getHandlerFunction(): string;
  getUniqueId(): string;
}

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
    /** This user's triggers of this add-on (with getUserTriggers: stores/triggerList.ts). */
    getProjectTriggers(): SbTrigger[];
    getUserTriggers(spreadsheet: SbSpreadsheet): SbTrigger[];
    deleteTrigger(t: unknown): void;
    newTrigger(handler: string): {
      timeBased(): { everyDays(n: number): { atHour(h: number): { create(): unknown } } };
    };
  };
}

/** The one Apps Script lock jobs use (the add-on's every lock is the script lock). */
interface AppsScriptLocks {
  LockService: { getScriptLock(): LockLike };
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
  const mine = () => ourTriggers(g.ScriptApp, g.SpreadsheetApp.getActiveSpreadsheet());
  return {
    spreadsheet: book,
    openSpreadsheet: (id) => g.SpreadsheetApp.openById(id),
    documentProperties: () => {
      const props = g.PropertiesService.getDocumentProperties();
      if (!props) throw new Error("No spreadsheet is open for this add-on run");
      return props;
    },
    userProperties: () => g.PropertiesService.getUserProperties(),
    runProgram: (program, how) =>
      runProgram(program, {
        budgetMs: 60_000,
        ...(how.fresh ? { noCache: true } : {}),
        ...(how.job ? { share: "job" as const } : {}),
      }),
    runFunction: (name, args) => {
      const fn = functionByName(name);
      if (!fn) throw new Error(`Unknown function ${name}`);
      return runProgram(fn.program(args, userSettings().basis()), { budgetMs: 60_000 });
    },
    explain: (e) => messageOf(e, userSettings().apiKey(), userSettings().settings().baseUrl),
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
 * top-level functions, so the bundle's stub file has one wrapper per member, made from this
 * object's own names and arities (stubs.ts).
 */
export const SIDEBAR_SERVER_FUNCTIONS: SidebarServerFunctions = createSidebarServer({
  spreadsheet: () => appsScriptDeps().spreadsheet(),
  openSpreadsheet: (id) => appsScriptDeps().openSpreadsheet(id),
  documentProperties: () => appsScriptDeps().documentProperties(),
  userProperties: () => appsScriptDeps().userProperties(),
  runProgram: (program, how) => appsScriptDeps().runProgram(program, how),
  lock: () => (globalThis as unknown as AppsScriptLocks).LockService.getScriptLock(),
  runFunction: (n, a) => appsScriptDeps().runFunction(n, a),
  explain: (e) => appsScriptDeps().explain?.(e) ?? String(e),
  triggers: () => appsScriptDeps().triggers(),
  now: () => new Date(),
  elapsedMs: () => Date.now() - startedAt,
  formatDate: (date, zone, pattern) => appsScriptDeps().formatDate(date, zone, pattern),
});
