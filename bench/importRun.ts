/**
 * A sorted-by-profit import of every product of shop 100001 SG through the real sidebar in the
 * web host (dist/web built by the real step, in headless Chromium), driven as a seller does:
 * save the key, pick the import, press Import, wait for "rows written". The import runner of
 * src/imports fetches page by page and writes the finished table to a sheet of the page's spreadsheet.
 */
import type { Browser } from "playwright-core";
import { loopbackOnly, startWebHost, type WebHost } from "../test/hosts/web/harness";
import type { BenchServer } from "./benchServer";
import type { Measure } from "./cells";

/** One import: requests, wall time, rows and sheet writes. */
export interface ImportMeasure extends Measure {
  readonly rows: number;
  readonly sheetWrites: number;
}

interface SheetsWindow {
  __sheets: { get(name: string): { cells: unknown[][]; writeCalls: number } | null };
}

/** The web host, served and with Chromium open; `close()` when done. */
export function openWebHost(): Promise<WebHost> {
  return startWebHost();
}

/** One cold import (a fresh browser context: no saved key, no cache). */
export async function measureImport(
  browser: Browser,
  url: string,
  server: BenchServer,
): Promise<ImportMeasure> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  try {
    const page = await context.newPage();
    await loopbackOnly(page);
    await page.goto(`${url}?api=${encodeURIComponent(server.baseUrl)}`);
    await page.fill("#api-key", server.key);
    await page.click("#save-key");
    await page.locator("#key-saved").waitFor();
    const imports = page.locator("#sec-imports");
    if (!(await imports.evaluate((d) => (d as HTMLDetailsElement).open)))
      await page.locator("#sec-imports > summary").click();
    await page.selectOption("#imp-kind", "productsByProfit");
    await page.locator('#imp-shop option[value="A:100001"]').waitFor({ state: "attached" });
    await page.selectOption("#imp-shop", "A:100001");
    await page.fill("#imp-sheet", "Profit");
    await server.reset();
    const started = Date.now();
    await page.click("#imp-run");
    await page.waitForFunction(
      () =>
        /rows written|stopped|failed/i.test(
          document.querySelector("#imp-status")?.textContent ?? "",
        ),
      undefined,
      { timeout: 120_000, polling: 20 },
    );
    const ms = Date.now() - started;
    const status = await page.locator("#imp-status").innerText();
    if (!/rows written/.test(status)) throw new Error(`import did not finish: ${status}`);
    const requests = await server.requests();
    const sheet = await page.evaluate(() => {
      const s = (window as unknown as SheetsWindow).__sheets.get("Profit");
      return s ? { rows: s.cells.length - 1, writes: s.writeCalls } : null;
    });
    if (!sheet) throw new Error("the import wrote no sheet named Profit");
    return { requests, ms, rows: sheet.rows, sheetWrites: sheet.writes };
  } finally {
    await context.close();
  }
}
