/**
 * `npx tsx build/screenshot.ts`: the README's picture, docs/web-demo.png. The web host (built
 * by the real step) in headless Chromium against the reference server with the demo data: the
 * key saved, 2,100 products imported sorted by profit, and beside the import a column of live
 * formulas (=MKTA_BREAKDOWN(..., "margin") per row) that the spreadsheet computed.
 * Fails if the PNG is 200 KB or more (it is committed).
 */
import { statSync } from "node:fs";
import path from "node:path";
import { startTestServer } from "../test/helpers/server";
import { columnLetters } from "../src/imports/rangeAddress";
import { loopbackOnly, startWebHost } from "../test/hosts/web/harness";
import { openWithApi } from "../test/hosts/web/webPage";

const OUT = path.resolve(__dirname, "..", "docs", "web-demo.png");
const MAX_BYTES = 200 * 1024;

async function main(): Promise<void> {
  const api = await startTestServer();
  const web = await startWebHost();
  try {
    const page = await web.browser.newPage({ viewport: { width: 1280, height: 720 } });
    await loopbackOnly(page);
    await openWithApi(page, web.url, api.baseUrl);
    await page.fill("#api-key", api.keyFor("demo"));
    await page.click("#save-key");
    await page.locator("#key-saved").waitFor();
    await page.locator("#sec-imports > summary").click();
    await page.selectOption("#imp-kind", "productsByProfit");
    await page.fill("#imp-sheet", "Profit");
    await page.click("#imp-run");
    await page.waitForFunction(() =>
      /rows written/.test(document.querySelector("#imp-status")?.textContent ?? ""),
    );
    await page.locator("#sec-imports > summary").click(); // fold it again
    // A column of live formulas beside the import: the margin of each product, computed.
    const header = await page.evaluate(
      () =>
        (window as unknown as { __sheets: { values(n: string): unknown[][] } }).__sheets.values(
          "Profit",
        )[0] ?? [],
    );
    const idColumn = columnLetters(header.indexOf("Item id"));
    const column = columnLetters(header.length);
    const rows = [["Margin % at list price (live)"]];
    for (let r = 2; r <= 40; r++)
      rows.push([`=MKTA_BREAKDOWN(100001, "SG", ${idColumn}${r}, , "margin")`]);
    await page.evaluate(
      ({ rows, column, from }) => {
        const sheets = (
          window as unknown as {
            __sheets: {
              setValues(sheet: string, at: string, v: string[][]): void;
              select(sheet: string, range: string): void;
              scrollTo(sheet: string, cell: string): void;
            };
          }
        ).__sheets;
        sheets.setValues("Profit", `${column}1`, rows);
        sheets.select("Profit", `${column}2`);
        sheets.scrollTo("Profit", from); // the imported figures beside the live column
      },
      { rows, column, from: `${columnLetters(header.indexOf("Margin") - 1)}1` },
    );
    await page.waitForFunction(
      () => {
        const v = (
          window as unknown as { __sheets: { values(n: string): unknown[][] } }
        ).__sheets.values("Profit");
        const col = (v[0] ?? []).indexOf("Margin % at list price (live)");
        return v.slice(1, 40).every((r) => typeof r[col] === "number");
      },
      undefined,
      { timeout: 60_000 },
    );
    await page.locator("#sec-builder > summary").click();
    await page.selectOption("#fb-function", "MKTA_BREAKDOWN");
    await page.screenshot({ path: OUT });
    const bytes = statSync(OUT).size;
    if (bytes >= MAX_BYTES)
      throw new Error(`${OUT} is ${bytes} bytes: over ${MAX_BYTES}; shrink the viewport`);
    console.log(`wrote ${path.relative(process.cwd(), OUT)} (${Math.round(bytes / 1024)} KB)`);
  } finally {
    await web.close();
    await api.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
