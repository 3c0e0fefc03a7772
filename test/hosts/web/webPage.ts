/**
 * The web page's spreadsheet as the browser tests drive it: type into a cell like a seller
 * (select it, type, Enter), read what the engine computed, wait until formulas settle.
 */
import type { Page } from "playwright-core";
import { SETTING } from "../../../src/hosts/shared/asyncSettings";

export type Value = string | number | boolean;

interface Inspector {
  values(name: string, rows?: number, columns?: number): Value[][];
  formulas(name: string): string[][];
  displayed(sheet: string, range: string): string[][];
  select(sheet: string, range: string): void;
  setValues(sheet: string, topLeft: string, values: Value[][]): void;
  formulaRuns(): number;
  messageAt(address: string): string | null;
}

type InspectorWindow = { __sheets: Inspector };

/** Values of a sheet as the engine shows them (at least rows x columns of them). */
export function sheetValues(page: Page, sheet: string, rows = 0, columns = 0): Promise<Value[][]> {
  return page.evaluate(
    ([n, r, c]) => (window as unknown as InspectorWindow).__sheets.values(n, r, c),
    [sheet, rows, columns] as const,
  );
}

/** Formula texts of a sheet ("" where a cell holds a value). */
export function sheetFormulas(page: Page, sheet: string): Promise<string[][]> {
  return page.evaluate((n) => (window as unknown as InspectorWindow).__sheets.formulas(n), sheet);
}

/** Select a cell or block, as a click or drag would. */
export function selectCells(page: Page, sheet: string, range: string): Promise<void> {
  return page.evaluate(([s, r]) => (window as unknown as InspectorWindow).__sheets.select(s, r), [
    sheet,
    range,
  ] as const);
}

/** Put values into cells at once, as a paste would ("=..." becomes a formula). */
export function pasteValues(
  page: Page,
  sheet: string,
  topLeft: string,
  values: Value[][],
): Promise<void> {
  return page.evaluate(
    ({ s, t, v }) => (window as unknown as InspectorWindow).__sheets.setValues(s, t, v),
    { s: sheet, t: topLeft, v: values },
  );
}

/** Type into one cell with the keyboard and press Enter. */
export async function typeInto(
  page: Page,
  sheet: string,
  cell: string,
  text: string,
): Promise<void> {
  // On a loaded machine the grid's editor can open after the first keys went by (the cell then
  // holds the formula's tail as text): a formula is checked and typed again, as a person would.
  for (let attempt = 1; ; attempt++) {
    await selectCells(page, sheet, cell);
    await page.keyboard.type(text);
    await page.keyboard.press("Enter");
    if (!text.startsWith("=")) return;
    const [, letters = "A", digits = "1"] = /^([A-Z]+)(\d+)$/.exec(cell) ?? [];
    const column = [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
    const typed = (await sheetFormulas(page, sheet))[Number(digits) - 1]?.[column] ?? "";
    if (typed.replace(/\s/g, "") === text.replace(/\s/g, "")) return;
    // Five tries: a fresh-clone CI run's cell was still empty after three (formatOwnership).
    if (attempt === 5) return;
    // Empty the cell first: typed over the missed keys' text, the next try was appended to it
    // (a CI run: the cell held '0001, "SG", 10001691)=MKTA_BREAKDOWN(100001, "SG", 10001691)').
    await selectCells(page, sheet, cell);
    await page.keyboard.press("Delete");
    await page.waitForTimeout(500);
  }
}

/** The text the grid shows for a range ("B2:C9"): number formats applied. */
export function displayedText(page: Page, sheet: string, range: string): Promise<string[][]> {
  return page.evaluate(
    ([s, r]) => (window as unknown as InspectorWindow).__sheets.displayed(s, r),
    [sheet, range] as const,
  );
}

/** Formula runs the page started (each asked the shared runtime once). */
export function formulaRuns(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as InspectorWindow).__sheets.formulaRuns());
}

/** The message the page shows for a cell such as "Sheet1!B2". */
export function messageAt(page: Page, address: string): Promise<string | null> {
  return page.evaluate(
    (a) => (window as unknown as InspectorWindow).__sheets.messageAt(a),
    address,
  );
}

/** Wait until no cell of the sheet shows #GETTING_DATA and `ready` holds for its values. */
export async function settledValues(
  page: Page,
  sheet: string,
  ready: (values: Value[][]) => boolean = () => true,
  timeoutMs = 60_000,
  rows = 0,
  columns = 0,
): Promise<Value[][]> {
  const until = Date.now() + timeoutMs;
  // After a reload the page installs its inspector once the workbook is open: wait for it
  // instead of reading an inspector that is not there yet.
  await page.waitForFunction(() => (window as unknown as Partial<InspectorWindow>).__sheets, null, {
    timeout: timeoutMs,
  });
  for (;;) {
    const values = await sheetValues(page, sheet, rows, columns);
    if (!values.flat().includes("Loading…") && ready(values)) return values;
    if (Date.now() > until)
      throw new Error(`${sheet} did not settle: ${JSON.stringify(values).slice(0, 400)}`);
    await page.waitForTimeout(100);
  }
}

/** Save the API key through the sidebar, as a seller does. */
export async function saveKey(page: Page, key: string): Promise<void> {
  // On a loaded machine the pane may re-render while the key is typed: type until it holds.
  for (let tries = 0; tries < 5; tries++) {
    await page.fill("#api-key", key);
    if ((await page.inputValue("#api-key")) === key) break;
    await page.waitForTimeout(200);
  }
  await page.click("#save-key");
  await page.locator("#key-saved").waitFor();
}

/**
 * Open the page talking to the API at `baseUrl`, as after the seller saved that address under
 * Settings (the page keeps it in its storage): one load of the page. Suites about anything but
 * the address used to open it from a `?api=` link and answer "Use it", which loads the 12 MB
 * page twice; that link and its question are apiOffer.test's (openFromApiLink).
 */
export async function openWithApi(page: Page, pageUrl: string, baseUrl: string): Promise<void> {
  // A small file of the page's site first, to write the storage the page reads at start.
  await page.goto(new URL("VERSION", pageUrl).href);
  await page.evaluate(([name, value]) => window.localStorage.setItem(name, value), [
    SETTING.baseUrl,
    baseUrl,
  ] as const);
  await page.goto(pageUrl);
  await page.locator(`#api-address[data-address="${baseUrl}"]`).waitFor();
  await page.locator("#api-key").waitFor();
}

/**
 * Open the page from a link carrying `?api=baseUrl` and answer its question "Use it", as a
 * seller does (a link's address is only offered); nothing to answer when the page already
 * talks to that address. Resolves once the page says it talks to `baseUrl`.
 */
export async function openFromApiLink(page: Page, pageUrl: string, baseUrl: string): Promise<void> {
  await page.goto(`${pageUrl}?api=${encodeURIComponent(baseUrl)}`);
  const bar = page.locator("#api-bar[data-kind]");
  await bar.waitFor();
  if ((await bar.getAttribute("data-kind")) === "offer") {
    await Promise.all([
      page.waitForURL((url) => !url.searchParams.has("api")),
      page.click("#api-offer-use"),
    ]);
  }
  await page.locator(`#api-address[data-address="${baseUrl}"]`).waitFor();
  await page.locator("#api-key").waitFor();
}

/**
 * The workbook as the page last kept it in IndexedDB (database "mkt-web", store "workbook"),
 * read with the browser's own API, or "" when there is none.
 */
export function storedWorkbook(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open("mkt-web");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("workbook")) {
            db.close();
            return resolve("");
          }
          const get = db.transaction("workbook").objectStore("workbook").get("current");
          get.onerror = () => reject(get.error);
          get.onsuccess = () => {
            db.close();
            resolve(typeof get.result === "string" ? get.result : "");
          };
        };
      }),
  );
}

/** How the page's saves went (src/hosts/web/workbookStorage.ts WorkbookSaveState). */
export interface SaveState {
  savedAt: number | null;
  failedAt: number | null;
  workbookChars: number;
  saveMs: number | null;
  loadMs: number | null;
  usage: number | null;
  quota: number | null;
}

/** Save the workbook now (as the page does a moment after a change); resolves when kept or refused. */
export function saveWorkbookNow(page: Page): Promise<SaveState> {
  return page.evaluate(async () => {
    const w = (window as unknown as { __workbook: { save(): Promise<void>; state: SaveState } })
      .__workbook;
    await w.save();
    return { ...w.state };
  });
}
