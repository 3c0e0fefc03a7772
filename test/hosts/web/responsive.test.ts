/**
 * The web page stays responsive while "New pricing sheet" writes 500 products: the writes
 * to the engine yield to the browser between chunks of rows, so no single task holds the page
 * for long. Measured as the longest gap a 50 ms timer in the page sees while the build runs.
 * The sheet's columns come sized to what they hold, as Sheets and Excel size an import.
 */
import type { Page } from "playwright-core";
import { startTestServer, type TestServer } from "../../helpers/server";
import { browserBlocker, loopbackOnly, startWebHost, type WebHost } from "./harness";
import { openWithApi, saveKey, sheetValues } from "./webPage";
import { loadStretch } from "../../helpers/loadStretch";
import { openPricing } from "../../helpers/pricingPage";

const blocker = browserBlocker();
const describeBrowser = blocker ? describe.skip : describe;
if (blocker) console.warn(blocker);

jest.setTimeout(240_000);

type GapWindow = { __gaps: { longest: number; last: number } };

describeBrowser("the web page while a pricing sheet is built", () => {
  let api: TestServer;
  let host: WebHost;
  let page: Page;

  beforeAll(async () => {
    api = await startTestServer({ hostileNames: false });
    host = await startWebHost();
    page = await host.browser.newPage({ viewport: { width: 1100, height: 900 } });
    await loopbackOnly(page);
    await openWithApi(page, host.url, api.baseUrl);
    await saveKey(page, api.keyFor("demo"));
  });

  afterAll(async () => {
    await host?.close();
    await api?.close().catch(() => undefined);
  });

  test("500 products: the page answers a timer at least every few seconds", async () => {
    await openPricing(page, "A:100001");
    await page.evaluate(() => {
      const w = window as unknown as GapWindow;
      w.__gaps = { longest: 0, last: performance.now() };
      setInterval(() => {
        const now = performance.now();
        w.__gaps.longest = Math.max(w.__gaps.longest, now - w.__gaps.last);
        w.__gaps.last = now;
      }, 50);
    });
    await page.click("#pricing-new");
    await page.waitForFunction(
      () => /^Pricing: answered/.test(document.querySelector("#pricing-status")?.textContent ?? ""),
      undefined,
      { timeout: 180_000, polling: 500 },
    );
    await page.waitForTimeout(3000); // the engine computes the sheet's formulas after the write
    const longest = await page.evaluate(() => (window as unknown as GapWindow).__gaps.longest);
    // 3 s on a machine to itself; a 2-core machine running other suites beside this one
    // (CI's) stretches every task by its load. A page that wrote the 500 rows in one task
    // froze for tens of seconds at any load.
    const stretch = loadStretch();
    console.log(
      `longest unresponsive gap: ${Math.round(longest)} ms (load x${stretch.toFixed(1)})`,
    );
    expect(longest).toBeLessThan(3000 * stretch);

    // The built sheet's columns are sized to what they hold (capped), not all 120 px.
    const values = await sheetValues(page, "Pricing", 0, 0);
    const widths = await page.evaluate(
      (n) =>
        (
          window as unknown as { __sheets: { widths(s: string, n: number): number[] } }
        ).__sheets.widths("Pricing", n),
      values[0]?.length ?? 0,
    );
    const longestText = (c: number): number =>
      Math.max(...values.slice(0, 300).map((r) => String(r[c] ?? "").length));
    const wide = widths.findIndex((_, c) => longestText(c) > 25);
    expect(wide).toBeGreaterThanOrEqual(0);
    expect(widths[wide]).toBeGreaterThan(180);
    // The Answer column alone is made room for its sentence (500 px, issue 35 item 4: its
    // answers come after the fit); every other column keeps the 320 px cap.
    const answer = (values[0] ?? []).indexOf("Answer");
    expect(answer).toBeGreaterThanOrEqual(0);
    expect(widths[answer]).toBe(500);
    expect(Math.max(...widths.filter((_, c) => c !== answer))).toBeLessThanOrEqual(320);
    expect(new Set(widths).size).toBeGreaterThan(2);
  });
});
