/**
 * The web demo keeps the seller's workbook in the browser's storage, which it shares with
 * cached API answers; Chromium keeps about 5 M characters per page. With the storage filled
 * to the brim by cached answers, a change still survives a reload (the answers make room);
 * with it filled by something the page may not drop, the page says in red, and keeps saying,
 * that the workbook was not saved and what to do; a reload then asks first, and the next page
 * says what was lost.
 */
import type { Page } from "playwright-core";
import { startTestServer, type TestServer } from "../../helpers/server";
import { browserBlocker, loopbackOnly, startWebHost, type WebHost } from "./harness";
import { openWithApi, selectCells, sheetValues, typeInto } from "./webPage";

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
    expect(await banner.textContent()).toMatch(/this site's other data takes [45]\.\d M/);
    // A cell with its own message: the message line tells it, and the banner stays.
    await typeInto(page, "Sheet1", "B5", `=MKTA_BREAKDOWN(1, "SG", "twelve")`);
    await selectCells(page, "Sheet1", "B5");
    await page.waitForFunction(() =>
      /^B5: ./.test(document.querySelector("#cell-message")?.textContent ?? ""),
    );
    expect(await banner.isVisible()).toBe(true);
    await typeInto(page, "Sheet1", "B5", "still not saved");
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

  test("a reload while the workbook is unsaved: the browser asks first, then the page says what was lost", async () => {
    await typeInto(page, "Sheet1", "B8", "kept before it filled");
    await page.waitForTimeout(2000); // saved: there is room
    await fillStorage(page, "another.page.item-");
    await typeInto(page, "Sheet1", "B9", "typed while full");
    const banner = page.locator("#save-problem");
    await banner.waitFor({ state: "visible", timeout: 10_000 });
    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(dialog.type());
      void dialog.accept(); // the seller leaves anyway
    });
    await page.reload();
    await page.locator("#api-key").waitFor();
    expect(asked).toEqual(["beforeunload"]);
    await banner.waitFor({ state: "visible", timeout: 10_000 });
    expect(await banner.textContent()).toMatch(
      /^Changes made after \d\d:\d\d were not kept: the browser's storage was full.*delete sheets/,
    );
    // Lost, and said so: the workbook is the one last saved.
    const values = await sheetValues(page, "Sheet1");
    expect(values[7]?.[1]).toBe("kept before it filled");
    expect(values[8]?.[1] ?? "").toBe("");
    await page.waitForTimeout(2000); // the first recalculation's save has run: still said
    expect(await banner.textContent()).toMatch(/^Changes made after/);
    // The note is said once: a reload with nothing lost says nothing.
    await page.evaluate(() => {
      for (const key of Object.keys(window.localStorage))
        if (key.startsWith("another.page.item-")) window.localStorage.removeItem(key);
    });
    await page.reload();
    await page.locator("#api-key").waitFor();
    expect(await banner.isVisible()).toBe(false);
  });
});
