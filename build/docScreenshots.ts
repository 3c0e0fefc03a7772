/**
 * `npx tsx build/docScreenshots.ts <page url> <api url> <key>`: the docs' pictures of the web
 * demo as a new user sees it after `npm start` (issue 35): an import sorted by profit
 * (docs/web-demo.png), a pricing sheet (docs/web-pricing.png), a shop overview
 * (docs/web-overview.png) and a SET_MARGIN_PREVIEW table (docs/web-preview.png). Headless
 * Chromium against the running page and reference server; each PNG must stay under 200 KB.
 */
import { statSync } from "node:fs";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { openFromApiLink, pasteValues, saveKey, settledValues } from "../test/hosts/web/webPage";

const DOCS = path.resolve(__dirname, "..", "docs");
const MAX_BYTES = 200 * 1024;

type Sheets = {
  __sheets: {
    values(n: string): unknown[][];
    scrollTo(sheet: string, cell: string): void;
    select(sheet: string, range: string): void;
  };
};

async function shot(page: Page, name: string): Promise<void> {
  const out = path.join(DOCS, name);
  await page.waitForTimeout(1500); // formats and widths land after the engine's answer
  await page.screenshot({ path: out });
  const bytes = statSync(out).size;
  if (bytes >= MAX_BYTES) throw new Error(`${out} is ${bytes} bytes: over ${MAX_BYTES}`);
  console.log(`wrote docs/${name} (${Math.round(bytes / 1024)} KB)`);
}

async function importSheet(page: Page, kind: string, shop: string, sheet: string): Promise<void> {
  await page.locator("#sec-imports > summary").click();
  await page.selectOption("#imp-kind", kind);
  await page.selectOption("#imp-shop", shop);
  await page.fill("#imp-sheet", sheet);
  await page.click("#imp-run");
  await page.waitForFunction(
    () => /rows written/.test(document.querySelector("#imp-status")?.textContent ?? ""),
    undefined,
    { timeout: 300_000 },
  );
}

async function main(): Promise<void> {
  const [pageUrl, apiUrl, key, only] = process.argv.slice(2);
  // A fourth argument picks some: "overview,pricing,preview" (default: all four).
  const wanted = (name: string): boolean => !only || only.split(",").includes(name);
  if (!pageUrl || !apiUrl || !key)
    throw new Error("usage: docScreenshots <page url> <api url> <key>");
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await openFromApiLink(page, pageUrl, apiUrl);
    await saveKey(page, key);

    if (wanted("demo")) {
      await importSheet(page, "productsByProfit", "A:100001", "Profit");
      await shot(page, "web-demo.png");
      await page.locator("#sec-imports > summary").click(); // fold it again
    }

    // Wider: the overview's Value column and the pricing sheet's Answer read whole.
    await page.setViewportSize({ width: 1440, height: 720 });
    if (wanted("overview")) {
      await importSheet(page, "shopOverview", "A:100001", "Overview");
      await shot(page, "web-overview.png");
      await page.locator("#sec-imports > summary").click();
    }

    if (wanted("pricing")) {
      // Wider still: the targets beside the Answer's wrapped sentences (500 px).
      await page.setViewportSize({ width: 1720, height: 640 });
      await page.locator("#pricing > summary").click();
      await page.selectOption("#pricing-shop", "A:100001");
      await page.fill("#pricing-sheet", "Pricing");
      await page.click("#pricing-new");
      await page.waitForFunction(
        () =>
          /^Pricing: answered/.test(document.querySelector("#pricing-status")?.textContent ?? ""),
        undefined,
        { timeout: 600_000 },
      );
      await settledValues(page, "Pricing", (v) => v.length > 2, 120_000);
      // Two targets no price reaches on A, refreshed: the Answer names the ceiling.
      await pasteValues(page, "Pricing", "I3", [[0.9], [0.9]]);
      await page.click("#pricing-refresh");
      await settledValues(
        page,
        "Pricing",
        (v) => v.some((r) => r.some((x) => /at most about/.test(String(x)))),
        120_000,
      );
      await page.waitForFunction(
        () =>
          /^Pricing: asked again/.test(
            document.querySelector("#pricing-status")?.textContent ?? "",
          ),
        undefined,
        { timeout: 120_000 },
      );
      // The targets, the answers and the Answer's sentences.
      await page.evaluate(() => (window as unknown as Sheets).__sheets.scrollTo("Pricing", "I1"));
      await shot(page, "web-pricing.png");
      await page.locator("#pricing > summary").click();
      await page.setViewportSize({ width: 1440, height: 720 });
    }

    if (wanted("preview")) {
      const formula = '=SET_MARGIN_PREVIEW("B", 500001, "MY", 40000001, 20%)';
      await pasteValues(page, "Sheet1", "A1", [[formula]]);
      await settledValues(
        page,
        "Sheet1",
        (v) => v.flat().some((x) => typeof x === "number"),
        120_000,
        12,
        16,
      );
      await page.evaluate(() => (window as unknown as Sheets).__sheets.select("Sheet1", "A1"));
      await page.locator("#sec-builder > summary").click();
      await page.selectOption("#fb-function", "SET_MARGIN_PREVIEW");
      await shot(page, "web-preview.png");
    }
  } finally {
    await browser.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
