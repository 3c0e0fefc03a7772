/**
 * Diagnostics in the web demo, in Chromium (issue 35 item 6): with the site's storage 85 % used
 * of what the browser grants, the storage check fails (it passed up to 98 % before),
 * and the text for support holds the add-in's version, the host, the API address and each check.
 */
import type { Page } from "playwright-core";
import { startTestServer, type TestServer } from "../../helpers/server";
import { browserBlocker, loopbackOnly, startWebHost, type WebHost } from "./harness";
import { openWithApi, saveKey } from "./webPage";

const blocker = browserBlocker();
const describeBrowser = blocker ? describe.skip : describe;
if (blocker) console.warn(blocker);

jest.setTimeout(120_000);

describeBrowser("Diagnostics in the web demo", () => {
  let server: TestServer;
  let host: WebHost;
  let page: Page;
  let key: string;

  beforeAll(async () => {
    server = await startTestServer();
    host = await startWebHost();
    page = await host.browser.newPage({ viewport: { width: 1200, height: 800 } });
    await loopbackOnly(page);
    await openWithApi(page, host.url, server.baseUrl);
    key = server.keyFor("demo");
    await saveKey(page, key);
  });

  afterAll(async () => {
    await host?.close();
    await server?.close();
  });

  const diagnose = async (): Promise<string[]> => {
    const tools = page.locator("#sec-tools");
    if (!(await tools.evaluate((d) => (d as HTMLDetailsElement).open)))
      await page.locator("#sec-tools > summary").click();
    // The first line holds the time of the run: a new run's table has another one.
    const before = await page.evaluate(
      () => (document.querySelector("#diagnostics-text") as HTMLTextAreaElement | null)?.value,
    );
    await page.click("#run-diagnostics");
    await page.waitForFunction(
      (was) => {
        const text = (document.querySelector("#diagnostics-text") as HTMLTextAreaElement | null)
          ?.value;
        return text !== undefined && text.split("\n")[0] !== was?.split("\n")[0];
      },
      before,
      { timeout: 60_000 },
    );
    return (await page.inputValue("#diagnostics-text")).split("\n");
  };

  test("under 80 % the storage check passes; at 85 % it fails and says what to do; the text names version, host and API", async () => {
    const before = await diagnose();
    expect(before.slice(1, 4)).toEqual([
      "Add-in version: test", // the harness builds dist/web as version "test"
      "Host: the web demo",
      `API address: ${server.baseUrl}`,
    ]);
    expect(before.find((l) => l.includes("its storage"))).toMatch(/^passed\t/);
    // The browser reports the site's storage 85 % used of what it grants (the workbook lives in
    // IndexedDB; Chromium grants gigabytes, so the estimate is what the page is told: W-9).
    await page.evaluate(() => {
      Object.defineProperty(navigator.storage, "estimate", {
        configurable: true,
        value: async () => ({ usage: 85_000_000, quota: 100_000_000 }),
      });
    });
    const after = await diagnose();
    const row = after.find((l) => l.includes("its storage")) ?? "";
    expect(row).toMatch(/^FAILED\t/);
    expect(row).toMatch(/nearly full: 85\.0 of 100\.0 MB used \(85 %\)/);
    expect(row).toMatch(
      /Delete sheets you no longer need, or free disk space\..*The add-in then: /,
    );
    expect(await page.textContent("#tools-status")).toMatch(/1 check failed/);
    // Every check is a line, with the API's three first; the key is in none of them.
    expect(after.slice(4).map((l) => l.split("\t")[0])).toEqual([
      "passed",
      "passed",
      "passed",
      "FAILED",
    ]);
    expect(after.join("\n")).not.toContain(key);
  });
});
