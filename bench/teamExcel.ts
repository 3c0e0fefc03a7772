/**
 * The team workbook's Excel place: the task pane's real bridge (shared runtime, Office.js
 * batching) over the workbook fake of test/hosts/excel (office-addin-mock), real HTTP and the
 * page's real clock, settings in a map as paneOverServer keeps them.
 */
import { createExcelTaskpaneBridge } from "../src/hosts/excel/taskpaneBridge";
import { fetchTransport } from "../src/hosts/shared/fetchTransport";
import { fakeWorkbook } from "../test/hosts/excel/fakeWorkbook";
import type { BenchServer } from "./benchServer";
import type { Place } from "./teamWorkbook";

export function excelPlace(server: BenchServer): Place {
  const excel = fakeWorkbook();
  const settings = new Map<string, string>([
    ["mkt.baseUrl", server.baseUrl],
    ["mkt.apiKey", server.key],
  ]);
  const bridge = createExcelTaskpaneBridge({
    run: excel.run,
    hasExcelApi: excel.hasExcelApi,
    storage: {
      get: async (n) => settings.get(n) ?? null,
      set: async (n, v) => void settings.set(n, v),
      remove: async (n) => void settings.delete(n),
    },
    transport: fetchTransport(),
    defaultBaseUrl: server.baseUrl,
    refresher: {
      scopes: [],
      refresh: async () => 0,
      setLiveCalls: async () => undefined,
      liveCalls: async () => true,
    },
  });
  const t0 = Date.now();
  return {
    name: "Excel, workbook fake",
    how: "task pane bridge over the Office.js fake (test/hosts/excel/fakeWorkbook.ts), real clock",
    bridge,
    table: async (sheet) => excel.table(sheet),
    type: async (sheet, row, col, value) => {
      const s = excel.sheets.get(sheet);
      if (!s) throw new Error(`no sheet ${sheet}`);
      s.values.set(`${row},${col}`, value);
    },
    minutes: () => (Date.now() - t0) / 60_000,
    close: async () => undefined,
  };
}
