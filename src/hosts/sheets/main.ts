/**
 * The Apps Script entry. esbuild bundles this file as an IIFE assigned to `MKTA_ADDIN`;
 * the generated Stubs.js declares one top-level function per catalog function (and per
 * menu action and sidebar call) that forwards here, because Sheets only sees top-level
 * declarations with JSDoc.
 */
import { call, normaliseBaseUrl } from "../../core";
import {
  CATALOG,
  functionByName,
  type Cell,
  type CellInput,
  type CellResult,
} from "../../functions";
import { gas } from "./gas";
import { checkCacheMinutes } from "./stores";
import {
  DEFAULT_BASE_URL,
  NO_KEY_MESSAGE,
  bumpCacheGeneration,
  messageOf,
  requestsLeft,
  runProgram,
  userSettings,
} from "./session";
import { escapeForSetValues, functionHelpHtml } from "./sheetOutput";

export { NO_KEY_MESSAGE };

/** Run one catalog function for a cell: the 2-D table or one scalar; errors as Error(message). */
export function invoke(name: string, args: readonly CellInput[]): CellResult {
  const fn = functionByName(name);
  if (!fn) throw new Error(`Unknown function ${name}`);
  // Sheets passes trailing omitted arguments as undefined: drop them so arity checks hold.
  const given = [...args];
  while (given.length > 0 && given[given.length - 1] === undefined) given.pop();
  return runProgram(fn.program(given));
}

/** Build the menu. Runs in AuthMode.NONE too: no Properties, no Cache, no fetch here. */
export function onOpen(_e?: unknown): void {
  gas()
    .SpreadsheetApp.getUi()
    .createAddonMenu()
    .addItem("Settings", "showSettings")
    .addItem("Import", "showImport")
    .addItem("Refresh imports", "refreshImports")
    .addItem("Clear cache", "clearCache")
    .addSeparator()
    .addItem("Function help", "showFunctionHelp")
    .addToUi();
}

/** Installing the add-on opens the menu straight away. */
export function onInstall(e?: unknown): void {
  onOpen(e);
}

/** The sidebar (settings and key entry, import form). */
export function showSettings(): void {
  const html = gas().HtmlService.createHtmlOutputFromFile("Sidebar").setTitle("Marketplace Profit");
  gas().SpreadsheetApp.getUi().showSidebar(html);
}

/** Import opens the same sidebar; its import form runs a function into the sheet. */
export function showImport(): void {
  showSettings();
}

/** A dialog listing every function with its help. */
export function showFunctionHelp(): void {
  const html = gas()
    .HtmlService.createHtmlOutput(functionHelpHtml(CATALOG))
    .setTitle("Marketplace Profit functions");
  gas().SpreadsheetApp.getUi().showModalDialog(html, "Marketplace Profit functions");
}

/** Settings for the sidebar (never the key itself: only whether one is saved). */
export function getSettings(): {
  baseUrl: string;
  defaultBaseUrl: string;
  cacheMinutes: number;
  hasKey: boolean;
} {
  const store = userSettings();
  return { ...store.settings(), defaultBaseUrl: DEFAULT_BASE_URL, hasKey: store.apiKey() !== null };
}

/** Verify a key with the shop list, then keep it in user properties. */
export function saveApiKey(key: string): { ok: true; shops: number } {
  const candidate = typeof key === "string" ? key.trim() : "";
  if (candidate === "") throw new Error("Paste your API key (Settings > API keys in the web app)");
  const shops = runProgram(call<unknown[]>("SHOPS_A", {}), { apiKey: candidate, noCache: true });
  userSettings().saveApiKey(candidate);
  return { ok: true, shops: Array.isArray(shops) ? shops.length : 0 };
}

/** Remove the saved key. */
export function forgetApiKey(): { ok: true } {
  userSettings().forgetApiKey();
  return { ok: true };
}

/** Save base URL and cache minutes; https only, except localhost. */
export function saveSettings(settings: { baseUrl?: string; cacheMinutes?: number }): { ok: true } {
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
    store.saveSettings({ baseUrl, cacheMinutes });
    return { ok: true };
  } catch (err) {
    throw new Error(messageOf(err, null));
  }
}

/** Forget every cached result of this document (the next recalculation asks the API again). */
export function clearCache(): { ok: true } {
  bumpCacheGeneration();
  return { ok: true };
}

/** Requests left this minute for the saved key (limit 60). */
export function getQuota(): { remaining: number; limit: number } {
  try {
    return { remaining: requestsLeft(), limit: 60 };
  } catch (err) {
    throw new Error(messageOf(err, null));
  }
}

/** Cells as the sidebar can receive them: no Date objects (ISO strings instead). */
function plain(result: CellResult): Array<Array<string | number | boolean>> {
  const cell = (c: Cell): string | number | boolean => (c instanceof Date ? c.toISOString() : c);
  return Array.isArray(result) ? result.map((row) => row.map(cell)) : [[cell(result)]];
}

/** The user's shops across marketplaces, for the sidebar's pickers. */
export function listShops(): Array<Array<string | number | boolean>> {
  return plain(invoke("SHOPS", []));
}

/** Run a function for the sidebar's builder/preview. */
export function runFunctionPreview(
  name: string,
  args: CellInput[],
): Array<Array<string | number | boolean>> {
  return plain(invoke(name, Array.isArray(args) ? args : []));
}

interface ImportRecord {
  readonly sheet: string;
  readonly row: number;
  readonly column: number;
  readonly name: string;
  readonly args: CellInput[];
}

const IMPORTS_PROPERTY = "mkt.imports";

function savedImports(): ImportRecord[] {
  const raw = gas().PropertiesService.getDocumentProperties().getProperty(IMPORTS_PROPERTY);
  try {
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? (list as ImportRecord[]) : [];
  } catch {
    return [];
  }
}

function writeTable(record: ImportRecord): number {
  const result = invoke(record.name, record.args);
  const table = Array.isArray(result) ? result : [[result]];
  const width = Math.max(1, ...table.map((r) => r.length));
  const values = table.map((r) => [
    ...r.map(escapeForSetValues),
    ...Array<string>(width - r.length).fill(""),
  ]);
  const sheet = gas().SpreadsheetApp.getActiveSpreadsheet().getSheetByName(record.sheet);
  if (!sheet) throw new Error(`Sheet ${record.sheet} no longer exists`);
  sheet.getRange(record.row, record.column, values.length, width).setValues(values); // one write
  return values.length;
}

/**
 * Run a function once and write its table as values at the selected cell (an import).
 * The import (function and arguments, never the key) is remembered for Refresh imports.
 */
export function importToSheet(name: string, args: CellInput[]): { rows: number; at: string } {
  if (!functionByName(name)) throw new Error(`Unknown function ${name}`);
  const book = gas().SpreadsheetApp.getActiveSpreadsheet();
  const sheet = book.getActiveSheet();
  const anchor = book.getActiveRange() ?? sheet.getRange(1, 1, 1, 1);
  const record: ImportRecord = {
    sheet: sheet.getName(),
    row: anchor.getRow(),
    column: anchor.getColumn(),
    name,
    args,
  };
  const rows = writeTable(record);
  const others = savedImports().filter(
    (r) => !(r.sheet === record.sheet && r.row === record.row && r.column === record.column),
  );
  const list = JSON.stringify([...others, record]);
  if (list.length <= 9000)
    gas().PropertiesService.getDocumentProperties().setProperty(IMPORTS_PROPERTY, list);
  return { rows, at: `${record.sheet}!${anchor.getA1Notation()}` };
}

/** Re-run every remembered import; one failing import does not stop the others. */
export function refreshImports(): { refreshed: number; failed: string[] } {
  let refreshed = 0;
  const failed: string[] = [];
  for (const record of savedImports()) {
    try {
      writeTable(record);
      refreshed++;
    } catch (err) {
      failed.push(`${record.name} at ${record.sheet}: ${messageOf(err, null)}`);
    }
  }
  return { refreshed, failed };
}
