/**
 * Excel's task pane bridge over the Office.js workbook fake and a reference server (real HTTP),
 * with settings in a plain map a test can read (the key must land only where it belongs).
 */
// office-addin-mock's manifest dependency is ESM-only: give it the host names alone.
jest.mock("office-addin-manifest", () => ({
  OfficeApp: { Excel: "excel", Outlook: "outlook", PowerPoint: "powerpoint", Word: "word" },
}));
import { createExcelTaskpaneBridge } from "../../../src/hosts/excel/taskpaneBridge";
import type { AsyncClock } from "../../../src/core/clock";
import { type FetchLike, fetchTransport } from "../../../src/hosts/shared/fetchTransport";
import type { TestServer } from "../../helpers/server";
import { fakeWorkbook, type FakeWorkbook } from "./fakeWorkbook";

/**
 * `workbook`: a teammate opening the same file (their own settings, the same cells); `page`: the
 * page's network (a test's faults) and clock, default the real ones.
 */
export function paneOverServer(
  server: TestServer,
  apiKey: string | null,
  workbook?: FakeWorkbook,
  page: { readonly fetchFn?: FetchLike; readonly clock?: AsyncClock } = {},
) {
  const excel = workbook ?? fakeWorkbook();
  const settings = new Map<string, string>([["mkt.baseUrl", server.baseUrl]]);
  if (apiKey) settings.set("mkt.apiKey", apiKey);
  const bridge = createExcelTaskpaneBridge({
    run: excel.run,
    hasExcelApi: excel.hasExcelApi,
    storage: {
      get: async (n) => settings.get(n) ?? null,
      set: async (n, v) => void settings.set(n, v),
      remove: async (n) => void settings.delete(n),
    },
    transport: fetchTransport(page.fetchFn),
    ...(page.clock ? { clock: page.clock } : {}),
    defaultBaseUrl: server.baseUrl,
    refresher: {
      scopes: [],
      refresh: async () => 0,
      setLiveCalls: async () => undefined,
      liveCalls: async () => true,
    },
  });
  return { excel, bridge, settings };
}
