/**
 * The team workbook's web place: the web demo (dist/web, Univer) in headless Chromium, its
 * sidebar's own bridge driven from the page (window.__workbook.bridge, as the sidebar calls it),
 * real HTTP to the bench server at the API's 60 a minute, the page's real clock. The workbook
 * is kept as the page keeps it (IndexedDB); cells are typed through the page's inspector.
 */
import type { Page } from "playwright-core";
import type { ImportDefinition } from "../src/imports/definitions";
import type { JobView } from "../src/sidebar/jobs/jobRecord";
import type { PricingSheetAsk } from "../src/sidebar/pricingSheet";
import type { JobRunOptions } from "../src/ui/bridge";
import { columnLetters } from "../src/imports/managedTable";
import { loopbackOnly, startWebHost } from "../test/hosts/web/harness";
import { openWithApi, saveKey } from "../test/hosts/web/webPage";
import type { BenchServer } from "./benchServer";
import type { Place } from "./teamWorkbook";

type Call =
  | { readonly kind: "import"; readonly def: ImportDefinition }
  | { readonly kind: "pricing"; readonly ask: PricingSheetAsk }
  | { readonly kind: "refresh"; readonly sheet: string };

interface PageBridge {
  runImport(def: ImportDefinition, o: JobRunOptions): Promise<unknown>;
  newPricingSheet(ask: PricingSheetAsk, o: JobRunOptions): Promise<unknown>;
  refreshPricingSheet(sheet: string, o: JobRunOptions): Promise<unknown>;
  team: { keepSnapshot(sheet: string): Promise<unknown> };
}
type BenchWindow = {
  __workbook: { bridge: PageBridge; save(): Promise<unknown> };
  __sheets: {
    values(name: string): unknown[][];
    setValues(sheet: string, topLeft: string, values: unknown[][]): void;
  };
  __teamViews: JobView[];
};

/** Run one job in the page; its views come back by polling (a callback cannot cross). */
async function runInPage(page: Page, call: Call, options: JobRunOptions): Promise<void> {
  // A string, not a function: tsx's names helper (__name) does not exist in the page.
  const done = page.evaluate(`(async (c) => {
    const w = window;
    w.__teamViews = [];
    const o = { confirm: async () => true, onProgress: (v) => void w.__teamViews.push(v) };
    const b = w.__workbook.bridge;
    if (c.kind === "import") await b.runImport(c.def, o);
    else if (c.kind === "pricing") await b.newPricingSheet(c.ask, o);
    else await b.refreshPricingSheet(c.sheet, o);
    return true;
  })(${JSON.stringify(call)})`);
  let over = false;
  void done.then(
    () => (over = true),
    () => (over = true),
  );
  const drain = async (): Promise<void> => {
    const views = await page.evaluate(() =>
      (window as unknown as BenchWindow).__teamViews.splice(0),
    );
    for (const v of views) options.onProgress?.(v);
  };
  while (!over) {
    await drain();
    await new Promise((r) => setTimeout(r, 500));
  }
  await done;
  await drain();
}

export async function webPlace(server: BenchServer): Promise<Place> {
  const host = await startWebHost();
  const context = await host.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  await loopbackOnly(page);
  await openWithApi(page, host.url, server.baseUrl);
  await saveKey(page, server.key);
  const t0 = Date.now();
  return {
    name: "Web demo, Chromium",
    how: "dist/web in headless Chromium, the page's sidebar bridge (window.__workbook.bridge), IndexedDB workbook, real clock",
    bridge: {
      runImport: async (def, o) => (
        await runInPage(page, { kind: "import", def }, o ?? {}),
        null as never
      ),
      newPricingSheet: async (ask, o) => (
        await runInPage(page, { kind: "pricing", ask }, o ?? {}),
        null as never
      ),
      refreshPricingSheet: async (sheet, o) => (
        await runInPage(page, { kind: "refresh", sheet }, o ?? {}),
        null as never
      ),
      team: {
        keepSnapshot: async (sheet) =>
          (await page.evaluate(
            (n) => (window as unknown as BenchWindow).__workbook.bridge.team.keepSnapshot(n),
            sheet,
          )) as never,
      },
    },
    table: async (sheet) => {
      const grid = await page.evaluate(
        (n) => (window as unknown as BenchWindow).__sheets.values(n),
        sheet,
      );
      while (grid.length > 0 && (grid[grid.length - 1] ?? []).every((v) => v === "" || v === null))
        grid.pop();
      return grid;
    },
    type: async (sheet, row, col, value) => {
      await page.evaluate(
        ([n, at, v]) => (window as unknown as BenchWindow).__sheets.setValues(n, at, [[v]]),
        [sheet, `${columnLetters(col)}${row + 1}`, value] as const,
      );
    },
    minutes: () => (Date.now() - t0) / 60_000,
    close: async () => {
      await context.close();
      await host.close();
    },
  };
}
