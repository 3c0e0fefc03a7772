/**
 * The web demo: the same app as the Sheets sidebar and Excel task pane, in a browser tab
 * against the reference server, beside an in-page sheet. The API address comes from
 * `?api=http://127.0.0.1:PORT`, the saved setting, or the build's default. Tests inspect the
 * sheets through `window.__sheets`.
 */
import { normaliseBaseUrl } from "../../core/baseUrl";
import { mountApp } from "../../ui/app";
import { createAsyncHostBridge, SETTING } from "../shared/asyncBridge";
import { fetchTransport as browserFetchTransport } from "../shared/fetchTransport";
import { InPageWorkbook, type InPageSheet } from "./inPageWorkbook";
import { localSettings } from "./localSettings";
import { mountSheetView } from "./sheetView";

declare const MKT_DEFAULT_BASE_URL: string;

/** What tests read through `window.__sheets`. */
export interface SheetsInspector {
  names(): string[];
  get(name: string): InPageSheet | null;
  /** Display values of a sheet. */
  values(name: string): Array<Array<string | number | boolean>>;
  select(sheet: string, range: string): void;
  setValues(sheet: string, topLeft: string, values: Array<Array<string | number | boolean>>): void;
}

function start(): void {
  const storage = localSettings();
  const api = new URLSearchParams(window.location.search).get("api");
  if (api) {
    // An address in the link wins (and is remembered), so a static server can point anywhere local.
    window.localStorage.setItem(SETTING.baseUrl, normaliseBaseUrl(api));
  }
  const book = new InPageWorkbook();
  const bridge = createAsyncHostBridge({
    host: "web",
    look:
      new URLSearchParams(window.location.search).get("look") === "google" ? "google" : "fluent",
    formulaPrefix: "",
    storage,
    workbook: book,
    transport: browserFetchTransport(),
    defaultBaseUrl:
      typeof MKT_DEFAULT_BASE_URL === "string" ? MKT_DEFAULT_BASE_URL : "http://localhost:8787",
    autoRefreshLabel: null,
  });
  const inspector: SheetsInspector = {
    names: () => [...book.sheets.keys()],
    get: (name) => book.sheets.get(name) ?? null,
    values: (name) => (book.sheets.get(name)?.cells ?? []).map((r) => r.map((c) => c.value)),
    select: (sheet, range) => book.select(sheet, range),
    setValues: (sheet, topLeft, values) => {
      book.select(sheet, topLeft);
      book.setValues(sheet, book.selection.r0, book.selection.c0, values);
    },
  };
  (window as unknown as { __sheets: SheetsInspector }).__sheets = inspector;
  const sidebar = document.getElementById("sidebar");
  const grid = document.getElementById("grid");
  if (!sidebar || !grid) throw new Error("index.html lacks #sidebar or #grid");
  mountSheetView(grid, book);
  mountApp(sidebar, bridge);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
