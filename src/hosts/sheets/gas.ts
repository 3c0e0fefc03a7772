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
  getA1Notation(): string;
  setValues(values: unknown[][]): RangeLike;
}

export interface SheetLike {
  getName(): string;
  getRange(row: number, column: number, numRows: number, numColumns: number): RangeLike;
}

export interface SpreadsheetLike {
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

/** The Apps Script services the add-on touches. */
export interface AppsScriptGlobals {
  UrlFetchApp: UrlFetchAppLike;
  CacheService: { getDocumentCache(): CacheLike | null; getScriptCache(): CacheLike };
  PropertiesService: {
    getUserProperties(): PropertiesLike;
    getDocumentProperties(): PropertiesLike;
  };
  LockService: { getScriptLock(): LockLike };
  Utilities: {
    sleep(ms: number): void;
    formatDate(date: Date, timeZone: string, pattern: string): string;
  };
  SpreadsheetApp: { getUi(): UiLike; getActiveSpreadsheet(): SpreadsheetLike };
  HtmlService: {
    createHtmlOutputFromFile(name: string): HtmlOutputLike;
    createHtmlOutput(html: string): HtmlOutputLike;
  };
}

/** Apps Script's globals (real ones in Apps Script, fakes in tests). */
export function gas(): AppsScriptGlobals {
  return globalThis as unknown as AppsScriptGlobals;
}
