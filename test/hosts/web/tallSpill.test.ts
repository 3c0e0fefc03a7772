/**
 * Issue 23: a table answer with more rows than the sheet has left. The engine showed #SPILL!
 * with nothing in the way (and an earlier typed-answer attempt left it "Loading…"); the sheet
 * grows to hold it instead, as an import's sheet does.
 */
import type { Page } from "playwright-core";
import { startTestServer, type TestServer } from "../../helpers/server";
import {
  browserBlocker,
  loopbackOnly,
  serverHandlers,
  startWebHost,
  type WebHost,
} from "./harness";
import { messageAt, openWithApi, saveKey, settledValues, typeInto } from "./webPage";
import { demoIds } from "../excel/harness/catalogCases";

const blocker = browserBlocker();
const describeBrowser = blocker ? describe.skip : describe;
if (blocker) console.warn(blocker);

jest.setTimeout(180_000);

describeBrowser("a table taller than the sheet in the web demo", () => {
  let api: TestServer;
  let host: WebHost;
  let page: Page;

  beforeAll(async () => {
    const handlers = await serverHandlers();
    api = await startTestServer(handlers ? { handlers } : {});
    host = await startWebHost();
    page = await host.browser.newPage({ viewport: { width: 1100, height: 900 } });
    await loopbackOnly(page);
    await openWithApi(page, host.url, api.baseUrl);
    await saveKey(page, api.keyFor("demo"));
  });

  afterAll(async () => {
    await host?.close();
    await api?.close().catch(() => undefined);
  });

  test("a product list typed near the sheet's last row spills whole: the sheet grows", async () => {
    const ids = demoIds();
    await typeInto(page, "Sheet1", "A995", `=MKTA_PRODUCTS(${ids.shopA},"${ids.regionA}",999)`);
    // Waits while the cell shows "Loading…"; a table that stays there fails here.
    const values = await settledValues(page, "Sheet1", (v) => v.length > 1000, 120_000);
    const table = values.slice(994).filter((row) => row.some((c) => c !== ""));
    expect(table[0]?.[0]).not.toBe("#SPILL!");
    expect(table[0]).toContain("Name");
    // Every product below the header, past the sheet's old 1000 rows.
    expect(table.length).toBeGreaterThan(6);
    expect(994 + table.length).toBeGreaterThan(1000);
    expect(await messageAt(page, "Sheet1!A995")).toBeNull();
  });
});
