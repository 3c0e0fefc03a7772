/**
 * The web host in Debian's Chromium against the reference server: key entry (bad form,
 * revoked, good), a 2,100-product import checked against the API, formula-looking names kept
 * as text, cancel and server death leaving the previous data intact, and "Refresh all".
 */
import path from "node:path";
import { PAGE_CHUNK_ROWS } from "../../../src/hosts/web/univer/pageTurns";
import type { Page } from "playwright-core";
import { startTestServer, type TestServer } from "../../helpers/server";
import {
  ARTIFACTS,
  browserBlocker,
  loopbackOnly,
  serverHandlers,
  startWebHost,
  type WebHost,
} from "./harness";
import { openWithApi } from "./webPage";

type Value = string | number | boolean;
interface SheetSnapshot {
  values: Value[][];
  kinds: string[][];
  frozenRows: number;
  note: string | null;
  writeCalls: number;
  formats: string[];
}

const blocker = browserBlocker();
const describeBrowser = blocker ? describe.skip : describe;
if (blocker) console.warn(blocker);

jest.setTimeout(90_000);

describeBrowser("web host in Chromium", () => {
  let api: TestServer;
  let host: WebHost;
  let page: Page;
  let goodKey: string;

  const shot = (name: string): Promise<Buffer> =>
    page.locator("#sidebar").screenshot({ path: path.join(ARTIFACTS, `web-sidebar-${name}.png`) });

  const sheet = (name: string): Promise<SheetSnapshot | null> =>
    page.evaluate((n) => {
      const inspector = (
        window as unknown as {
          __sheets: {
            get(n: string): {
              cells: Value[][];
              frozenRows: number;
              note: string | null;
              writeCalls: number;
              formats: string[];
            } | null;
            formulas(n: string): string[][];
          };
        }
      ).__sheets;
      const s = inspector.get(n);
      if (!s) return null;
      const formulas = inspector.formulas(n);
      return {
        values: s.cells,
        // What each cell holds: a formula, text, or a number/boolean.
        kinds: s.cells.map((r, i) =>
          r.map((v, j) =>
            formulas[i]?.[j] ? "formula" : typeof v === "string" ? "text" : typeof v,
          ),
        ),
        frozenRows: s.frozenRows,
        note: s.note,
        writeCalls: s.writeCalls,
        formats: s.formats,
      };
    }, name);

  const statusOf = (id: string): Promise<string> => page.locator(`#${id}`).innerText();

  const openSection = async (id: string): Promise<void> => {
    const open = await page.locator(`#${id}`).evaluate((d) => (d as HTMLDetailsElement).open);
    if (!open) await page.locator(`#${id} > summary`).click();
  };

  /** All entries of A11 for the shop, straight from the API. */
  const apiRanking = async (): Promise<
    Array<{ itemId: number; totalProfit: number; name: string }>
  > => {
    const out: Array<{ itemId: number; totalProfit: number; name: string }> = [];
    for (let p = 0; ; p++) {
      const res = await fetch(
        `${api.baseUrl}/api/mkt-a/financial-breakdown/products/100001/SG/sorted-by-profit`,
        {
          method: "POST",
          headers: { Authorization: `Bearer ${goodKey}`, "Content-Type": "application/json" },
          // The import sends the add-in's default profit basis: VAT counted (issue 12).
          body: JSON.stringify({ page: p, pageSize: 500, includeVat: true }),
        },
      );
      const data = ((await res.json()) as { data: { entries: typeof out; totalPages: number } })
        .data;
      out.push(
        ...data.entries.map((e) => ({
          itemId: e.itemId,
          totalProfit: e.totalProfit,
          name: e.name,
        })),
      );
      if (p + 1 >= data.totalPages) return out;
    }
  };

  beforeAll(async () => {
    const handlers = await serverHandlers();
    api = await startTestServer(handlers ? { handlers } : {});
    goodKey = api.keyFor("demo");
    host = await startWebHost();
    page = await host.browser.newPage({ viewport: { width: 1100, height: 900 } });
    await loopbackOnly(page);
    await openWithApi(page, host.url, api.baseUrl);
    await page.locator("#api-key").waitFor();
  });

  afterAll(async () => {
    await host?.close();
    await api?.close().catch(() => undefined);
  });

  test("key entry: bad form, revoked key, then a good key shown only by its prefix", async () => {
    // On a loaded machine the pane may still re-render from its first settings read and drop
    // what was typed (seen once in CI: "Paste your API key first."): type again until it stays.
    for (let tries = 0; tries < 5; tries++) {
      await page.fill("#api-key", "hello-world-key");
      if ((await page.inputValue("#api-key")) === "hello-world-key") break;
    }
    await page.click("#save-key");
    expect(await statusOf("settings-status")).toMatch(/pat_/);
    await shot("key-bad-form");

    const revoked = api.keyFor("demo");
    api.revoke(revoked);
    await page.fill("#api-key", revoked);
    await page.click("#save-key");
    await page.waitForFunction(() =>
      /rejected/i.test(document.querySelector("#settings-status")?.textContent ?? ""),
    );
    expect(await statusOf("settings-status")).toContain(
      "create a new key in Settings → API keys in your Marketplace Profit Analytics web application",
    );
    await shot("key-revoked");

    await page.fill("#api-key", goodKey);
    await page.click("#save-key");
    await page.locator("#key-saved").waitFor();
    const saved = await page.locator("#key-saved").innerText();
    expect(saved).toContain(goodKey.slice(0, goodKey.indexOf("pat_") + 4));
    expect(saved).not.toContain(goodKey);
    expect(await page.inputValue("#api-key")).toBe("");
    expect(await page.locator("body").innerHTML()).not.toContain(goodKey);
    await openSection("sec-shops");
    await page.locator("#shop-list li").first().waitFor();
    expect(await page.locator("#shop-list").innerText()).toContain("Demo Living SG");
    await shot("key-saved");
  });

  test("imports 2,100 products sorted by profit, matching the API row for row", async () => {
    await openSection("sec-imports");
    await page.selectOption("#imp-kind", "productsByProfit");
    // Only A and B list products: the section says why C is missing and what works for C.
    expect(await page.locator("#imp-market option").allTextContents()).toEqual(["A", "B"]);
    expect(await page.textContent("#imp-market-hint")).toMatch(
      /no product list for marketplace C.*Chosen products.*MKTC_/,
    );
    await page.fill("#imp-sheet", "Profit");
    await page.click("#imp-run");
    await page.waitForFunction(
      () => /rows written/.test(document.querySelector("#imp-status")?.textContent ?? ""),
      undefined,
      { timeout: 60_000 },
    );
    await shot("import-done");
    const s = await sheet("Profit");
    const expected = await apiRanking();
    expect(expected.length).toBeGreaterThanOrEqual(2000);
    expect(s).not.toBeNull();
    if (!s) return;
    const header = s.values[0] ?? [];
    const idCol = header.indexOf("Item id");
    const profitCol = header.indexOf("Total profit");
    const nameCol = header.indexOf("Name");
    expect(idCol).toBeGreaterThanOrEqual(0);
    expect(profitCol).toBeGreaterThanOrEqual(0);
    expect(s.values.length).toBe(expected.length + 1);
    expect(s.values.slice(1).map((r) => r[idCol])).toEqual(expected.map((e) => e.itemId));
    expect(s.values.slice(1).map((r) => r[profitCol])).toEqual(expected.map((e) => e.totalProfit));
    expect(s.frozenRows).toBe(1);
    expect(s.note).toMatch(/Data fresh at: \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(.+\)/);
    expect(s.note).toMatch(/Refreshed at: \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(.+\)/);
    expect(s.formats[profitCol]).toBe("#,##0.00");
    // One header write plus one write per 500 rows.
    expect(s.writeCalls).toBe(1 + Math.ceil(expected.length / 500));

    // Formula-looking names arrive as text, exactly as the API sent them.
    const hyperlinkRow = s.values.findIndex((r) => r[nameCol] === '=HYPERLINK("http://x","y")');
    expect(hyperlinkRow).toBeGreaterThan(0);
    expect(s.kinds[hyperlinkRow]?.[nameCol]).toBe("text");
    const tricky = expected.filter((e) => /^[=+\-@]/.test(e.name)).map((e) => e.name);
    expect(tricky.length).toBeGreaterThanOrEqual(4);
    for (const name of tricky) {
      const row = s.values.findIndex((r) => r[nameCol] === name);
      expect(row).toBeGreaterThan(0);
      expect(s.kinds[row]?.[nameCol]).toBe("text");
    }
    expect(s.kinds.flat()).not.toContain("formula");
  });

  test("cancel half-way leaves the previous data untouched", async () => {
    const before = await sheet("Profit");
    let served = 0;
    await page.route("**/sorted-by-profit-adjusted-roas", async (route) => {
      served++;
      await new Promise((r) => setTimeout(r, 400));
      await route.fallback();
    });
    await page.selectOption("#imp-kind", "productsByRoas");
    await page.fill("#imp-sheet", "Profit");
    await page.click("#imp-run");
    // The job's line past its first step (two pages a step): pages came, the commit has not.
    await page.waitForFunction(() =>
      /^Step ([2-9]|\d{2,})\b/.test(
        document.querySelector("#imp-progress-text")?.textContent ?? "",
      ),
    );
    await shot("import-progress");
    await page.click("#imp-cancel");
    await page.waitForFunction(() =>
      /cancelled/i.test(document.querySelector("#imp-status")?.textContent ?? ""),
    );
    await shot("import-cancelled");
    expect(served).toBeGreaterThanOrEqual(2);
    expect(served).toBeLessThan(5);
    expect(await sheet("Profit")).toEqual(before);
    await page.unroute("**/sorted-by-profit-adjusted-roas");
  });

  test("saved imports refresh all at once", async () => {
    await page.selectOption("#imp-kind", "productsByProfit");
    await page.fill("#imp-sheet", "Profit");
    await page.click("#imp-save");
    await page.waitForFunction(
      () => (document.querySelectorAll("#saved-imports li").length ?? 0) === 1,
    );
    await page.selectOption("#imp-kind", "shopOverview");
    expect(await page.locator("#imp-market-hint").count()).toBe(0); // C is offered here
    await page.fill("#imp-sheet", "Overview");
    await page.click("#imp-save");
    await page.waitForFunction(() => document.querySelectorAll("#saved-imports li").length === 2);
    const before = await sheet("Profit");
    await page.click("#refresh-all");
    await page.waitForFunction(
      () =>
        /All 2 imports refreshed/.test(document.querySelector("#imp-status")?.textContent ?? ""),
      undefined,
      { timeout: 60_000 },
    );
    await shot("refresh-all");
    const after = await sheet("Profit");
    // A managed table's refresh writes its figures by product, one write per chunk of rows
    // (the page gets a turn between chunks); its header stays as it is.
    expect(after?.writeCalls).toBe(
      (before?.writeCalls ?? 0) + Math.ceil(((before?.values.length ?? 1) - 1) / PAGE_CHUNK_ROWS),
    );
    expect(after?.values).toEqual(before?.values);
    const overview = await sheet("Overview");
    expect(overview?.values[0]).toEqual(["Section", "Item", "Metric", "Value"]);
    const totalProfit = overview?.values.find((r) => r[2] === "Total profit");
    expect(typeof totalProfit?.[3]).toBe("number");
  });

  test("a server that dies mid-import leaves the previous data and says why", async () => {
    const before = await sheet("Profit");
    let calls = 0;
    await page.route("**/sorted-by-profit", async (route) => {
      calls++;
      if (calls === 2) await api.close(); // the server goes away after the first page
      await route.fallback();
    });
    await page.selectOption("#imp-kind", "productsByProfit");
    await page.fill("#imp-sheet", "Profit");
    await page.click("#imp-run");
    // No connection is a stop the import job waits out (it goes on from its checkpoint when
    // the server is back): its line says where it stopped, why, and that nothing changed.
    await page.waitForFunction(
      () =>
        /Import stopped at page 2/.test(
          document.querySelector("#imp-progress-text")?.textContent ?? "",
        ),
      undefined,
      { timeout: 60_000 },
    );
    const message = await statusOf("imp-progress-text");
    expect(message).toMatch(/Could not reach the API/);
    expect(message).toMatch(/The sheet is unchanged/);
    expect(message).toMatch(/waiting \(.*\), trying again in about \d+ s/);
    await shot("import-server-died");
    expect(await sheet("Profit")).toEqual(before);
    // The seller gives up on it: cancelled, and still nothing changed.
    await page.click("#imp-cancel");
    await page.waitForFunction(() =>
      /cancelled/i.test(document.querySelector("#imp-status")?.textContent ?? ""),
    );
    expect(await sheet("Profit")).toEqual(before);
    await page.unroute("**/sorted-by-profit");
    // Two bounded waits (the stop's line 60 s, the cancel 30 s): room for both at load 10.
  }, 180_000);
});
