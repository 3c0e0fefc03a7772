/**
 * Excel on the web runs every custom function again when rows are inserted and when the
 * workbook is reopened (issue 21), each invocation with an address and a cancel only where
 * functions.json declares `requiresAddress` / `cancelable` (the shim honours both). The
 * add-in's cells must still answer, from their cached answers: one request per product over
 * the whole session, none asked twice.
 */
import {
  breakdownCells,
  demoShopA,
  describeWithBrowser,
  errors,
  numbers,
  startWorkbookRig,
  type WorkbookRig,
} from "./harness/workbookPage";

const describeBrowser = describeWithBrowser();

jest.setTimeout(180_000);

describeBrowser("Excel on the web re-runs functions on row insert and reload", () => {
  let rig: WorkbookRig;
  const shop = demoShopA();

  beforeAll(async () => {
    rig = await startWorkbookRig({ rateLimitPerMinute: 60 });
  });

  afterAll(() => rig?.close());

  test("30 item cells, lists off: rows inserted above them, then a reload; every cell answers, 30 requests in all", async () => {
    await rig.book.useKey(rig.server.keyFor("demo"), rig.proxy.baseUrl, {
      "mkt.listAnswers": "off",
    });
    rig.proxy.reset();
    const items = shop.items.slice(200, 230).map((itemId) => ({ itemId }));
    await rig.book.enter(breakdownCells(shop, items));
    await rig.book.idle(90_000);
    expect(numbers(await rig.book.cells())).toHaveLength(30);
    const first = rig.proxy.count();
    expect(first).toBe(30);

    await rig.book.insertRows("Sheet1", 1, 2);
    await rig.book.idle(90_000);
    let cells = await rig.book.cells();
    expect(numbers(cells)).toHaveLength(30);
    expect(errors(cells)).toEqual([]);
    expect(cells.map((c) => c.address).sort()).toContain("Sheet1!A32");
    expect(cells.every((c) => c.runs === 2)).toBe(true);

    await rig.book.reload();
    await rig.book.idle(90_000);
    cells = await rig.book.cells();
    expect(numbers(cells)).toHaveLength(30);
    expect(cells.every((c) => c.runs === 3)).toBe(true);
    // The re-runs answered from the cache: no product was asked for twice.
    expect(rig.proxy.count()).toBe(30);
    expect(rig.proxy.statuses.filter((s) => s === 429)).toEqual([]);
  });

  /**
   * functions.json is ours, but an add-in deployed with an older or hand-edited copy declares
   * neither option: Excel then passes no address and never calls onCanceled. The cells must
   * still answer (no refresh scope needs the address to compute a value), and a recalculation
   * that restarts running cells must not leave any of them without its number.
   */
  test("a functions.json without requiresAddress and cancelable: no address, no onCanceled, every cell still answers", async () => {
    await rig.book.useKey(rig.server.keyFor("demo"), rig.proxy.baseUrl, {
      "mkt.listAnswers": "off",
    });
    const declared = await rig.excel.page.evaluate(async () => {
      const doc = (await (await fetch("functions.json")).json()) as {
        functions: Array<{ options?: Record<string, unknown> }>;
      };
      for (const f of doc.functions) {
        delete f.options?.requiresAddress;
        delete f.options?.cancelable;
      }
      const url = URL.createObjectURL(new Blob([JSON.stringify(doc)]));
      const w = window as unknown as { excelShim: { loadMetadata(url: string): Promise<number> } };
      await w.excelShim.loadMetadata(url);
      return doc.functions.filter((f) => f.options?.requiresAddress || f.options?.cancelable)
        .length;
    });
    expect(declared).toBe(0);
    rig.proxy.reset();
    const items = shop.items.slice(300, 320).map((itemId) => ({ itemId }));
    await rig.book.enter(breakdownCells(shop, items));
    // Recalculated while the first runs are still out: without cancelable nothing is withdrawn.
    await rig.book.recalculate();
    await rig.book.idle(90_000);
    const cells = await rig.book.cells();
    // The recalculation did restart running cells (their invocations were not told).
    expect(cells.some((c) => c.cancels > 0)).toBe(true);
    expect(errors(cells)).toEqual([]);
    expect(numbers(cells)).toHaveLength(20);
    // Each product asked at most twice (once per run that was not answered from the cache).
    expect(rig.proxy.count()).toBeLessThanOrEqual(40);
    expect(rig.proxy.statuses.filter((s) => s === 429)).toEqual([]);
  });
});
