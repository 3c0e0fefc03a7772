/**
 * Typed handles on the shim's workbook from the Node side of a browser test: enter formulas,
 * wait until no cell is #BUSY!, read cells, press ribbon buttons, read the page's fetches.
 */
import { startTestServer, type TestServer } from "../../../helpers/server";
import { browserTestsBlocker, openExcelPage, scaledNow, type ExcelPage } from "./browser";
import { startCountingProxy, type CountingProxy } from "./countingProxy";
import type { CellView } from "./workbookShim";
import { generateDemoData } from "../../../../src/server/data/generate";

interface ShimWindow {
  excelShim: {
    loadMetadata(url?: string): Promise<number>;
    setStorage(items: Record<string, string>): Promise<void>;
    enterFormulas(f: Array<{ address: string; id: string; args: unknown[] }>): void;
    clearFormulas(): void;
    recalculate(addresses?: string[]): void;
    insertRows(sheet: string, row: number, count: number): void;
    reload(): void;
    cells(): CellView[];
    idle(timeoutMs?: number): Promise<void>;
    select(address: string): void;
    activate(sheet: string): void;
    setExcelApi(version: string): void;
    setCancelsOnRecalc(on: boolean): void;
    setCalculateSkipsClean(on: boolean): void;
    rewrites(): number;
    runAction(id: string): Promise<void>;
    actionIds(): string[];
    fetchLog(): Array<{
      at: number;
      url: string;
      method: string;
      status?: number;
      doneAt?: number;
    }>;
    resetFetchLog(): void;
  };
  mktExcelRuntime: { reloadSettings(): void };
}

/** A formula to type into a cell. */
export interface Formula {
  readonly address: string;
  readonly id: string;
  readonly args: unknown[];
}

/** The shim workbook of one page. */
export function workbookOf(excel: ExcelPage) {
  const page = excel.page;
  const shim = <T>(fn: (w: ShimWindow, arg: unknown) => T, arg?: unknown): Promise<T> =>
    page.evaluate(
      ([body, a]) => {
        const f = new Function("w", "a", `return (${body})(w, a);`) as (
          w: unknown,
          a: unknown,
        ) => T;
        return f(window, a);
      },
      [fn.toString(), arg] as const,
    ) as Promise<T>;
  return {
    /** Load functions.json and use this key and API address (plus other storage items). */
    async useKey(
      apiKey: string,
      baseUrl: string,
      extra: Record<string, string> = {},
    ): Promise<void> {
      await shim(
        async (w, a) => {
          const { items } = a as { items: Record<string, string> };
          await w.excelShim.loadMetadata();
          w.excelShim.clearFormulas();
          await w.excelShim.setStorage(items);
          w.mktExcelRuntime.reloadSettings();
        },
        {
          items: {
            "mkt.apiKey": apiKey,
            "mkt.baseUrl": baseUrl,
            "mkt.listAnswers": "on",
            ...extra,
          },
        },
      );
    },
    setStorage: (items: Record<string, string>) =>
      shim(async (w, a) => {
        await w.excelShim.setStorage(a as Record<string, string>);
        w.mktExcelRuntime.reloadSettings();
      }, items),
    enter: (formulas: readonly Formula[]) =>
      shim((w, a) => w.excelShim.enterFormulas(a as Formula[]), formulas),
    cells: () => shim((w) => w.excelShim.cells()),
    /** A full recalculation by the seller (Ctrl+Alt+F9): every cell cancelled and restarted. */
    recalculate: () => shim((w) => w.excelShim.recalculate()),
    /** Rows inserted above `row`: Excel on the web runs every formula again. */
    insertRows: (sheet: string, row: number, count: number) =>
      shim(
        (w, a) => {
          const [s, r, n] = a as [string, number, number];
          w.excelShim.insertRows(s, r, n);
        },
        [sheet, row, count],
      ),
    /** The workbook reopened in Excel on the web: every formula runs again. */
    reload: () => shim((w) => w.excelShim.reload()),
    idle: (timeoutMs = 60_000) => shim((w, a) => w.excelShim.idle(a as number), timeoutMs),
    select: (address: string) => shim((w, a) => w.excelShim.select(a as string), address),
    activate: (sheet: string) => shim((w, a) => w.excelShim.activate(a as string), sheet),
    /** false: recalculation does not cancel running invocations (FAKES.md E-R2). */
    setCancelsOnRecalc: (on: boolean) =>
      shim((w, a) => w.excelShim.setCancelsOnRecalc(a as boolean), on),
    /** The ExcelApi version the shim's Excel has (older Excel: refresh falls back). */
    setExcelApi: (version: string) => shim((w, a) => w.excelShim.setExcelApi(a as string), version),
    /** true: Range.calculate() skips clean cells (FAKES.md E-R4). */
    setCalculateSkipsClean: (on: boolean) =>
      shim((w, a) => w.excelShim.setCalculateSkipsClean(a as boolean), on),
    rewrites: () => shim((w) => w.excelShim.rewrites()),
    press: (action: string) => shim((w, a) => w.excelShim.runAction(a as string), action),
    fetches: () => shim((w) => w.excelShim.fetchLog()),
    resetFetches: () => shim((w) => w.excelShim.resetFetchLog()),
    now: () => page.evaluate(() => Date.now()),
  };
}

export type Workbook = ReturnType<typeof workbookOf>;

/** Demo shop 100001 (SG, 2,100 products) and its model ids. */
export function demoShopA() {
  const data = generateDemoData({ seed: 1, scale: 1, today: "2025-06-30" });
  const shop = data.accounts.find((a) => a.id === "demo")?.shopsA[0];
  if (!shop) throw new Error("no demo A shop");
  return {
    shopId: shop.shopId,
    region: shop.region,
    items: shop.products.map((p) => p.itemId),
    models: shop.products.flatMap((p) =>
      p.models.flatMap((m) =>
        m.modelId === null ? [] : [{ itemId: p.itemId, modelId: m.modelId }],
      ),
    ),
  };
}

/** MKTA_BREAKDOWN(shop, region, item, [model], "netProfit") cells down a column. */
export function breakdownCells(
  shop: { shopId: number; region: string },
  rows: ReadonlyArray<{ itemId: number; modelId?: number }>,
  column = "A",
  sheet = "Sheet1",
): Formula[] {
  return rows.map((r, i) => ({
    address: `${sheet}!${column}${i + 1}`,
    id: "MKTA_BREAKDOWN",
    args: [shop.shopId, shop.region, r.itemId, r.modelId, "netProfit"],
  }));
}

/** The cells whose value is a plain number (a spill of one number counts). */
export function numbers(cells: readonly CellView[]): CellView[] {
  return cells.filter((c) => {
    if (!c.value?.ok) return false;
    const v = c.value.value;
    return typeof v === "number" || (Array.isArray(v) && typeof v[0]?.[0] === "number");
  });
}

/** Error messages shown by these cells. */
export function errors(cells: readonly CellView[]): string[] {
  return cells.flatMap((c) => (c.value && !c.value.ok ? [c.value.message] : []));
}

/** A reference server behind a counting proxy and the built functions.js in a shim page. */
export interface WorkbookRig {
  readonly server: TestServer;
  readonly proxy: CountingProxy;
  readonly excel: ExcelPage;
  readonly book: Workbook;
  close(): Promise<void>;
}

/** Start the rig; `timeScale`: page and server share a clock that runs that much faster. */
export async function startWorkbookRig(
  options: {
    rateLimitPerMinute?: number;
    /** The server's failed-authentication throttle (default: high enough never to trigger). */
    authFailuresPerMinute?: number;
    timeScale?: { factor: number; t0: number };
  } = {},
): Promise<WorkbookRig> {
  const server = await startTestServer({
    ...(options.rateLimitPerMinute ? { rateLimitPerMinute: options.rateLimitPerMinute } : {}),
    ...(options.authFailuresPerMinute
      ? { authFailuresPerMinute: options.authFailuresPerMinute }
      : {}),
    ...(options.timeScale ? { now: scaledNow(options.timeScale) } : {}),
  });
  const proxy = await startCountingProxy(server.baseUrl);
  const excel = await openExcelPage(options.timeScale ? { timeScale: options.timeScale } : {});
  return {
    server,
    proxy,
    excel,
    book: workbookOf(excel),
    async close() {
      await excel.close();
      await proxy.close();
      await server.close();
    },
  };
}

/** `describe` for browser tests, skipped with a warning where Chromium is missing. */
export function describeWithBrowser(): jest.Describe {
  const blocker = browserTestsBlocker();
  if (blocker) console.warn(blocker);
  return blocker ? describe.skip : describe;
}
