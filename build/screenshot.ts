/**
 * `npx tsx build/screenshot.ts`: the README's picture, docs/web-demo.png. The web host (built
 * by the real step) in headless Chromium against the reference server with the demo data: the
 * key saved, 2,100 products imported sorted by profit, and a function previewed in the builder.
 * Fails if the PNG is 200 KB or more (it is committed).
 */
import { statSync } from "node:fs";
import path from "node:path";
import { startTestServer } from "../test/helpers/server";
import { loopbackOnly, startWebHost } from "../test/hosts/web/harness";

const OUT = path.resolve(__dirname, "..", "docs", "web-demo.png");
const MAX_BYTES = 200 * 1024;

async function main(): Promise<void> {
  const api = await startTestServer();
  const web = await startWebHost();
  try {
    const page = await web.browser.newPage({ viewport: { width: 1100, height: 640 } });
    await loopbackOnly(page);
    await page.goto(`${web.url}?api=${encodeURIComponent(api.baseUrl)}`);
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
    await page.locator("#sec-imports > summary").click(); // fold it again: room for the builder
    await page.locator("#sec-builder > summary").click();
    await page.selectOption("#fb-function", "MKTA_BREAKDOWN");
    const itemId = await page.evaluate(() => {
      const s = (
        window as unknown as { __sheets: { values(n: string): unknown[][] } }
      ).__sheets.values("Profit");
      const col = (s[0] ?? []).indexOf("Item id");
      return String(s[1]?.[col] ?? "");
    });
    await page.fill("#fb-arg-shopId", "100001");
    await page.fill("#fb-arg-itemId", itemId);
    const region = page.locator("#fb-arg-region");
    if ((await region.evaluate((e) => e.tagName)) === "SELECT") await region.selectOption("SG");
    else await region.fill("SG");
    await page.click("#fb-preview");
    await page.locator("#fb-result").waitFor();
    await page.locator("#grid .tabs button", { hasText: "Profit" }).click();
    // Show the previewed table at the bottom of the sidebar.
    await page.locator("#fb-result").evaluate((e) => e.scrollIntoView({ block: "end" }));
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
