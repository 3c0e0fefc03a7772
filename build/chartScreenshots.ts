/**
 * `npx tsx build/chartScreenshots.ts`: the sidebar's pictures for the README, from the web host
 * (the same src/ui app as the Sheets sidebar and the Excel task pane) in headless Chromium
 * against the reference server with the demo data: docs/chart-waterfall.png (the builder's
 * MKTA_BREAKDOWN preview; -loss.png for a product sold at a loss) and docs/chart-ranking.png (MKTA_TOP_PRODUCTS by profit). Each PNG
 * must stay under 150 KB (they are committed).
 */
import { statSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { startTestServer } from "../test/helpers/server";
import { loopbackOnly, startWebHost } from "../test/hosts/web/harness";
import { openWithApi } from "../test/hosts/web/webPage";

const DOCS = path.resolve(__dirname, "..", "docs");
const MAX_BYTES = 150 * 1024;

/** Preview a function in the builder and photograph the pane from the table to the chart. */
async function shoot(page: Page, name: string, args: Record<string, string>, file: string) {
  await page.selectOption("#fb-function", name);
  for (const [param, value] of Object.entries(args)) {
    const id = `#fb-arg-${param}`;
    if ((await page.locator(id).evaluate((e) => e.tagName)) === "SELECT")
      await page.selectOption(id, value);
    else await page.fill(id, value);
  }
  await page.click("#fb-preview");
  const chart = page.locator("figure.chart");
  await chart.waitFor({ timeout: 60_000 });
  await chart.scrollIntoViewIfNeeded();
  const out = path.join(DOCS, file);
  await chart.screenshot({ path: out });
  const bytes = statSync(out).size;
  if (bytes >= MAX_BYTES) throw new Error(`${out} is ${bytes} bytes: over ${MAX_BYTES}`);
  console.log(`wrote docs/${file} (${Math.round(bytes / 1024)} KB)`);
}

async function main(): Promise<void> {
  const api = await startTestServer({ hostileNames: false });
  const web = await startWebHost();
  try {
    const page = await web.browser.newPage({
      viewport: { width: 1280, height: 900 },
      deviceScaleFactor: 2,
    });
    await loopbackOnly(page);
    await openWithApi(page, web.url, api.baseUrl);
    await page.fill("#api-key", api.keyFor("demo"));
    await page.click("#save-key");
    await page.locator("#key-saved").waitFor();
    await page.locator("#sec-builder > summary").click();
    await shoot(
      page,
      "MKTA_BREAKDOWN",
      { shopId: "100001", region: "SG", itemId: "10001549" },
      "chart-waterfall.png",
    );
    // A product sold at a loss: the costs fall below zero, net profit in red.
    await shoot(
      page,
      "MKTA_BREAKDOWN",
      { shopId: "100001", region: "SG", itemId: "10001691" },
      "chart-waterfall-loss.png",
    );
    await shoot(
      page,
      "MKTA_TOP_PRODUCTS",
      { shopId: "100001", region: "SG", sortBy: "PROFIT", limit: "20" },
      "chart-ranking.png",
    );
  } finally {
    await web.close();
    await api.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
