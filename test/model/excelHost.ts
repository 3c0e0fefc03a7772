/**
 * Excel for the seller-data model: the task pane's own bridge (createExcelTaskpaneBridge: the
 * sidebar service over excelTables, the memory stage and replaceSheetData, records in
 * document settings) on the Office.js workbook fake (test/hosts/excel/fakeWorkbook.ts: writes
 * reach the workbook at sync). The seller's hands are Excel's UI: Insert and Delete move a
 * column's or row's cells with their formats and notes, Sort moves a range's rows, a sheet
 * is renamed in place (its id stays), a setting can be removed or cut short.
 */
import type { Cell } from "../../src/functions/cells";
import { createExcelTaskpaneBridge } from "../../src/hosts/excel/taskpaneBridge";
import type { AsyncTransport } from "../../src/core/asyncDriver";
import type { HttpRequest } from "../../src/core/request";
import type { HttpResponse } from "../../src/core/response";
import { moveCells as move } from "../hosts/excel/fakeMoves";
import { fakeWorkbook, type FakeWorkbook, type SheetRecord } from "../hosts/excel/fakeWorkbook";
import { removeGoneAsked, sortOrder, type ModelHost } from "./host";
import type { ScriptedApi } from "./scriptedApi";
import { MODEL_BASE_URL, MODEL_KEY } from "./sheetsHost";

type Answering = { answer(request: HttpRequest): HttpResponse } | ScriptedApi;

export type ExcelModelHost = ModelHost & { readonly excel: FakeWorkbook };

/** Where the pane's requests go: the scripted API, or a real server over HTTP. */
export interface ExcelApiTarget {
  readonly transport: AsyncTransport;
  readonly baseUrl: string;
  readonly apiKey: string;
}

/** The task pane in one workbook, answered by `api` (fetch, as the pane's transport). */
export function excelHost(api: Answering | ExcelApiTarget, from?: FakeWorkbook): ExcelModelHost {
  const excel = from ?? fakeWorkbook();
  const target: ExcelApiTarget =
    "transport" in api
      ? api
      : {
          transport: { fetch: async (request) => api.answer(request) },
          baseUrl: MODEL_BASE_URL,
          apiKey: MODEL_KEY,
        };
  const settings = new Map<string, string>([
    ["mkt.baseUrl", target.baseUrl],
    ["mkt.apiKey", target.apiKey],
  ]);
  const bridge = createExcelTaskpaneBridge({
    run: excel.run,
    hasExcelApi: excel.hasExcelApi,
    storage: {
      get: async (n) => settings.get(n) ?? null,
      set: async (n, v) => void settings.set(n, v),
      remove: async (n) => void settings.delete(n),
    },
    transport: target.transport,
    defaultBaseUrl: target.baseUrl,
    refresher: {
      scopes: [],
      refresh: async () => 0,
      setLiveCalls: async () => undefined,
      liveCalls: async () => true,
    },
  });
  const rec = (name: string): SheetRecord => {
    const found = excel.sheets.get(name);
    if (!found) throw new Error(`harness: no sheet ${name}`);
    return found;
  };
  /** The table records the add-in keeps: by sheet id (mkt.tableId.) or, older, by name. */
  const tableSettings = (): string[][] =>
    [...excel.settings].filter(([k]) => /^mkt\.table(Id)?\./.test(k)).sort();
  /** The record of one sheet, under either key. */
  const recordOf = (name: string): string[][] => {
    const id = excel.sheets.get(name)?.id;
    return tableSettings().filter(
      ([k]) => k === `mkt.table.${name}` || (id !== undefined && k === `mkt.tableId.${id}`),
    );
  };

  return {
    name: "excel",
    excel,
    async grid(name) {
      return excel.sheets.has(name) ? (excel.table(name) as Cell[][]) : null;
    },
    sheetNames: async () => [...excel.sheets.keys()],
    async fingerprint(name) {
      const grid = excel.sheets.has(name) ? excel.table(name) : null;
      return JSON.stringify([grid, recordOf(name)], (_, v) =>
        v && typeof v === "object" && "formula" in v ? `=${(v as { formula: string }).formula}` : v,
      );
    },

    async type(name, row, col, value) {
      // Typed in Excel's grid: a number stays a number, text stays text.
      rec(name).values.set(`${row},${col}`, value);
    },
    insertColumn: async (name, col) => move(rec(name), (r, c) => [r, c >= col ? c + 1 : c]),
    deleteColumn: async (name, col) =>
      move(rec(name), (r, c) => (c === col ? null : [r, c > col ? c - 1 : c])),
    insertRow: async (name, row) => move(rec(name), (r, c) => [r >= row ? r + 1 : r, c]),
    deleteRow: async (name, row) =>
      move(rec(name), (r, c) => (r === row ? null : [r > row ? r - 1 : r, c])),
    async sortRange(name, box, by, ascending) {
      const sheet = rec(name);
      const column = Array.from(
        { length: box.rows },
        (_, i) => (sheet.values.get(`${box.top + i},${by}`) ?? "") as Cell,
      );
      const order = sortOrder(column, ascending);
      const held = order.map((from) =>
        Array.from({ length: box.cols }, (_, j) => {
          const k = `${box.top + from},${box.left + j}`;
          return [sheet.values.get(k), sheet.formats.get(k)] as const;
        }),
      );
      held.forEach((line, i) =>
        line.forEach(([v, f], j) => {
          const k = `${box.top + i},${box.left + j}`;
          if (v === undefined) sheet.values.delete(k);
          else sheet.values.set(k, v);
          if (f === undefined) sheet.formats.delete(k);
          else sheet.formats.set(k, f);
        }),
      );
    },
    async copyRow(name, from, to) {
      const sheet = rec(name);
      for (const [k, v] of [...sheet.values]) {
        const [r, c] = k.split(",").map(Number) as [number, number];
        if (r !== from) continue;
        sheet.values.set(`${to},${c}`, v);
        const f = sheet.formats.get(k);
        if (f !== undefined) sheet.formats.set(`${to},${c}`, f);
      }
    },
    async renameSheet(fromName, to) {
      // Excel renames in place: the sheet keeps its cells, notes and id.
      const sheet = rec(fromName);
      if (excel.sheets.has(to)) throw new Error("That name is already taken");
      excel.sheets.delete(fromName);
      sheet.name = to;
      excel.sheets.set(to, sheet);
    },
    async loseRecord(name, how) {
      for (const [k, v] of tableSettings()) {
        if (how === "delete") excel.settings.delete(k as string);
        else excel.settings.set(k as string, (v as string).slice(0, -7));
      }
      void name;
    },

    async setBasis(basis) {
      settings.set("mkt.countVat", basis.countVat ? "on" : "off");
      settings.set("mkt.salesWindowDays", String(basis.salesWindowDays));
    },
    saveImport: async (def) => void (await bridge.saveImport(def)),
    runImport: (def, confirm) => bridge.runImport(def, { confirm }),
    async refreshSaved(_kind, def) {
      // Excel's "refresh when this workbook opens": each saved import, nobody to ask.
      try {
        const result = await bridge.runImport(def);
        const written = result.written !== false && result.sheetName === def.sheetName;
        const kept = result.edited?.length ? [`kept ${result.edited.length} cells`] : [];
        return { written, notes: kept };
      } catch (e) {
        return { written: false, notes: [e instanceof Error ? e.message : String(e)] };
      }
    },
    resort: async (name) => void (await bridge.team.resortTable(name)),
    removeGone: (name, confirm) => removeGoneAsked(bridge.team, name, confirm),
    snapshot: async (name) => void (await bridge.team.keepSnapshot(name)),
    fork: (next) => excelHost(next, excel.copy()),
  };
}
