/**
 * The request scheduler in the BUILT functions.js, in Chromium, on a SCALED clock: the page
 * (Date.now and its timers) and the reference server's rate limiter both run 20 times faster
 * from the same instant, so the API's "60 requests a minute" is 60 requests per 3 real
 * seconds on both sides. Minutes below are minutes of that shared clock: what a seller would
 * wait at the real limit. Covers what needs many minutes of the limit: 300 cells that must
 * queue (list answers off), 100 batched cells beside 100 single ones, a 429 with Retry-After
 * 30, and each refresh scope re-running only its cells.
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

const MINUTE = 60_000;
const SCALE = { factor: 20, t0: Date.now() };

/** Most requests in any 60 s (shared clock) window. */
function busiestMinute(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while ((sorted[j] ?? 0) <= (sorted[i] ?? 0) - MINUTE) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

describeBrowser(
  "Excel scheduler on a clock 20x faster than real (server and page share it)",
  () => {
    let rig: WorkbookRig;
    const shop = demoShopA();

    beforeAll(async () => {
      rig = await startWorkbookRig({ rateLimitPerMinute: 60, timeScale: SCALE });
    });

    afterAll(() => rig?.close());

    test("300 item-level cells with list answers off: 300 requests queue, 300 numbers, no 429, within ceil(300/60)+1 minutes", async () => {
      await rig.book.useKey(rig.server.keyFor("demo"), rig.proxy.baseUrl, {
        "mkt.listAnswers": "off",
      });
      rig.proxy.reset();
      await rig.book.resetFetches();
      const started = await rig.book.now();
      await rig.book.enter(
        breakdownCells(
          shop,
          shop.items.slice(0, 300).map((itemId) => ({ itemId })),
        ),
      );
      await rig.book.idle(120_000);
      const cells = await rig.book.cells();
      expect(numbers(cells)).toHaveLength(300);
      expect(errors(cells)).toEqual([]);
      // One request per cell; a request that timed out on a loaded machine (the clock runs 20x)
      // is asked again, so a few more may reach the server, never two per cell.
      expect(rig.proxy.count()).toBeGreaterThanOrEqual(300);
      expect(rig.proxy.count()).toBeLessThanOrEqual(303);
      expect(rig.proxy.statuses.filter((s) => s === 429)).toEqual([]);
      const fetches = await rig.book.fetches();
      expect(busiestMinute(fetches.map((f) => f.at))).toBeLessThanOrEqual(60);
      const minutes = (Math.max(...cells.map((c) => c.settledAt ?? Infinity)) - started) / MINUTE;
      console.log(
        `Excel 300 item cells, lists off: 300 requests in ${minutes.toFixed(2)} min at 60/min`,
      );
      expect(minutes).toBeLessThanOrEqual(Math.ceil(300 / 60) + 1);
    });

    test("100 model-level cells beside 100 single item-level ones (lists off): the batched cells answer within the first minute", async () => {
      await rig.book.useKey(rig.server.keyFor("demo"), rig.proxy.baseUrl, {
        "mkt.listAnswers": "off",
      });
      rig.proxy.reset();
      await rig.book.resetFetches();
      const items = shop.items.slice(500, 600).map((itemId) => ({ itemId }));
      const models = shop.models.slice(200, 300);
      const started = await rig.book.now();
      // The single requests typed first: they must not make the batch wait for their quota.
      await rig.book.enter([
        ...breakdownCells(shop, items, "A"),
        ...breakdownCells(shop, models, "B"),
      ]);
      await rig.book.idle(120_000);
      const cells = await rig.book.cells();
      expect(numbers(cells)).toHaveLength(200);
      const doneAt = (col: string) =>
        Math.max(
          ...cells.filter((c) => c.address.includes(`!${col}`)).map((c) => c.settledAt ?? Infinity),
        );
      console.log(
        `Excel 100 model + 100 item cells: models done after ${((doneAt("B") - started) / 1000).toFixed(1)} s, items after ${((doneAt("A") - started) / 1000).toFixed(1)} s`,
      );
      // Lanes take turns: the one batch request is among the first two sent, not the 101st.
      const order = (await rig.book.fetches()).map((f) => f.url);
      expect(order.findIndex((u) => u.includes("batch-by-model-ids"))).toBeLessThanOrEqual(1);
      // The batch does not wait for the singles' quota: done inside the first minute (the
      // seconds it took are the bench's to say: a loaded machine stretches the 20x clock).
      expect(doneAt("B") - started).toBeLessThan(MINUTE);
      expect(doneAt("A") - started).toBeGreaterThan(MINUTE); // 100 singles need a second minute
      expect(rig.proxy.statuses.filter((s) => s === 429)).toEqual([]);
    });

    test("a recalculation while cells queue cancels and restarts them: all answered, no answer asked twice", async () => {
      await rig.book.useKey(rig.server.keyFor("demo"), rig.proxy.baseUrl, {
        "mkt.listAnswers": "off",
      });
      rig.proxy.reset();
      await rig.book.enter(
        breakdownCells(
          shop,
          shop.items.slice(900, 1020).map((itemId) => ({ itemId })),
        ),
      );
      await new Promise((r) => setTimeout(r, 200)); // the first minute's 60 are out, 60 queue
      await rig.book.recalculate();
      await rig.book.idle(120_000);
      const cells = await rig.book.cells();
      // The cells still queued (about 60) were cancelled and restarted; the others re-ran.
      expect(cells.filter((c) => c.cancels >= 1).length).toBeGreaterThanOrEqual(50);
      expect(cells.every((c) => c.runs === 2)).toBe(true);
      expect(numbers(cells)).toHaveLength(120);
      // Queued calls of cancelled cells were withdrawn; answers in flight landed in the cache.
      expect(rig.proxy.count()).toBe(120);
      expect(rig.proxy.statuses.filter((s) => s === 429)).toEqual([]);
    });

    test("the same where Excel does not cancel a running invocation on recalculation: all answered, no answer asked twice", async () => {
      await rig.book.useKey(rig.server.keyFor("demo"), rig.proxy.baseUrl, {
        "mkt.listAnswers": "off",
      });
      await rig.book.setCancelsOnRecalc(false);
      try {
        rig.proxy.reset();
        await rig.book.enter(
          breakdownCells(
            shop,
            shop.items.slice(1100, 1220).map((itemId) => ({ itemId })),
          ),
        );
        await new Promise((r) => setTimeout(r, 200));
        await rig.book.recalculate();
        await rig.book.idle(120_000);
        const cells = await rig.book.cells();
        expect(cells.every((c) => c.cancels === 0 && c.runs === 2)).toBe(true);
        expect(numbers(cells)).toHaveLength(120);
        // The second invocation of a queued cell joins the first one's call.
        expect(rig.proxy.count()).toBe(120);
        expect(rig.proxy.statuses.filter((s) => s === 429)).toEqual([]);
      } finally {
        await rig.book.setCancelsOnRecalc(true);
      }
    });

    test("429 with Retry-After 30: cells are not told to recalculate, nothing goes for 30 s, then they complete", async () => {
      await rig.book.useKey(rig.server.keyFor("demo"), rig.proxy.baseUrl, {
        "mkt.listAnswers": "off",
      });
      rig.proxy.reset();
      await rig.book.resetFetches();
      rig.proxy.refuseNext(1, 30);
      await rig.book.enter(
        breakdownCells(
          shop,
          shop.items.slice(700, 720).map((itemId) => ({ itemId })),
        ),
      );
      await rig.book.idle(60_000);
      const cells = await rig.book.cells();
      expect(numbers(cells)).toHaveLength(20);
      expect(errors(cells)).toEqual([]);
      const log = await rig.book.fetches();
      const refused = log.find((f) => f.status === 429);
      expect(refused?.doneAt).toBeDefined();
      const pausedAt = refused?.doneAt ?? 0;
      // Requests already in flight when the 429 came back finish; none starts for 30 s after it.
      const later = log.filter((f) => f.at >= pausedAt).map((f) => f.at);
      expect(later.length).toBeGreaterThan(0);
      expect(Math.min(...later) - pausedAt).toBeGreaterThanOrEqual(30_000 - 100);
      expect(rig.proxy.statuses.filter((s) => s === 429)).toHaveLength(1);
    });
  },
);
