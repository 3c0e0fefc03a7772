/**
 * The slice of Apps Script's globals the add-on uses, typed. `gas()` reads them from the
 * global object at call time, so tests can supply fakes and nothing runs at load time.
 */

export interface HttpResponseLike {
  getResponseCode(): number;
  getContentText(): string;
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

export interface CacheLike {
  get(key: string): string | null;
  getAll(keys: string[]): Record<string, string>;
  put(key: string, value: string, expirationInSeconds?: number): void;
  putAll(values: Record<string, string>, expirationInSeconds?: number): void;
  remove(key: string): void;
}

export interface PropertiesLike {
  getProperty(key: string): string | null;
  setProperty(key: string, value: string): unknown;
  deleteProperty(key: string): unknown;
}

export interface LockLike {
  tryLock(timeoutInMillis: number): boolean;
  releaseLock(): void;
}

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

export interface RangeLike {
  getRow(): number;
  getColumn(): number;
  getNumRows(): number;
  getNumColumns(): number;
  getA1Notation(): string;
  getSheet(): SheetLike;
  getValues(): unknown[][];
  getDisplayValues(): string[][];
  getFormula(): string;
  getFormulas(): string[][];
  getFormulasR1C1(): string[][];
  setValues(values: unknown[][]): RangeLike;
  setFormulas(formulas: string[][]): RangeLike;
  clearContent(): RangeLike;
}

export interface SheetLike {
  getName(): string;
  getLastRow(): number;
  getLastColumn(): number;
  getRange(row: number, column: number, numRows: number, numColumns: number): RangeLike;
  getRangeList(a1Notations: string[]): {
    clearContent(): unknown;
    setFormulaR1C1(formula: string): unknown;
  };
}

export interface SpreadsheetLike {
  getId(): string;
  getSheets(): SheetLike[];
  getActiveSheet(): SheetLike;
  getActiveRange(): RangeLike | null;
  getSheetByName(name: string): SheetLike | null;
  /** A small pop-up in the corner of the sheet. */
  toast(message: string, title?: string, timeoutSeconds?: number): void;
  /** The sheet's own time zone (File > Settings), which its date cells are in. */
  getSpreadsheetTimeZone(): string;
}

export interface HtmlOutputLike {
  setTitle(title: string): HtmlOutputLike;
  setWidth?(width: number): HtmlOutputLike;
  setHeight?(height: number): HtmlOutputLike;
}

export interface TriggerLike {
  getHandlerFunction(): string;
  getEventType(): unknown;
}

interface TriggerBuilderLike {
  forSpreadsheet(spreadsheet: SpreadsheetLike): { onEdit(): { create(): TriggerLike } };
  timeBased(): { after(ms: number): { create(): TriggerLike } };
}

export interface ScriptAppLike {
  newTrigger(handler: string): TriggerBuilderLike;
  getUserTriggers(spreadsheet: SpreadsheetLike): TriggerLike[];
  getProjectTriggers(): TriggerLike[];
  deleteTrigger(trigger: TriggerLike): void;
  EventType: { ON_EDIT: unknown; CLOCK: unknown };
}

/** The Apps Script services the add-on touches. */
export interface AppsScriptGlobals {
  UrlFetchApp: UrlFetchAppLike;
  CacheService: { getDocumentCache(): CacheLike | null; getScriptCache(): CacheLike };
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
  HtmlService: {
    createHtmlOutputFromFile(name: string): HtmlOutputLike;
    createHtmlOutput(html: string): HtmlOutputLike;
  };
}

/** Apps Script's globals (real ones in Apps Script, fakes in tests). */
export function gas(): AppsScriptGlobals {
  return globalThis as unknown as AppsScriptGlobals;
}
