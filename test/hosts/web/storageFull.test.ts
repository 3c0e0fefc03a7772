/**
 * The web demo keeps the seller's workbook in the browser's storage, which it shares with
 * cached API answers; Chromium keeps about 5 M characters per page. With the storage filled
 * to the brim by cached answers, a change still survives a reload (the answers make room);
 * with it filled by something the page may not drop, the page says in red, and keeps saying,
 * that the workbook was not saved and what to do.
 */
import type { Page } from "playwright-core";
import { startTestServer, type TestServer } from "../../helpers/server";
import { browserBlocker, loopbackOnly, startWebHost, type WebHost } from "./harness";
import { openWithApi, sheetValues, typeInto } from "./webPage";

const blocker = browserBlocker();
const describeBrowser = blocker ? describe.skip : describe;
if (blocker) console.warn(blocker);

jest.setTimeout(120_000);

/** Fill the page's storage until it takes nothing more; resolves with the characters added. */
function fillStorage(page: Page, prefix: string): Promise<number> {
  return page.evaluate((p) => {
    let added = 0;
    let n = 0;
    for (let size = 1_000_000; size >= 1;) {
      try {
        window.localStorage.setItem(`${p}${n}`, "x".repeat(size));
        added += size;
        n++;
      } catch {
        size = Math.floor(size / 2);
      }
    }
    return added;
  }, prefix);
}

describeBrowser("the web demo's workbook and a full browser storage", () => {
  let server: TestServer;
  let host: WebHost;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer();
    host = await startWebHost();
    page = await host.browser.newPage({ viewport: { width: 1200, height: 800 } });
    await loopbackOnly(page);
    await openWithApi(page, host.url, server.baseUrl);
  });

  afterAll(async () => {
    await host?.close();
    await server?.close();
  });

  test("cached answers filling the storage make room: the change is there after a reload", async () => {
    const added = await fillStorage(page, "mkt.cache.filler-");
    expect(added).toBeGreaterThan(4_500_000);
    await typeInto(page, "Sheet1", "B3", "kept after reload");
    await page.waitForTimeout(2000); // the save runs a moment after the last change
    expect(await page.locator("#save-problem").isVisible()).toBe(false);
    await page.reload();
    await page.locator("#api-key").waitFor();
    expect((await sheetValues(page, "Sheet1"))[2]?.[1]).toBe("kept after reload");
  });

  test("a storage full of what the page may not drop: the page says so in red until it fits", async () => {
    await fillStorage(page, "another.page.item-");
    await typeInto(page, "Sheet1", "B4", "not saved");
    const banner = page.locator("#save-problem");
    await banner.waitFor({ state: "visible", timeout: 10_000 });
    expect(await banner.textContent()).toMatch(
      /could not be saved in the browser.*will be lost when you reload.*delete sheets/i,
    );
    // Selecting a cell with its own message does not hide it.
    await typeInto(page, "Sheet1", "B5", "still not saved");
    expect(await banner.isVisible()).toBe(true);
    // Room again (the seller deleted something): the next change is saved and the line goes.
    await page.evaluate(() => {
      for (const key of Object.keys(window.localStorage))
        if (key.startsWith("another.page.item-")) window.localStorage.removeItem(key);
    });
    await typeInto(page, "Sheet1", "B6", "saved again");
    await banner.waitFor({ state: "hidden", timeout: 10_000 });
    await page.reload();
    await page.locator("#api-key").waitFor();
    const values = await sheetValues(page, "Sheet1");
    expect(values[3]?.[1]).toBe("not saved");
    expect(values[5]?.[1]).toBe("saved again");
  });
});
