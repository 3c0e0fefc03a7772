/**
 * Issue 22 item 6 in the web demo (Univer in Debian's Chromium): an import of products named
 * after every probe string (test/helpers/probeData.ts) writes each name back as exactly that
 * text, never a formula, number or boolean; money and counts stay numbers in their formats.
 * Issue 23: a formula whose answer carries those names (MKTA_PRODUCTS) shows each as exactly
 * that text too: Univer re-reads a custom function's strings (18 of the 53 became numbers,
 * booleans, errors or arrays) unless the answer is handed over as the engine's typed values,
 * and the page's read-back took 5 more for formatted figures.
 */
import type { Page } from "playwright-core";
import { probeNamedData } from "../../helpers/probeData";
import { startTestServer, type TestServer } from "../../helpers/server";
import { TRICKY_TEXTS } from "../../helpers/trickyText";
import {
  browserBlocker,
  loopbackOnly,
  serverHandlers,
  startWebHost,
  type WebHost,
} from "./harness";
import { openWithApi, settledValues, typeInto } from "./webPage";
import { demoIds } from "../excel/harness/catalogCases";

type Value = string | number | boolean;

const blocker = browserBlocker();
const describeBrowser = blocker ? describe.skip : describe;
if (blocker) console.warn(blocker);

jest.setTimeout(120_000);

describeBrowser("probe names in the web demo", () => {
  let api: TestServer;
  let host: WebHost;
  let page: Page;

  beforeAll(async () => {
    const handlers = await serverHandlers();
    api = await startTestServer({ data: probeNamedData(), ...(handlers ? { handlers } : {}) });
    host = await startWebHost();
    page = await host.browser.newPage({ viewport: { width: 1100, height: 900 } });
    await loopbackOnly(page);
    await openWithApi(page, host.url, api.baseUrl);
  });

  afterAll(async () => {
    await host?.close();
    await api?.close().catch(() => undefined);
  });

  test("an import writes every probe name as that exact text", async () => {
    const key = api.keyFor("demo");
    for (let tries = 0; tries < 5; tries++) {
      await page.fill("#api-key", key);
      if ((await page.inputValue("#api-key")) === key) break;
    }
    await page.click("#save-key");
    await page.locator("#key-saved").waitFor();
    const imports = page.locator("#sec-imports");
    if (!(await imports.evaluate((d) => (d as HTMLDetailsElement).open)))
      await page.locator("#sec-imports > summary").click();
    await page.selectOption("#imp-kind", "productsByProfit");
    await page.fill("#imp-sheet", "Probes");
    await page.click("#imp-run");
    await page.waitForFunction(
      () => /rows written/.test(document.querySelector("#imp-status")?.textContent ?? ""),
      undefined,
      { timeout: 90_000 },
    );
    const sheet = await page.evaluate(() => {
      const inspector = (
        window as unknown as {
          __sheets: {
            get(n: string): { cells: Value[][]; formats: string[] } | null;
            formulas(n: string): string[][];
          };
        }
      ).__sheets;
      return { view: inspector.get("Probes"), formulas: inspector.formulas("Probes") };
    });
    const cells = sheet.view?.cells ?? [];
    const header = cells[0] ?? [];
    const nameCol = header.indexOf("Name");
    const profitCol = header.indexOf("Total profit");
    expect([nameCol >= 0, profitCol >= 0]).toEqual([true, true]);
    const names = cells.slice(1).map((r) => r[nameCol]);
    const missing = TRICKY_TEXTS.filter((t) => !names.includes(t));
    expect(missing).toEqual([]);
    expect(sheet.formulas.flat().filter((f) => f !== "")).toEqual([]);
    // Every name is text; the profits are numbers with the money format.
    expect(names.filter((n) => typeof n !== "string")).toEqual([]);
    expect(cells.slice(1).filter((r) => typeof r[profitCol] !== "number")).toEqual([]);
    expect(sheet.view?.formats[profitCol]).toBe("#,##0.00");
  });

  test("a formula's answer keeps every probe name as that exact text (MKTA_PRODUCTS spill)", async () => {
    const ids = demoIds();
    await typeInto(page, "Sheet1", "A1", `=MKTA_PRODUCTS(${ids.shopA},"${ids.regionA}",999)`);
    const cells = await settledValues(page, "Sheet1", (v) => (v[0] ?? []).includes("Name"), 90_000);
    const header = cells[0] ?? [];
    const nameCol = header.indexOf("Name");
    const names = cells.slice(1).map((r) => r[nameCol]);
    expect(names.length).toBeGreaterThan(530);
    // Every probe name is its exact text: the engine gets typed values (typedResult.ts), and
    // the page reads a spilled cell back as a number only where the engine holds a number
    // ("0012", "1,234", "50%", "10%", " 42 " were read as 12, 1234, 0.5, 0.1, 42 before).
    expect(TRICKY_TEXTS.filter((t) => !names.includes(t))).toEqual([]);
    expect(names.filter((n) => typeof n !== "string")).toEqual([]);
    // The figures beside them are still numbers.
    const profitCol = header.findIndex((h) => typeof h === "string" && /profit/i.test(h));
    expect(profitCol).toBeGreaterThanOrEqual(0);
    const rows = cells.slice(1).filter((r) => r[nameCol] !== "");
    expect(rows.filter((r) => typeof r[profitCol] !== "number").map((r) => r[profitCol])).toEqual(
      [],
    );
  });
});
