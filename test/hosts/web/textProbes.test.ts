/**
 * Issue 22 item 6 in the web demo (Univer in Debian's Chromium): an import of products named
 * after every probe string (test/helpers/probeData.ts) writes each name back as exactly that
 * text, never a formula, number or boolean; money and counts stay numbers in their formats.
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
import { openWithApi } from "./webPage";

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
});
