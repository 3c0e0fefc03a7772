/**
 * `npx tsx build/feeChangeScreenshots.ts`: the README's pictures of issue 34's sheets in the web
 * demo (built by the real step) in headless Chromium against the reference server with the demo
 * data: docs/fee-change-sheet.png (the sidebar's "Before a fee change" section after a
 * fee-change sheet for shop 100001 SG at the next change the API names, the summary on top and
 * the rows of largest monthly loss) and docs/fee-change-b.png (seller 500001 MY at the demo's
 * B change). Fails if a PNG is 250 KB or more (they are committed).
 */
import { statSync } from "node:fs";
import path from "node:path";
import { startTestServer } from "../test/helpers/server";
import { loopbackOnly, startWebHost } from "../test/hosts/web/harness";
import { openWithApi } from "../test/hosts/web/webPage";

const DOCS = path.resolve(__dirname, "..", "docs");
const MAX_BYTES = 250 * 1024;

async function main(): Promise<void> {
  const api = await startTestServer();
  const web = await startWebHost();
  try {
    const page = await web.browser.newPage({ viewport: { width: 1400, height: 820 } });
    await loopbackOnly(page);
    await openWithApi(page, web.url, api.baseUrl);
    await page.fill("#api-key", api.keyFor("demo"));
    await page.click("#save-key");
    await page.locator("#key-saved").waitFor();
    await page.locator("#fee-change > summary").click();
    const shots: [string, string, string][] = [
      ["B:500001", "2025-08-29", "fee-change-b.png"],
      ["A:100001", "", "fee-change-sheet.png"],
    ];
    for (const [shop, date, file] of shots) {
      await page.locator(`#fee-change-shop option[value="${shop}"]`).waitFor({ state: "attached" });
      await page.selectOption("#fee-change-shop", shop);
      await page.fill("#fee-change-date", date);
      await page.fill("#fee-change-sheet", `Fee change ${shop.slice(0, 1)}`);
      const was = (await page.textContent("#fee-change-status")) ?? "";
      await page.click("#fee-change-new");
      await page.waitForFunction(
        (old) => {
          const line = document.querySelector("#fee-change-status");
          const said = line?.classList.contains("ok") || line?.classList.contains("error");
          return said === true && (line?.textContent ?? "") !== old;
        },
        was,
        { timeout: 900_000, polling: 200 },
      );
      const said = (await page.textContent("#fee-change-status")) ?? "";
      console.log(said);
      if (!/variants at the fees of/.test(said)) throw new Error(said);
      await page.locator("#fee-change-status").scrollIntoViewIfNeeded();
      const out = path.join(DOCS, file);
      await page.screenshot({ path: out });
      const bytes = statSync(out).size;
      if (bytes >= MAX_BYTES) throw new Error(`${out} is ${bytes} bytes: over ${MAX_BYTES}`);
      console.log(`wrote ${path.relative(process.cwd(), out)} (${Math.round(bytes / 1024)} KB)`);
    }
  } finally {
    await web.close();
    await api.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
