/**
 * Refresh in the BUILT functions.js, through the ribbon's buttons (Office.actions), in
 * Chromium: each scope re-runs only its cells (counted per cell by the shim's recalculation,
 * which cancels and restarts invocations like Excel) with fresh answers (requests counted at
 * the proxy). The page and the server share a clock 20x faster than real, so the cache time
 * (60 s) passes in 3 real seconds.
 */
import { REFRESH_JOIN_MS } from "../../../src/core/cache";
import { scaledNow } from "./harness/browser";
import type { CellView } from "./harness/workbookShim";
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

jest.setTimeout(120_000);

const SCALE = { factor: 20, t0: Date.now() };
/** Wait this long on the shared (scaled) clock. */
const wait = (scaledMs: number) => new Promise((r) => setTimeout(r, scaledMs / SCALE.factor));

describeBrowser("Excel refresh scopes re-run only their cells", () => {
  let rig: WorkbookRig;
  const shop = demoShopA();
  const items = (from: number, n: number) =>
    shop.items.slice(from, from + n).map((itemId) => ({ itemId }));

  beforeAll(async () => {
    rig = await startWorkbookRig({ timeScale: SCALE });
    // List answers off: each cell is one request, so requests count cells.
    await rig.book.useKey(rig.server.keyFor("demo"), rig.proxy.baseUrl, {
      "mkt.listAnswers": "off",
      "mkt.cacheTtlSec": "60",
    });
    await rig.book.enter([
      ...breakdownCells(shop, items(0, 10), "A", "Sheet1"),
      ...breakdownCells(shop, items(10, 10), "A", "Sheet2"),
      // Items this shop does not have: these cells show an error.
      ...breakdownCells(
        shop,
        [{ itemId: 99_999_991 }, { itemId: 99_999_992 }, { itemId: 99_999_993 }],
        "B",
        "Sheet1",
      ),
    ]);
    await rig.book.idle();
  });

  afterAll(() => rig?.close());

  /** Run `action`; return the cells that ran again and the requests it cost. */
  async function rerun(
    action: () => Promise<unknown>,
  ): Promise<{ cells: string[]; requests: number }> {
    // A refresh joins one that renewed the same cell within REFRESH_JOIN_MS (quick clicks):
    // each scope here is a click of its own, later.
    await wait(REFRESH_JOIN_MS + 1_000);
    const before = new Map((await rig.book.cells()).map((c: CellView) => [c.address, c.runs]));
    rig.proxy.reset();
    await action();
    await rig.book.idle();
    const after = await rig.book.cells();
    return {
      cells: after
        .filter((c) => c.runs !== before.get(c.address))
        .map((c) => c.address)
        .sort(),
      requests: rig.proxy.count(),
    };
  }

  const range = (sheet: string, col: string, from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => `${sheet}!${col}${from + i}`).sort();

  test("the formulas answered: 20 numbers, 3 errors", async () => {
    const cells = await rig.book.cells();
    expect(numbers(cells)).toHaveLength(20);
    expect(errors(cells)).toHaveLength(3);
  });

  test("selection: only the selected cells, with fresh answers", async () => {
    await rig.book.select("Sheet1!A1:A5");
    const r = await rerun(() => rig.book.press("refreshSelection"));
    expect(r).toEqual({ cells: range("Sheet1", "A", 1, 5), requests: 5 });
  });

  test("sheet: only the active sheet's cells", async () => {
    await rig.book.activate("Sheet2");
    const r = await rerun(() => rig.book.press("refreshSheet"));
    expect(r).toEqual({ cells: range("Sheet2", "A", 1, 10), requests: 10 });
  });

  test("errors: only the cells showing an error", async () => {
    const r = await rerun(() => rig.book.press("refreshErrors"));
    expect(r).toEqual({ cells: range("Sheet1", "B", 1, 3), requests: 3 });
  });

  test("old answers: only the cells whose answers are older than the cache time (60 s)", async () => {
    await rig.book.activate("Sheet1");
    await rig.book.press("refreshSheet"); // Sheet1 answered now...
    await rig.book.idle();
    await wait(40_000);
    await rig.book.activate("Sheet2");
    await rig.book.press("refreshSheet"); // ...Sheet2 40 s later
    await rig.book.idle();
    await wait(25_000); // Sheet1's answers are 65 s old, Sheet2's 25 s
    // On a loaded machine a step of the scenario takes longer than its scaled time: the cells
    // that are old are those that settled more than 60 s (scaled) before the press.
    // (settledAt is on the page's clock, which runs SCALE.factor times faster.)
    const pressedAt = scaledNow(SCALE)();
    const old = (await rig.book.cells())
      .filter((c) => /^Sheet[12]!A/.test(c.address) && c.settledAt !== null)
      .filter((c) => pressedAt - (c.settledAt ?? pressedAt) > 60_000)
      .map((c) => c.address)
      .sort();
    expect(old).toEqual(expect.arrayContaining(range("Sheet1", "A", 1, 10)));
    const r = await rerun(() => rig.book.press("refreshStale"));
    expect(r).toEqual({ cells: old, requests: old.length });
  });

  test("an Excel without ExcelApi 1.9 / 1.14 (no RangeAreas, no markAllDirty): sheet and errors re-run the same cells one Range at a time", async () => {
    await rig.book.setExcelApi("1.8");
    try {
      await rig.book.activate("Sheet2");
      const sheet = await rerun(() => rig.book.press("refreshSheet"));
      expect(sheet).toEqual({ cells: range("Sheet2", "A", 1, 10), requests: 10 });
      const failed = await rerun(() => rig.book.press("refreshErrors"));
      expect(failed).toEqual({ cells: range("Sheet1", "B", 1, 3), requests: 3 });
    } finally {
      await rig.book.setExcelApi("1.14");
    }
  });

  test("an Excel whose Range.calculate() skips clean cells (FAKES.md E-R4): selection, errors and old answers still re-run each cell once, its formula written again", async () => {
    const before = await rig.book.rewrites();
    await rig.book.setCalculateSkipsClean(true);
    try {
      await rig.book.select("Sheet2!A1:A4");
      const selection = await rerun(() => rig.book.press("refreshSelection"));
      expect(selection).toEqual({ cells: range("Sheet2", "A", 1, 4), requests: 4 });
      const failed = await rerun(() => rig.book.press("refreshErrors"));
      expect(failed).toEqual({ cells: range("Sheet1", "B", 1, 3), requests: 3 });
      await wait(65_000);
      await rig.book.activate("Sheet1");
      const old = await rerun(() => rig.book.press("refreshStale"));
      expect(old.cells.length).toBeGreaterThan(0);
      expect(old.requests).toBe(old.cells.length);
      expect(await rig.book.rewrites()).toBe(before + 7 + old.cells.length);
    } finally {
      await rig.book.setCalculateSkipsClean(false);
    }
    // Where calculate re-runs them, nothing is written again.
    const afterSkipping = await rig.book.rewrites();
    await rig.book.select("Sheet2!A1:A4");
    const kind = await rerun(() => rig.book.press("refreshSelection"));
    expect(kind).toEqual({ cells: range("Sheet2", "A", 1, 4), requests: 4 });
    expect(await rig.book.rewrites()).toBe(afterSkipping);
  });

  test("workbook: every cell", async () => {
    const r = await rerun(() => rig.book.press("refreshWorkbook"));
    expect(r.cells).toHaveLength(23);
    expect(r.requests).toBe(23);
  });

  test("pause live calls: cells answer from the cache or say where to resume; resume answers them", async () => {
    await rig.book.press("pauseLiveCalls");
    const fresh = await rerun(async () => {
      await rig.book.enter(breakdownCells(shop, items(40, 1), "A", "Sheet3"));
      await rig.book.select("Sheet1!A1:A10");
      await rig.book.press("refreshSelection");
    });
    expect(fresh.requests).toBe(0);
    const cells = await rig.book.cells();
    expect(numbers(cells.filter((c) => c.address.startsWith("Sheet1!A")))).toHaveLength(10);
    const paused = cells.find((c) => c.address === "Sheet3!A1");
    expect(paused?.value).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Live calls are paused.*resume live calls/),
    });
    const resumed = await rerun(() => rig.book.press("resumeLiveCalls"));
    // Resuming re-runs the cells in error: the paused one and the three unknown items.
    expect(resumed.cells).toEqual(["Sheet1!B1", "Sheet1!B2", "Sheet1!B3", "Sheet3!A1"]);
    expect(resumed.requests).toBe(4);
    expect(numbers(await rig.book.cells()).map((c) => c.address)).toContain("Sheet3!A1");
  });

  test("clear cache: every cell recalculates, with fresh answers", async () => {
    const r = await rerun(() => rig.book.press("clearCache"));
    expect(r.cells).toHaveLength(24);
    expect(r.requests).toBe(24);
  });
});
