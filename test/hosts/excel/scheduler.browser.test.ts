/**
 * The request scheduler in the BUILT functions.js, in Chromium, against the reference server
 * at its REAL limit of 60 requests a minute (through a counting proxy that sees every status):
 * a 300-cell item-level recalculation ends in 300 numbers with no 429 at all, and a server
 * killed mid-recalculation is reported as unreachable within 10 s, with no request while the
 * breaker is open. The shim's recalculation cancels and restarts cells in no guaranteed order.
 */
import { startTestServer, type TestServer } from "../../helpers/server";
import { browserTestsBlocker, openExcelPage, type ExcelPage } from "./harness/browser";
import { startCountingProxy, type CountingProxy } from "./harness/countingProxy";
import {
  breakdownCells,
  demoShopA,
  errors,
  numbers,
  workbookOf,
  type Workbook,
} from "./harness/workbookPage";

const blocker = browserTestsBlocker();
if (blocker) console.warn(blocker);
const describeBrowser = blocker ? describe.skip : describe;

jest.setTimeout(180_000);

describeBrowser("Excel scheduler at the real 60/min limit", () => {
  let server: TestServer;
  let proxy: CountingProxy;
  let excel: ExcelPage;
  let book: Workbook;
  const shop = demoShopA();

  beforeAll(async () => {
    server = await startTestServer({ rateLimitPerMinute: 60 });
    proxy = await startCountingProxy(server.baseUrl);
    excel = await openExcelPage();
    book = workbookOf(excel);
  });

  afterAll(async () => {
    await excel?.close();
    await proxy?.close();
    await server?.close();
  });

  test("300 item-level cells in one recalculation: 300 numbers, no error, no 429", async () => {
    await book.useKey(server.keyFor("demo"), proxy.baseUrl);
    proxy.reset();
    // Every 7th product of the 2,100: the shop-wide list is walked to its end.
    const items = shop.items.filter((_, i) => i % 7 === 0).slice(0, 300);
    expect(items).toHaveLength(300);
    await book.enter(
      breakdownCells(
        shop,
        items.map((itemId) => ({ itemId })),
      ),
    );
    await book.idle(120_000);
    const cells = await book.cells();
    expect(numbers(cells)).toHaveLength(300);
    expect(errors(cells)).toEqual([]);
    expect(proxy.statuses.filter((s) => s === 429)).toEqual([]);
    // Five A7 pages of 500 instead of 300 A2 requests.
    expect(proxy.count()).toBeLessThanOrEqual(5);
    console.log(
      `Excel 300 item cells: ${proxy.count()} requests, statuses ${[...new Set(proxy.statuses)].join(",")}`,
    );
  });

  test("100 model-level and 100 item-level cells in one recalculation: all 200 answered at once", async () => {
    await book.useKey(server.keyFor("demo"), proxy.baseUrl);
    proxy.reset();
    const items = shop.items.slice(1000, 1100).map((itemId) => ({ itemId }));
    const models = shop.models.slice(0, 100);
    const started = await book.now();
    await book.enter([...breakdownCells(shop, items, "A"), ...breakdownCells(shop, models, "B")]);
    await book.idle(60_000);
    const cells = await book.cells();
    expect(numbers(cells)).toHaveLength(200);
    const modelDone = Math.max(
      ...cells.filter((c) => c.address.includes("!B")).map((c) => c.settledAt ?? Infinity),
    );
    expect(modelDone - started).toBeLessThan(5_000);
    expect(proxy.statuses.filter((s) => s === 429)).toEqual([]);
  });

  test("server killed mid-recalculation: every cell says it cannot reach the API within 10 s; nothing is sent while the breaker is open", async () => {
    const key = server.keyFor("demo");
    await book.useKey(key, proxy.baseUrl, { "mkt.listAnswers": "off" });
    proxy.reset();
    await book.resetFetches();
    proxy.hold();
    const items = shop.items.slice(1200, 1400).map((itemId) => ({ itemId }));
    const started = Date.now();
    await book.enter(breakdownCells(shop, items));
    for (let i = 0; i < 100 && proxy.held === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(proxy.held).toBeGreaterThan(0);
    await proxy.goDown();
    await book.idle(30_000);
    const settledWithin = Date.now() - started;
    const cells = await book.cells();
    const messages = errors(cells);
    expect(messages).toHaveLength(200);
    for (const m of messages) {
      expect(m).toMatch(/^Could not reach the API at http:\/\/127\.0\.0\.1:\d+/);
      expect(m).not.toMatch(/rate limit/i);
    }
    expect(settledWithin).toBeLessThan(10_000);
    // While the breaker is open (5 s), a recalculation fails at once and sends nothing.
    const sent = (await book.fetches()).length;
    expect(sent).toBeLessThanOrEqual(12); // the requests in flight, plus no more than a retry each
    await book.press("refreshErrors");
    await book.idle(5_000);
    expect(errors(await book.cells())).toHaveLength(200);
    expect((await book.fetches()).length).toBe(sent);
    // Back up: after the cool-down one probe goes, then the cells in error are answered.
    await proxy.comeBack();
    await new Promise((r) => setTimeout(r, 5_500));
    await book.setStorage({ "mkt.listAnswers": "on" }); // 3 list pages, not 200 requests at 60/min
    await book.press("refreshErrors");
    await book.idle(120_000);
    expect(numbers(await book.cells())).toHaveLength(200);
  });
});
