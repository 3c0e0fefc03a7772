/**
 * The slice of Apps Script's globals the add-on uses, typed. `gas()` reads them from the
 * global object at call time, so tests can supply fakes and nothing runs at load time.
 * Each slice picks its methods from @types/google-apps-script where the real signature is
 * usable as is; the rest narrow `any` to `unknown` or return the slice instead of the whole
 * service, and `_RealServicesFit` below checks at compile time that the real services still
 * fit every slice, so neither the slices nor the test fakes that implement them drift.
 */
/// <reference types="google-apps-script" />
import type { Fits } from "../../shared/realTypes";

type GasRange = GoogleAppsScript.Spreadsheet.Range;
type GasSheet = GoogleAppsScript.Spreadsheet.Sheet;
type GasSpreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

export interface HttpResponseLike extends Pick<
  GoogleAppsScript.URL_Fetch.HTTPResponse,
  "getResponseCode" | "getContentText"
> {
  /** Typed `object` upstream; Apps Script gives one string, or an array for repeated headers. */
  getAllHeaders(): Record<string, string | string[]>;
}

export interface UrlFetchParams {
  method?: string;
  headers?: Record<string, string>;
  payload?: string;
  contentType?: string;
  muteHttpExceptions?: boolean;
  followRedirects?: boolean;
}

export interface UrlFetchAppLike {
  fetch(url: string, params?: UrlFetchParams): HttpResponseLike;
  fetchAll(requests: Array<UrlFetchParams & { url: string }>): HttpResponseLike[];
}

export type CacheLike = Pick<
  GoogleAppsScript.Cache.Cache,
  "get" | "getAll" | "put" | "putAll" | "remove"
>;

export interface PropertiesLike extends Pick<
  GoogleAppsScript.Properties.Properties,
  "getProperty"
> {
  setProperty(key: string, value: string): unknown;
  deleteProperty(key: string): unknown;
  /** Every value with one call (one against the daily quota). */
  getProperties?(): Record<string, string>;
}

export type LockLike = Pick<GoogleAppsScript.Lock.Lock, "tryLock" | "releaseLock">;

export interface MenuLike {
  addItem(caption: string, functionName: string): MenuLike;
  addSeparator(): MenuLike;
  addToUi(): void;
}

export interface UiLike {
  createAddonMenu(): MenuLike;
  showSidebar(output: unknown): void;
  showModalDialog(output: unknown, title: string): void;
}

export interface RangeLike extends Pick<
  GasRange,
  | "getRow"
  | "getColumn"
  | "getNumRows"
  | "getNumColumns"
  | "getA1Notation"
  | "getDisplayValues"
  | "getFormula"
  | "getFormulas"
  | "getFormulasR1C1"
> {
  getSheet(): SheetLike;
  getValues(): unknown[][];
  setValues(values: unknown[][]): RangeLike;
  setFormulas(formulas: string[][]): RangeLike;
  clearContent(): RangeLike;
  getNumberFormats(): string[][];
  setNumberFormats(formats: string[][]): unknown;
}

export interface SheetLike extends Pick<GasSheet, "getName" | "getLastRow" | "getLastColumn"> {
  getRange(row: number, column: number, numRows: number, numColumns: number): RangeLike;
  getRangeList(a1Notations: string[]): {
    clearContent(): unknown;
    setFormulaR1C1(formula: string): unknown;
  };
}

export interface SpreadsheetLike extends Pick<
  GasSpreadsheet,
  // toast: a small pop-up in the corner; the time zone (File > Settings) is its dates' zone.
  "getId" | "toast" | "getSpreadsheetTimeZone"
> {
  getSheets(): SheetLike[];
  getActiveSheet(): SheetLike;
  getActiveRange(): RangeLike | null;
  getSheetByName(name: string): SheetLike | null;
}

export interface HtmlOutputLike {
  setTitle(title: string): HtmlOutputLike;
  setWidth?(width: number): HtmlOutputLike;
  setHeight?(height: number): HtmlOutputLike;
}

export interface TriggerLike extends Pick<
  GoogleAppsScript.Script.Trigger,
  "getHandlerFunction" | "getUniqueId"
> {
  getEventType(): unknown;
}

interface TriggerBuilderLike {
  forSpreadsheet(spreadsheet: SpreadsheetLike): { onEdit(): { create(): TriggerLike } };
  timeBased(): {
    after(ms: number): { create(): TriggerLike };
    everyHours(hours: number): { create(): TriggerLike };
  };
}

export interface ScriptAppLike {
  newTrigger(handler: string): TriggerBuilderLike;
  getUserTriggers(spreadsheet: SpreadsheetLike): TriggerLike[];
  getProjectTriggers(): TriggerLike[];
  deleteTrigger(trigger: TriggerLike): void;
  EventType: { ON_EDIT: unknown; CLOCK: unknown };
  /** How the script came to be installed as an add-on for this user (NONE: not an add-on). */
  getInstallationSource(): unknown;
  InstallationSource: {
    APPS_MARKETPLACE_DOMAIN_ADD_ON: unknown;
    WEB_STORE_ADD_ON: unknown;
    NONE: unknown;
  };
}

/** The Apps Script services the add-on touches. */
export interface AppsScriptGlobals {
  UrlFetchApp: UrlFetchAppLike;
  CacheService: {
    getDocumentCache(): CacheLike | null;
    getScriptCache(): CacheLike;
    getUserCache?(): CacheLike;
  };
  PropertiesService: {
    getUserProperties(): PropertiesLike;
    /** Null in a time-driven run (no document). */
    getDocumentProperties(): PropertiesLike | null;
  };
  LockService: { getScriptLock(): LockLike };
  Utilities: {
    sleep(ms: number): void;
    formatDate(date: Date, timeZone: string, pattern: string): string;
  };
  SpreadsheetApp: {
    getUi(): UiLike;
    /** Null in a time-driven run. */
    getActiveSpreadsheet(): SpreadsheetLike | null;
    flush(): void;
    openById(id: string): SpreadsheetLike;
  };
  ScriptApp: ScriptAppLike;
  /** Optional: the test fakes of single units leave it out (the simulator has it). */
  Session?: { getScriptTimeZone(): string };
  HtmlService: {
    createHtmlOutputFromFile(name: string): HtmlOutputLike;
    createHtmlOutput(html: string): HtmlOutputLike;
  };
}

/** Compile-time only: the real services fit each slice (a failing line names the drift). */
type _RealServicesFit = [
  Fits<GoogleAppsScript.URL_Fetch.HTTPResponse, Omit<HttpResponseLike, "getAllHeaders">>,
  Fits<GoogleAppsScript.Cache.Cache, CacheLike>,
  Fits<GoogleAppsScript.Properties.Properties, PropertiesLike>,
  Fits<GoogleAppsScript.Lock.Lock, LockLike>,
  Fits<GoogleAppsScript.Base.Ui, UiLike>,
  Fits<GasRange, RangeLike>,
  Fits<GasSheet, SheetLike>,
  Fits<GasSpreadsheet, SpreadsheetLike>,
  Fits<GoogleAppsScript.HTML.HtmlOutput, HtmlOutputLike>,
  Fits<GoogleAppsScript.Script.Trigger, TriggerLike>,
  Fits<GoogleAppsScript.Script.ScriptApp, ScriptAppLike>,
  Fits<GoogleAppsScript.Utilities.Utilities, AppsScriptGlobals["Utilities"]>,
];

/** Apps Script's globals (real ones in Apps Script, fakes in tests). */
export function gas(): AppsScriptGlobals {
  return globalThis as unknown as AppsScriptGlobals;
}
