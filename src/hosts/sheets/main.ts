/**
 * The Apps Script entry. esbuild bundles this file as an IIFE assigned to `MKTA_ADDIN`;
 * the generated Stubs.js declares one top-level function per catalog function (and per
 * menu action and sidebar call) that forwards here, because Sheets only sees top-level
 * declarations with JSDoc.
 */
import { counted } from "../../core/counted";
import { call, normaliseBaseUrl } from "../../core";
import {
  errorsAsText,
  functionByName,
  resultText,
  type Cell,
  type CellInput,
} from "../../functions";
import { checkBasis } from "../../functions/basis";
import { KEY_PAGE } from "../../core/places";
import type { ShopListResult } from "../../sidebar/views";
import { hitRateOf, readCacheCounts } from "./stores/cacheStats";
import { gas } from "./stores/gas";
import { checkCacheMinutes, type UserSettings } from "./stores/stores";
import {
  DEFAULT_BASE_URL,
  NO_KEY_MESSAGE,
  cacheStore,
  messageOf,
  requestsLeft,
  runProgram,
  userSettings,
} from "./cells/session";
import { datesInSheetZone } from "./cells/sheetDates";
import { SIDEBAR_SERVER_FUNCTIONS } from "./sidebar/sidebarServer";
import { runCell, runCellAs } from "./cells/cellRun";
import { SHEETS_PLACES } from "./places";
import { installFiller } from "./fill/fillTrigger";
import { clearCacheAndRerun } from "./refresh/refresh";

export { SCHEDULER_SERVER_FUNCTIONS } from "./refresh/schedulerServer";
export { TOOLS_SERVER_FUNCTIONS } from "./sidebar/toolsServer";

export { NO_KEY_MESSAGE };
/** The sidebar's import and bulk server functions; Stubs.js has a top-level wrapper for each. */
export { SIDEBAR_SERVER_FUNCTIONS };

/** The API's rolling limit per key (spec: 60 requests a minute). */
const QUOTA_PER_MINUTE = 60;
/** Characters of the key the sidebar may show: as many as the web app's key list shows. */
export const KEY_PREFIX_CHARS = 15;

/** The arguments as the body wants them: dates in the sheet's zone, trailing omitted ones dropped. */
function bodyArgs(args: readonly CellInput[]): CellInput[] {
  const given = datesInSheetZone(args, spreadsheetTimeZone, (date, zone, pattern) =>
    gas().Utilities.formatDate(date, zone, pattern),
  );
  // Sheets passes trailing omitted arguments as undefined: drop them so arity checks hold.
  while (given.length > 0 && given[given.length - 1] === undefined) given.pop();
  return given;
}

/**
 * Run one catalog function for a cell: the 2-D table or one scalar; errors as Error(message).
 * A failed row inside a table shows as the text "Error: ..." (Sheets has no error values in arrays).
 * A cell that must wait for quota shows a waiting text and is filled in the background.
 */
export function invoke(name: string, args: readonly CellInput[]): Cell | Cell[][] {
  const fn = functionByName(name);
  if (!fn) throw new Error(`Unknown function ${name}`);
  return runCell(fn, bodyArgs(args));
}

/** The open spreadsheet's time zone (custom functions may read it), or null without one. */
function spreadsheetTimeZone(): string | null {
  try {
    return gas().SpreadsheetApp.getActiveSpreadsheet()?.getSpreadsheetTimeZone() || null;
  } catch {
    return null;
  }
}

/** Build the menu. Runs in AuthMode.NONE too: no Properties, no Cache, no fetch here. */
function onOpen(_e?: unknown): void {
  gas()
    .SpreadsheetApp.getUi()
    .createAddonMenu()
    .addItem("Settings", "showSettings")
    .addItem("Import", "showImport")
    .addItem("Refresh imports", "refreshImports")
    .addSeparator()
    .addItem("Refresh selected cells", "refreshSelection")
    .addItem("Refresh this sheet", "refreshSheet")
    .addItem("Refresh all sheets", "refreshWorkbook")
    .addItem("Refresh cells with errors", "refreshErrors")
    .addItem("Refresh answers older than the cache time", "refreshOld")
    .addItem("Pause live calls", "pauseLiveCalls")
    .addItem("Resume live calls", "resumeLiveCalls")
    .addItem("Clear cache", "clearCache")
    .addSeparator()
    .addItem("Function help", "showFunctionHelp")
    .addToUi();
}

/** Installing the add-on opens the menu straight away. */
function onInstall(e?: unknown): void {
  onOpen(e);
}

/** The sidebar (settings and key entry, import form). */
function showSettings(): void {
  const html = gas().HtmlService.createHtmlOutputFromFile("Sidebar").setTitle("Marketplace Profit");
  gas().SpreadsheetApp.getUi().showSidebar(html);
}

/** Import opens the same sidebar; its import form runs a function into the sheet. */
function showImport(): void {
  showSettings();
}

/** A dialog listing every function with its help (FunctionHelp.html, written by the build). */
function showFunctionHelp(): void {
  const html = gas()
    .HtmlService.createHtmlOutputFromFile("FunctionHelp")
    .setTitle("Marketplace Profit functions");
  gas().SpreadsheetApp.getUi().showModalDialog(html, "Marketplace Profit functions");
}

/** Settings for the sidebar: never the key itself, only whether one is saved and its first characters. */
function getSettings(): UserSettings & {
  defaultBaseUrl: string;
  hasKey: boolean;
  keyPrefix: string | null;
  keyRejected: boolean;
  countVat: boolean;
  salesWindowDays: number;
} {
  const store = userSettings();
  const key = store.apiKey();
  // The sidebar is open: this is a full-auth execution that may make the fill trigger.
  if (key !== null) installFiller();
  return {
    ...store.settings(),
    ...store.basis(),
    defaultBaseUrl: DEFAULT_BASE_URL,
    hasKey: key !== null,
    keyPrefix: key === null ? null : keyPrefix(key),
    keyRejected: store.keyRejected(),
  };
}

/** The key's first characters and an ellipsis; never more than half of a short key. */
export function keyPrefix(key: string): string {
  const shown = Math.min(KEY_PREFIX_CHARS, Math.floor(key.length / 2));
  return `${key.slice(0, shown)}…`;
}

/** Verify a key with the shop list, then keep it in user properties. */
function saveApiKey(key: string): { ok: true; shops: number } {
  const candidate = typeof key === "string" ? key.trim() : "";
  if (candidate === "") throw new Error(`Paste your API key (from ${KEY_PAGE})`);
  const shops = runProgram(call<unknown[]>("SHOPS_A", {}), { apiKey: candidate, noCache: true });
  userSettings().saveApiKey(candidate);
  installFiller();
  return { ok: true, shops: Array.isArray(shops) ? shops.length : 0 };
}

/** Remove the saved key. */
function forgetApiKey(): { ok: true } {
  userSettings().forgetApiKey();
  return { ok: true };
}

/** Save base URL and cache minutes; https only, except localhost. */
function saveSettings(settings: {
  baseUrl?: string;
  cacheMinutes?: number;
  listAnswers?: boolean;
  countVat?: boolean;
  salesWindowDays?: number;
}): { ok: true } {
  try {
    const store = userSettings();
    const current = store.settings();
    const baseUrl =
      settings.baseUrl === undefined || settings.baseUrl === ""
        ? DEFAULT_BASE_URL
        : normaliseBaseUrl(settings.baseUrl);
    const cacheMinutes =
      settings.cacheMinutes === undefined
        ? current.cacheMinutes
        : checkCacheMinutes(settings.cacheMinutes);
    const listAnswers =
      typeof settings.listAnswers === "boolean" ? settings.listAnswers : current.listAnswers;
    store.saveSettings({ baseUrl, cacheMinutes, listAnswers });
    if (settings.countVat !== undefined || settings.salesWindowDays !== undefined)
      store.saveBasis(checkBasis(store.basis(), settings));
    return { ok: true };
  } catch (err) {
    throw new Error(messageOf(err, null));
  }
}

/** Forget every cached result of this document and run its formula cells again (they ask the API anew). */
function clearCache(): { ok: true; refreshed: number } {
  const { refreshed } = clearCacheAndRerun();
  return { ok: true, refreshed };
}

/** What the sidebar shows about the API quota and the response cache. */
export interface QuotaReport {
  /** Requests this key may still send in the rolling minute. */
  readonly remaining: number;
  readonly limit: number;
  readonly requestsLastMinute: number;
  /** Share of lookups this document's cache answered (0..1), null before any lookup. */
  readonly cacheHitRate: number | null;
  readonly cacheLookups: number;
}

/** Requests in the last minute for the saved key (limit 60) and the cache's hit rate. */
function getQuota(): QuotaReport {
  try {
    const remaining = requestsLeft();
    const counts = readCacheCounts(cacheStore());
    return {
      remaining,
      limit: QUOTA_PER_MINUTE,
      requestsLastMinute: QUOTA_PER_MINUTE - remaining,
      cacheHitRate: hitRateOf(counts),
      cacheLookups: counts.hits + counts.misses,
    };
  } catch (err) {
    throw new Error(messageOf(err, null));
  }
}

/** Cells as the sidebar can receive them: no Date objects (ISO strings instead). */
function plain(result: Cell | Cell[][]): Array<Array<string | number | boolean>> {
  const cell = (c: Cell): string | number | boolean => (c instanceof Date ? c.toISOString() : c);
  return Array.isArray(result) ? result.map((row) => row.map(cell)) : [[cell(result)]];
}

/**
 * The user's shops per marketplace, fetched in parallel; one list failing spoils no other
 * (the sidebar service's shopLists).
 */
function listShops(): ShopListResult[] {
  return SIDEBAR_SERVER_FUNCTIONS.sidebarShopLists();
}

/** Run a function for the sidebar's builder/preview: its values, and its figures as text. */
function runFunctionPreview(
  name: string,
  args: CellInput[],
): { values: Array<Array<string | number | boolean>>; shown: string | string[][] } {
  const fn = functionByName(name);
  if (!fn) throw new Error(`Unknown function ${name}`);
  const out = runCellAs(fn, bodyArgs(Array.isArray(args) ? args : []), false, (r) => ({
    values: plain(errorsAsText(r, SHEETS_PLACES)),
    shown: resultText(r, SHEETS_PLACES),
  }));
  return typeof out === "string" ? { values: [[out]], shown: out } : out;
}

/**
 * Menu > Refresh imports: the same refresh the daily trigger runs (every saved import of
 * this document, staged then swapped in), with the outcome in a toast.
 */
function refreshImports(): { refreshed: number; failed: string[]; kept?: string[] } {
  const result = SIDEBAR_SERVER_FUNCTIONS.sidebarRefreshThisDocument();
  const text =
    result.refreshed === 0 && result.failed.length === 0
      ? "No saved imports yet: save one in the sidebar's Import section"
      : [
          `${counted(result.refreshed, "import")} refreshed`,
          ...result.failed,
          ...(result.kept ?? []),
        ].join("; ");
  gas().SpreadsheetApp.getActiveSpreadsheet()?.toast(text, "Marketplace Profit", 10);
  return result;
}

/**
 * The menu's actions, the sidebar's settings calls and the simple triggers. Apps Script only
 * reaches top-level functions: Stubs.js has one wrapper per member, named by its key (stubs.ts).
 */
export const MENU_SERVER_FUNCTIONS = {
  onOpen,
  onInstall,
  showSettings,
  showImport,
  refreshImports,
  clearCache,
  showFunctionHelp,
  getSettings,
  saveApiKey,
  forgetApiKey,
  saveSettings,
  getQuota,
  listShops,
  runFunctionPreview,
};
