/**
 * Server functions the Sheets sidebar calls: the sidebar service (src/sidebar/service.ts)
 * over Apps Script ports (sheetsPorts.ts), run blocking inside each google.script.run call,
 * plus what only Sheets has (daily refresh with its trigger, the selection and the answers
 * beside it). Long work is a job (src/sidebar/jobs/): the sidebar calls one step a call (each
 * far under Apps Script's 6 minutes; a step that asked nothing goes on with the next in the same
 * call, and a step's batches go out together through fetchAll: jobRunner.ts), and trigger runs
 * go on with it (refresh/jobRuns.ts).
 */
import { functionByName } from "../../../functions/index";
import { parseRangeAddress, type RangeBox } from "../../../imports/rangeAddress";
import { syncService } from "../../../sidebar/op";
import { parseSavedImports } from "../../../sidebar/savedImports";
import type { PlacedFormula } from "../../../sidebar/formulaPlace";
import { createSidebarService } from "../../../sidebar/service";
import type { PlainCell } from "../../../sidebar/views";
import { dailyRefresh } from "../refresh/dailyRefresh";
import { sheetsJobRuns } from "../refresh/jobRuns";
import type { JobsLeft } from "../../../sidebar/jobs/continueJobs";
import { jobRoom, messageOf, runProgram, userSettings } from "../cells/session";
import type { FormatDate } from "../cells/sheetDates";
import { ourTriggers } from "../stores/triggerList";
import { formatFormulaCells } from "../fill/formatCells";
import { askClock, deploymentClock } from "../fill/clock";
import type { LockLike, SpreadsheetLike } from "../stores/gas";
import { DEFINITIONS_PROPERTY, sheetsPorts, type SidebarServerDeps } from "./sheetsPorts";
import { insertSheetChart } from "../sheet/sheetCharts";
import type { ChartPlan } from "../../../ui/charts/chartPlan";
import type { SbProperties, SbRange, SbSheet, SbSpreadsheet } from "../sheet/sheetTypes";

export type { SbProperties, SbRange, SbSheet, SbSpreadsheet } from "../sheet/sheetTypes";
export { DAILY_REFRESH_HANDLER } from "../refresh/dailyRefresh";

export type { SidebarServerDeps } from "./sheetsPorts";

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

/** The sidebar server functions over explicit dependencies. */
export function createSidebarServer(deps: SidebarServerDeps) {
  const definitions = () =>
    parseSavedImports(deps.documentProperties().getProperty(DEFINITIONS_PROPERTY));
  const ports = sheetsPorts(deps);
  const service = createSidebarService(ports(() => deps.spreadsheet()));
  const daily = dailyRefresh({
    ...deps,
    definitions,
    importInto: sheetsJobRuns(deps).importInto,
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
  SpreadsheetApp: { flush(): void };
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
    jobRoom,
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
    // Date.now: the one clock a test may set (the harness replaces it; `new Date()` it cannot).
    now: () => new Date(Date.now()),
    elapsedMs: () => Date.now() - startedAt,
    formatDate: (date, zone, pattern) => g.Utilities.formatDate(date, zone, pattern),
    keepJobsGoing: (doc) =>
      keepJobsGoing(doc, (at) => g.Utilities.formatDate(at, doc.getSpreadsheetTimeZone(), "HH:mm")),
  };
}

/**
 * Ask the background clock (fill/clock.ts) to go on with a document's unfinished job, and say
 * when for its table's stamp: a bound script's one-off clock within minutes, an editor add-on's
 * hourly run (Google runs it at most once an hour), or now whenever the sidebar is open.
 */
function keepJobsGoing(book: SbSpreadsheet, hhmm: (at: Date) => string): string {
  const deployment = deploymentClock();
  // The book is a whole Spreadsheet (the active one, or a trigger run's openById).
  if (!askClock(deployment, [book.getId()], book as unknown as SpreadsheetLike))
    return "continues when the sidebar is open (the add-on's clock could not be set)";
  const by = hhmm(new Date(Date.now() + (deployment === "hourly" ? 60 : 5) * 60_000));
  return deployment === "hourly"
    ? `continues at the add-on's hourly run (by about ${by}), or now if you open the sidebar`
    : `continues by the add-on's clock within minutes (by about ${by}), or now if you open the sidebar`;
}

/** Each member reads the Apps Script globals when called (none exist when the bundle loads). */
const APPS_SCRIPT_DEPS: SidebarServerDeps = {
  spreadsheet: () => appsScriptDeps().spreadsheet(),
  openSpreadsheet: (id) => appsScriptDeps().openSpreadsheet(id),
  documentProperties: () => appsScriptDeps().documentProperties(),
  userProperties: () => appsScriptDeps().userProperties(),
  runProgram: (program, how) => appsScriptDeps().runProgram(program, how),
  jobRoom: () => appsScriptDeps().jobRoom?.() ?? 0,
  lock: () => (globalThis as unknown as AppsScriptLocks).LockService.getScriptLock(),
  flush: () => (globalThis as unknown as AppsScriptLocks).SpreadsheetApp.flush(),
  runFunction: (n, a) => appsScriptDeps().runFunction(n, a),
  explain: (e) => appsScriptDeps().explain?.(e) ?? String(e),
  triggers: () => appsScriptDeps().triggers(),
  now: () => new Date(Date.now()),
  elapsedMs: () => Date.now() - startedAt,
  formatDate: (date, zone, pattern) => appsScriptDeps().formatDate(date, zone, pattern),
  keepJobsGoing: (book) => appsScriptDeps().keepJobsGoing?.(book) ?? "",
};

/**
 * The functions the sidebar reaches through google.script.run. Apps Script only finds
 * top-level functions, so the bundle's stub file has one wrapper per member, made from this
 * object's own names and arities (stubs.ts).
 */
export const SIDEBAR_SERVER_FUNCTIONS: SidebarServerFunctions =
  createSidebarServer(APPS_SCRIPT_DEPS);

/**
 * Steps of `book`'s unfinished jobs until `until` (a trigger run's share: fill/background.ts);
 * what is left. The book is the one the run was given (a clock run opens it by id).
 */
export function continueTableJobs(book: SbSpreadsheet, until: number): JobsLeft {
  return sheetsJobRuns(APPS_SCRIPT_DEPS).continueJobs(book, until);
}
