/**
 * The request scheduler in the BUILT functions.js, in Chromium, against the reference server
 * at its REAL limit of 60 requests a minute (through a counting proxy that sees every status):
 * a 300-cell item-level recalculation ends in 300 numbers with no 429 at all, and a server
 * killed mid-recalculation is reported as unreachable within 10 s, with no request while the
 * breaker is open. The shim's recalculation cancels and restarts cells in no guaranteed order.
 */
import {
  breakdownCells,
  demoShopA,
  errors,
  numbers,
  describeWithBrowser,
  startWorkbookRig,
  type WorkbookRig,
} from "./harness/workbookPage";

const describeBrowser = describeWithBrowser();

jest.setTimeout(180_000);

describeBrowser("Excel scheduler at the real 60/min limit", () => {
  let rig: WorkbookRig;
  const shop = demoShopA();

  beforeAll(async () => {
    rig = await startWorkbookRig({ rateLimitPerMinute: 60 });
  });

  afterAll(() => rig?.close());

  test("300 item-level cells in one recalculation: 300 numbers, no error, no 429", async () => {
    await rig.book.useKey(rig.server.keyFor("demo"), rig.proxy.baseUrl);
    rig.proxy.reset();
    // Every 7th product of the 2,100: the shop-wide list is walked to its end.
    const items = shop.items.filter((_, i) => i % 7 === 0).slice(0, 300);
    expect(items).toHaveLength(300);
    await rig.book.enter(
      breakdownCells(
        shop,
        items.map((itemId) => ({ itemId })),
      ),
    );
    await rig.book.idle(120_000);
    const cells = await rig.book.cells();
    expect(numbers(cells)).toHaveLength(300);
    expect(errors(cells)).toEqual([]);
    expect(rig.proxy.statuses.filter((s) => s === 429)).toEqual([]);
    // Five A7 pages of 500 instead of 300 A2 requests.
    expect(rig.proxy.count()).toBeLessThanOrEqual(5);
    console.log(
      `Excel 300 item cells: ${rig.proxy.count()} requests, statuses ${[...new Set(rig.proxy.statuses)].join(",")}`,
    );
  });

  test("100 model-level and 100 item-level cells in one recalculation: all 200 answered at once", async () => {
    await rig.book.useKey(rig.server.keyFor("demo"), rig.proxy.baseUrl);
    rig.proxy.reset();
    const items = shop.items.slice(1000, 1100).map((itemId) => ({ itemId }));
    const models = shop.models.slice(0, 100);
    const started = await rig.book.now();
    await rig.book.enter([
      ...breakdownCells(shop, items, "A"),
      ...breakdownCells(shop, models, "B"),
    ]);
    await rig.book.idle(60_000);
    const cells = await rig.book.cells();
    expect(numbers(cells)).toHaveLength(200);
    const modelDone = Math.max(
      ...cells.filter((c) => c.address.includes("!B")).map((c) => c.settledAt ?? Infinity),
    );
    expect(modelDone - started).toBeLessThan(5_000);
    expect(rig.proxy.statuses.filter((s) => s === 429)).toEqual([]);
  });

  test("server killed mid-recalculation: every cell says it cannot reach the API within 10 s; nothing is sent while the breaker is open", async () => {
    const key = rig.server.keyFor("demo");
    await rig.book.useKey(key, rig.proxy.baseUrl, { "mkt.listAnswers": "off" });
    rig.proxy.reset();
    await rig.book.resetFetches();
    rig.proxy.hold();
    const items = shop.items.slice(1200, 1400).map((itemId) => ({ itemId }));
    const started = Date.now();
    await rig.book.enter(breakdownCells(shop, items));
    for (let i = 0; i < 100 && rig.proxy.held === 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(rig.proxy.held).toBeGreaterThan(0);
    await rig.proxy.goDown();
    await rig.book.idle(30_000);
    const settledWithin = Date.now() - started;
    const cells = await rig.book.cells();
    const messages = errors(cells);
    expect(messages).toHaveLength(200);
    for (const m of messages) {
      expect(m).toMatch(/^Could not reach the API at http:\/\/127\.0\.0\.1:\d+/);
      expect(m).not.toMatch(/rate limit/i);
    }
    expect(settledWithin).toBeLessThan(10_000);
    // While the breaker is open (5 s), a recalculation fails at once and sends nothing.
    const sent = (await rig.book.fetches()).length;
    expect(sent).toBeLessThanOrEqual(12); // the requests in flight, plus no more than a retry each
    await rig.book.press("refreshErrors");
    await rig.book.idle(5_000);
    expect(errors(await rig.book.cells())).toHaveLength(200);
    expect((await rig.book.fetches()).length).toBe(sent);
    // Back up: after the cool-down one probe goes, then the cells in error are answered.
    await rig.proxy.comeBack();
    await new Promise((r) => setTimeout(r, 5_500));
    await rig.book.setStorage({ "mkt.listAnswers": "on" }); // 3 list pages, not 200 requests at 60/min
    await rig.book.press("refreshErrors");
    await rig.book.idle(120_000);
    expect(numbers(await rig.book.cells())).toHaveLength(200);
  });
});
