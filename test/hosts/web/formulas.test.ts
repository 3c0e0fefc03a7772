/**
 * Formulas typed into the web demo's spreadsheet compute through the shared async runtime,
 * against the reference server over real HTTP (through a counting proxy): the values equal
 * the API's own answers, a column of 200 cells is batched, an edit re-runs only its
 * dependent cell, errors show the engine's error value with the message, and the workbook
 * survives a reload without the key.
 */
import type { Page } from "playwright-core";
import { startTestServer, type TestServer } from "../../helpers/server";
import { demoIds, type DemoIds } from "../excel/harness/catalogCases";
import { startCountingProxy, type CountingProxy } from "../excel/harness/countingProxy";
import { browserBlocker, loopbackOnly, startWebHost, type WebHost } from "./harness";
import {
  formulaRuns,
  messageAt,
  openWithApi,
  pasteValues,
  saveKey,
  selectCells,
  settledValues,
  sheetValues,
  storedWorkbook,
  typeInto,
} from "./webPage";

type RunsWindow = { __sheets: { formulaRuns(): number } };

const blocker = browserBlocker();
const describeBrowser = blocker ? describe.skip : describe;
if (blocker) console.warn(blocker);

jest.setTimeout(120_000);

describeBrowser("formulas in the web demo's spreadsheet", () => {
  let server: TestServer;
  let proxy: CountingProxy;
  let host: WebHost;
  let page: Page;
  let key: string;
  let ids: DemoIds;
  const consoleErrors: string[] = [];

  const direct = async (pathName: string, body: unknown): Promise<Record<string, unknown>> => {
    const res = await fetch(server.baseUrl + pathName, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${pathName}: HTTP ${res.status}`);
    return ((await res.json()) as { data: Record<string, unknown> }).data;
  };

  beforeAll(async () => {
    ids = demoIds();
    server = await startTestServer();
    key = server.keyFor("demo");
    proxy = await startCountingProxy(server.baseUrl);
    host = await startWebHost();
    page = await host.browser.newPage({ viewport: { width: 1200, height: 800 } });
    page.on("console", (m) => {
      // A shop list the API does not have (B's and C's are extensions) answers 404, and the
      // browser logs every 404 it fetched: an answer the sidebar reads, not a page error.
      const shopList = m.location().url.endsWith("/fetch-all-user-shops");
      if (m.type() === "error" && !(shopList && m.text().includes("status of 404")))
        consoleErrors.push(`${m.text()} (${m.location().url})`);
    });
    page.on("pageerror", (e) => consoleErrors.push(String(e)));
    await loopbackOnly(page);
    await openWithApi(page, host.url, proxy.baseUrl);
    await saveKey(page, key);
  });

  afterAll(async () => {
    await host?.close();
    await proxy?.close();
    await server?.close();
  });

  test("typed MKTA_BREAKDOWN, REQUIRED_PRICE and PROFIT_ROAS equal the API's answers", async () => {
    const BASIS_A = { includeVat: true, lookbackDays: 180 };
    const model = ids.modelsA[0];
    if (!model) throw new Error("no model in the demo data");
    // A product with ad spend, so its ROAS is a figure.
    let adItem = 0;
    let roas: Record<string, unknown> = {};
    for (const itemId of [ids.itemA, ...ids.modelsA.slice(0, 60).map((m) => m.itemId)]) {
      // A product without ad spend answers 404 here.
      roas = await direct(
        `/api/mkt-a/financial-breakdown/profit-adjusted-roas-dedup/${ids.shopA}/${ids.regionA}/${itemId}`,
        BASIS_A, // what the cell sends under the add-in's default profit basis
      ).catch(() => ({}));
      if (typeof roas.profitAdjustedCleanedRoas === "number") {
        adItem = itemId;
        break;
      }
    }
    expect(adItem).toBeGreaterThan(0);
    const A = `${ids.shopA}, "${ids.regionA}"`;
    await typeInto(
      page,
      "Sheet1",
      "A1",
      `=MKTA_BREAKDOWN(${A}, ${model.itemId}, ${model.modelId}, "netProfit")`,
    );
    await typeInto(
      page,
      "Sheet1",
      "A2",
      // Marketplace A's target as a profit amount: targetProfit, the last argument.
      `=REQUIRED_PRICE("A", ${A}, ${ids.categoryA}, 5, , "requiredListingPrice", , , , , , , , , 2)`,
    );
    await typeInto(page, "Sheet1", "A3", `=PROFIT_ROAS("A", ${A}, ${adItem}, "CLEANED", "roas")`);
    // Without a field the breakdown spills as a table.
    await typeInto(page, "Sheet1", "C1", `=MKTA_BREAKDOWN(${A}, ${ids.itemA})`);
    const values = await settledValues(
      page,
      "Sheet1",
      (v) => typeof v[2]?.[0] === "number" && v[0]?.[2] === "Line",
      60_000,
      40,
      6,
    );

    const breakdown = await direct(
      "/api/mkt-a/financial-breakdown/model-breakdowns/batch-by-model-ids",
      {
        shopId: ids.shopA,
        region: ids.regionA,
        modelIds: [model.modelId],
      },
    );
    const entry = (breakdown as unknown as Array<{ metadata: { netProfit: number } }>)[0];
    const required = await direct("/api/mkt-a/financial-breakdown/required-price", {
      shopId: ids.shopA,
      region: ids.regionA,
      categoryId: ids.categoryA,
      cogs: 5,
      targetMargin: 2,
      hasVat: true, // the default basis counts output VAT as a cost
    });
    expect(values[0]?.[0]).toBe(entry?.metadata.netProfit);
    expect(values[1]?.[0]).toBe(required.requiredListingPrice);
    expect(values[2]?.[0]).toBe(roas.profitAdjustedCleanedRoas);
    expect(typeof values[0]?.[0]).toBe("number");
    // The spill: a header row and data rows beside the scalar column.
    const spilled = values.map((r) => r[2]).filter((c) => c !== "");
    expect(spilled.length).toBeGreaterThan(5);
    expect(values.map((r) => r[3]).filter((c) => typeof c === "number").length).toBeGreaterThan(5);
  });

  test("a bad argument shows #VALUE! and the message names the argument", async () => {
    await typeInto(page, "Sheet1", "A5", `=MKTA_BREAKDOWN(${ids.shopA}, "SG", "twelve")`);
    const values = await settledValues(page, "Sheet1", (v) => (v[4]?.[0] ?? "") !== "");
    expect(values[4]?.[0]).toBe("#VALUE!");
    expect(await messageAt(page, "Sheet1!A5")).toMatch(/itemId/);
    // Selecting the cell shows the message above the grid.
    await selectCells(page, "Sheet1", "A5");
    const says = (pattern: RegExp) =>
      page.waitForFunction(
        (source) =>
          new RegExp(source).test(document.querySelector("#cell-message")?.textContent ?? ""),
        pattern.source,
      );
    await says(/itemId/);
    // The seller's keys move the selection too: away and back, the line follows.
    await page.keyboard.press("ArrowUp");
    await says(/^(?!A5:)/);
    await page.keyboard.press("ArrowDown");
    await says(/^A5: .*itemId/);
  });

  test("a blocked spill says why in the message line, and what to do", async () => {
    await typeInto(page, "Sheet1", "H41", "mine");
    await typeInto(
      page,
      "Sheet1",
      "H40",
      `=MKTA_BREAKDOWN(${ids.shopA}, "${ids.regionA}", ${ids.itemA})`,
    );
    const values = await settledValues(page, "Sheet1", (v) => (v[39]?.[7] ?? "") !== "");
    expect(values[39]?.[7]).toBe("#SPILL!");
    expect(values[40]?.[7]).toBe("mine"); // what the seller typed stays
    await selectCells(page, "Sheet1", "H40");
    await page.waitForFunction(() =>
      /no room to spill.*Clear those cells or move the formula/.test(
        document.querySelector("#cell-message")?.textContent ?? "",
      ),
    );
  });

  test("a ranked list spills its whole width in a fresh sheet (Univer's 20 columns would #SPILL!)", async () => {
    await typeInto(
      page,
      "Sheet1",
      "A30",
      `=MKTA_TOP_PRODUCTS(${ids.shopA}, "${ids.regionA}", "PROFIT", 3)`,
    );
    const values = await settledValues(
      page,
      "Sheet1",
      (v) => (v[29]?.[0] ?? "") !== "",
      60_000,
      34,
      52,
    );
    const header = (values[29] ?? []).filter((c) => c !== "");
    expect(values[29]?.[0]).not.toBe("#SPILL!");
    expect(header.length).toBeGreaterThan(20);
    expect(values.slice(30, 33).every((r) => typeof r[header.length - 1] !== "undefined")).toBe(
      true,
    );
  });

  test("in a sheet added later a ranked list spills too, and its days show as days", async () => {
    await typeInto(
      page,
      "Ranked",
      "A1",
      `=MKTA_TOP_PRODUCTS(${ids.shopA}, "${ids.regionA}", "PROFIT", 3)`,
    );
    const values = await settledValues(
      page,
      "Ranked",
      (v) => (v[0]?.[0] ?? "") !== "",
      60_000,
      4,
      52,
    );
    const header = (values[0] ?? []).filter((c) => c !== "");
    expect(header.length).toBeGreaterThan(20);
    const dateColumn = header.findIndex((h) => /date/i.test(String(h)));
    expect(dateColumn).toBeGreaterThanOrEqual(0);
    // The engine reads "2025-06-30" as a date number; the cell must show it as a day.
    await page.waitForFunction(
      (c) =>
        (
          window as unknown as { __sheets: { get(n: string): { formats: string[] } | null } }
        ).__sheets.get("Ranked")?.formats[c] === "yyyy-mm-dd",
      dateColumn,
      { timeout: 10_000 },
    );
  });

  test("200 cells down a column all compute in a few requests; an edit re-runs only its dependent", async () => {
    const models = ids.modelsA.slice(0, 200);
    expect(models.length).toBe(200);
    proxy.reset();
    const runsBefore = await formulaRuns(page);
    await pasteValues(
      page,
      "Fill",
      "A1",
      models.map((m, i) => [
        m.itemId,
        m.modelId,
        `=MKTA_BREAKDOWN(${ids.shopA}, "${ids.regionA}", A${i + 1}, B${i + 1}, "netProfit")`,
      ]),
    );
    const values = await settledValues(
      page,
      "Fill",
      (v) => v.length === 200 && v.every((r) => typeof r[2] === "number"),
    );
    const requests = proxy.count();
    console.log(`web: 200 MKTA_BREAKDOWN cells -> ${requests} HTTP requests`);
    expect(requests).toBeLessThanOrEqual(10);
    expect((await formulaRuns(page)) - runsBefore).toBe(200);
    const raw = (await direct(
      "/api/mkt-a/financial-breakdown/model-breakdowns/batch-by-model-ids",
      {
        shopId: ids.shopA,
        region: ids.regionA,
        modelIds: models.slice(0, 20).map((m) => m.modelId),
      },
    )) as unknown as Array<{ modelId: number; metadata: { netProfit: number } }>;
    for (const [i, m] of models.slice(0, 20).entries()) {
      expect(values[i]?.[2]).toBe(raw.find((e) => e.modelId === m.modelId)?.metadata.netProfit);
    }

    // Point row 7 at another model: only C7 asks again.
    const other = ids.modelsA[200];
    if (!other) throw new Error("the demo shop has fewer than 201 models");
    proxy.reset();
    const runsAtEdit = await formulaRuns(page);
    await pasteValues(page, "Fill", "A7", [[other.itemId, other.modelId]]);
    const after = await settledValues(page, "Fill", (v) => v[6]?.[2] !== values[6]?.[2]);
    expect((await formulaRuns(page)) - runsAtEdit).toBe(1);
    expect(proxy.count()).toBe(1);
    after.forEach((row, i) => {
      if (i !== 6) expect(row[2]).toBe(values[i]?.[2]);
    });
  });

  test("Refresh > Selection re-runs exactly the selected cells; Clear cache re-runs every formula", async () => {
    const before = await settledValues(page, "Fill");
    const open = await page
      .locator("#sec-settings")
      .evaluate((d) => (d as HTMLDetailsElement).open);
    if (!open) await page.locator("#sec-settings > summary").click();
    await selectCells(page, "Fill", "C1:C10");
    proxy.reset();
    let runs = await formulaRuns(page);
    await page.click("#refresh-selection");
    await page.waitForFunction(() =>
      /Asked 10 cells again/.test(document.querySelector("#queue-status")?.textContent ?? ""),
    );
    await page.waitForFunction(
      (at) => (window as unknown as RunsWindow).__sheets.formulaRuns() >= at + 10,
      runs,
    );
    const refreshed = await settledValues(page, "Fill", (v) =>
      v.every((r) => typeof r[2] === "number"),
    );
    expect((await formulaRuns(page)) - runs).toBe(10);
    // Fresh answers for the ten cells, asked together (one batch), the same figures.
    expect(proxy.count()).toBeGreaterThanOrEqual(1);
    expect(proxy.count()).toBeLessThanOrEqual(2);
    expect(refreshed).toEqual(before);
    // The refresh log's row counts the requests those cells caused, as the server saw them.
    const log = await sheetValues(page, "Refresh log");
    expect(log.at(-1)?.slice(2, 5)).toEqual(["Formula cells: the selection", proxy.count(), 10]);

    proxy.reset();
    runs = await formulaRuns(page);
    await page.click("#clear-cache");
    await page.waitForFunction(() =>
      /Cache cleared/.test(document.querySelector("#settings-status")?.textContent ?? ""),
    );
    await page.waitForFunction(
      (at) => (window as unknown as RunsWindow).__sheets.formulaRuns() >= at + 200,
      runs,
    );
    const cleared = await settledValues(page, "Fill", (v) =>
      v.every((r) => typeof r[2] === "number"),
    );
    expect(cleared).toEqual(before);
    // The 200 cells of Fill and the typed cells of Sheet1 asked again, in a few requests.
    expect((await formulaRuns(page)) - runs).toBeGreaterThanOrEqual(200);
    expect(proxy.count()).toBeGreaterThanOrEqual(1);
    expect(proxy.count()).toBeLessThanOrEqual(12);
  });

  test("the workbook survives a reload, the key is never in it, and the page logs no errors", async () => {
    await page.waitForTimeout(1500); // the save runs a moment after the last change
    const saved = await storedWorkbook(page);
    expect(saved).toContain("MKTA_BREAKDOWN");
    expect(saved).not.toContain(key);
    // The key stays in localStorage, which no longer holds the workbook.
    const local = await page.evaluate(() => JSON.stringify({ ...window.localStorage }));
    expect(local).toContain(key);
    expect(local).not.toContain("MKTA_BREAKDOWN");
    proxy.reset();
    await page.reload();
    const values = await settledValues(page, "Fill", (v) => typeof v[0]?.[2] === "number");
    expect(values.length).toBe(200);
    expect((await sheetValues(page, "Sheet1"))[1]?.[0]).toEqual(expect.any(Number));
    // The spilled breakdown comes back whole (not just its first cell), and the error cell
    // still says why.
    const sheet1 = await settledValues(
      page,
      "Sheet1",
      (v) => v[0]?.[2] === "Line" && typeof v[2]?.[3] === "number",
      60_000,
      40,
      6,
    );
    expect(sheet1.map((r) => r[2]).filter((c) => c !== "").length).toBeGreaterThan(3);
    expect(await messageAt(page, "Sheet1!A5")).toMatch(/itemId/);
    // Answers come from the cache kept in the browser: the reload asked nothing again.
    const asked = proxy.log.map((r) => r.path).filter((p) => !p.endsWith("/fetch-all-user-shops"));
    expect(asked).toEqual([]); // the sidebar still lists the shops
    expect(consoleErrors).toEqual([]);
  });
});
