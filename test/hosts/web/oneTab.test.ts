/**
 * One tab at a time on the web demo's workbook, in Chromium (an attack run: two tabs of one
 * browser ran the same unfinished bulk job from their own copies, 182 requests for 100 rows).
 * A second tab says the workbook is open in another tab and opens nothing; when the first tab
 * closes, the second opens the workbook. A reload of the only tab is not held back.
 */
import type { BrowserContext } from "playwright-core";
import { startTestServer, type TestServer } from "../../helpers/server";
import { browserBlocker, loopbackOnly, startWebHost, type WebHost } from "./harness";
import { openWithApi } from "./webPage";

const blocker = browserBlocker();
const describeBrowser = blocker ? describe.skip : describe;
if (blocker) console.warn(blocker);

jest.setTimeout(120_000);

describeBrowser("the web demo's workbook in two tabs", () => {
  let server: TestServer;
  let host: WebHost;
  let context: BrowserContext;

  beforeAll(async () => {
    server = await startTestServer();
    host = await startWebHost();
    context = await host.browser.newContext({ viewport: { width: 1100, height: 800 } });
  });

  afterAll(async () => {
    await context?.close();
    await host?.close();
    await server?.close();
  });

  test("a second tab waits, saying why, and opens the workbook once the first is closed", async () => {
    const first = await context.newPage();
    await loopbackOnly(first);
    await openWithApi(first, host.url, server.baseUrl);
    // A reload of the only tab opens at once.
    await first.reload();
    await first.locator("#api-key").waitFor({ timeout: 30_000 });
    expect(await first.locator("#save-problem").isHidden()).toBe(true);

    const second = await context.newPage();
    await loopbackOnly(second);
    await second.goto(host.url);
    const said = second.locator("#save-problem");
    await said.waitFor({ state: "visible", timeout: 30_000 });
    expect(await said.textContent()).toMatch(/open in another tab.*close it/);
    expect(await second.locator("#api-key").count()).toBe(0);
    expect(await second.evaluate(() => "__sheets" in window)).toBe(false);

    await first.close();
    await second.locator("#api-key").waitFor({ timeout: 30_000 });
    expect(await said.isHidden()).toBe(true);
    await second.waitForFunction(() => "__sheets" in window, null, { timeout: 30_000 });
  });
});
