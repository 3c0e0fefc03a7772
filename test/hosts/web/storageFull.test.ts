/**
 * The web demo keeps the seller's workbook in IndexedDB, which the browser sizes to the disk;
 * localStorage keeps only the settings, the key and cached answers. A full localStorage no
 * longer touches the workbook. With the site's storage granted a small quota (Chromium's own
 * enforcement, Storage.overrideQuotaForOrigin), the page warns in amber from 80 % of it, says
 * in red, and keeps saying, that the workbook was not saved once it is full and what to do, and
 * saves again once there is room; a reload while unsaved asks first, and the next page says
 * what was lost.
 *
 * Chromium enforces the overridden quota on writes but navigator.storage.estimate() still
 * reports the profile's default grant (checked with Chromium 156): an init script makes the
 * estimate report the same quota, so the page sees what a browser granting that little would
 * say (test/hosts/FAKES.md).
 */
import type { BrowserContext, Page } from "playwright-core";
import { startTestServer, type TestServer } from "../../helpers/server";
import { browserBlocker, loopbackOnly, startWebHost, type WebHost } from "./harness";
import { openWithApi, saveWorkbookNow, selectCells, sheetValues, typeInto } from "./webPage";

const blocker = browserBlocker();
const describeBrowser = blocker ? describe.skip : describe;
if (blocker) console.warn(blocker);

jest.setTimeout(120_000);

/** What the browser grants the site in these tests: a little, so it fills quickly. */
const QUOTA = 6_000_000;

/** Fill localStorage until it takes nothing more; resolves with the characters added. */
function fillLocalStorage(page: Page, prefix: string): Promise<number> {
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

/**
 * Another app of this site stores `bytes` of data nothing can compress (IndexedDB database
 * "another-app"), or as much as fits when `bytes` is Infinity; resolves with the bytes kept.
 */
function fillIndexedDb(page: Page, bytes: number): Promise<number> {
  return page.evaluate(async (wanted) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open("another-app");
      open.onupgradeneeded = () => open.result.createObjectStore("data");
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const put = (key: string, size: number) =>
      new Promise<boolean>((resolve) => {
        const t = db.transaction("data", "readwrite");
        const b = new Uint8Array(size);
        for (let i = 0; i < size; i += 65536)
          crypto.getRandomValues(b.subarray(i, Math.min(size, i + 65536)));
        t.objectStore("data").put(b.buffer, key);
        t.oncomplete = () => resolve(true);
        t.onabort = () => resolve(false);
      });
    let kept = 0;
    let n = 0;
    for (let size = Math.min(wanted, 500_000); size >= 1000 && kept < wanted;) {
      if (await put(`${Date.now()}-${n++}`, Math.min(size, wanted - kept))) kept += size;
      else size = Math.floor(size / 2);
    }
    db.close();
    return kept;
  }, bytes);
}

function dropIndexedDbFiller(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const del = indexedDB.deleteDatabase("another-app");
        del.onsuccess = () => resolve();
        del.onerror = () => reject(del.error);
      }),
  );
}

/** Grant the site `quota` bytes: enforced by Chromium, reported by the estimate (see top). */
async function grant(context: BrowserContext, page: Page, origin: string, quota: number) {
  // The session stays open: the override lasts as long as it (closing it lifts the quota).
  const cdp = await context.newCDPSession(page);
  await cdp.send("Storage.overrideQuotaForOrigin", { origin, quotaSize: quota });
}

describeBrowser("the web demo's workbook in IndexedDB and a full browser storage", () => {
  let server: TestServer;
  let host: WebHost;
  let context: BrowserContext;
  let page: Page;
  let origin: string;

  beforeAll(async () => {
    server = await startTestServer();
    host = await startWebHost();
    context = await host.browser.newContext({ viewport: { width: 1200, height: 800 } });
    await context.addInitScript((quota) => {
      const real = navigator.storage.estimate.bind(navigator.storage);
      navigator.storage.estimate = async () => ({ ...(await real()), quota });
    }, QUOTA);
    page = await context.newPage();
    origin = new URL(host.url).origin;
    await loopbackOnly(page);
    await openWithApi(page, host.url, server.baseUrl);
    await grant(context, page, origin, QUOTA);
  });

  afterAll(async () => {
    await context?.close();
    await host?.close();
    await server?.close();
  });

  test("a localStorage full to the brim no longer matters: the change is there after a reload", async () => {
    expect(await fillLocalStorage(page, "another.page.item-")).toBeGreaterThan(4_500_000);
    await typeInto(page, "Sheet1", "B3", "kept after reload");
    await page.waitForTimeout(2000); // the save runs a moment after the last change
    expect(await page.locator("#save-problem").isVisible()).toBe(false);
    await page.reload();
    await page.locator("#api-key").waitFor();
    expect((await sheetValues(page, "Sheet1"))[2]?.[1]).toBe("kept after reload");
    await page.evaluate(() => {
      for (const key of Object.keys(window.localStorage))
        if (key.startsWith("another.page.item-")) window.localStorage.removeItem(key);
    });
  });

  test("a change reloaded at once, before its save a second later, is still there", async () => {
    await typeInto(page, "Sheet1", "C3", "reloaded at once");
    await page.reload(); // no wait: the page goes within the second its save waits
    await page.locator("#api-key").waitFor();
    expect((await sheetValues(page, "Sheet1"))[2]?.[2]).toBe("reloaded at once");
    // And it reaches IndexedDB: a second reload still has it.
    await page.waitForTimeout(1500);
    await page.reload();
    await page.locator("#api-key").waitFor();
    expect((await sheetValues(page, "Sheet1"))[2]?.[2]).toBe("reloaded at once");
  });

  test("from 80 % of what the browser grants the page warns; full, it says so in red until it fits", async () => {
    const warning = page.locator("#storage-warning");
    const banner = page.locator("#save-problem");
    const before = await saveWorkbookNow(page);
    expect(before.quota).toBe(QUOTA);
    expect(await warning.isVisible()).toBe(false);
    // Another app of the site takes it to about 85 %: the next save warns.
    await fillIndexedDb(page, Math.round(QUOTA * 0.85) - (before.usage ?? 0));
    await typeInto(page, "Sheet1", "B4", "saved near full");
    await warning.waitFor({ state: "visible", timeout: 10_000 });
    expect(await warning.textContent()).toMatch(
      /^The browser's storage for this site is (8\d|9\d) % full \(\d\.\d of 6\.0 MB; this workbook is about \d+ thousand characters\)\. When it is full, changes can no longer be saved\. Delete sheets you no longer need/,
    );
    expect(await banner.isVisible()).toBe(false);
    // Then it takes the rest: the workbook cannot be saved, and the page says so.
    await fillIndexedDb(page, Number.POSITIVE_INFINITY);
    await typeInto(page, "Sheet1", "B5", "not saved");
    await banner.waitFor({ state: "visible", timeout: 10_000 });
    expect(await banner.textContent()).toMatch(
      /could not be saved in the browser.*storage for this site is full \(the site uses \d\.\d of the 6\.0 MB the browser grants it\).*will be lost when you reload.*delete sheets/i,
    );
    expect(await warning.isVisible()).toBe(false); // the red line says it all
    // A cell with its own message: the message line tells it, and the banner stays.
    await typeInto(page, "Sheet1", "B6", `=MKTA_BREAKDOWN(1, "SG", "twelve")`);
    await selectCells(page, "Sheet1", "B6");
    await page.waitForFunction(() =>
      /^B6: ./.test(document.querySelector("#cell-message")?.textContent ?? ""),
    );
    expect(await banner.isVisible()).toBe(true);
    // Room again (the other app's data went): the next change is saved and both lines go.
    await dropIndexedDbFiller(page);
    await typeInto(page, "Sheet1", "B7", "saved again");
    await banner.waitFor({ state: "hidden", timeout: 10_000 });
    expect(await warning.isVisible()).toBe(false);
    await page.reload();
    await page.locator("#api-key").waitFor();
    const values = await sheetValues(page, "Sheet1");
    expect(values[3]?.[1]).toBe("saved near full");
    expect(values[4]?.[1]).toBe("not saved");
    expect(values[6]?.[1]).toBe("saved again");
  });

  test("a reload while the workbook is unsaved: the browser asks first, then the page says what was lost", async () => {
    await typeInto(page, "Sheet1", "B8", "kept before it filled");
    await page.waitForTimeout(2000); // saved: there is room
    await fillIndexedDb(page, Number.POSITIVE_INFINITY);
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
    await dropIndexedDbFiller(page);
    await page.reload();
    await page.locator("#api-key").waitFor();
    expect(await banner.isVisible()).toBe(false);
  });
});
