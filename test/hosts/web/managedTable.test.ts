/**
 * Issue 20's scenario in the web demo in Chromium, through the sidebar as a seller uses it:
 * import "sorted by profit", type 3 notes right of the table, insert a Supplier column inside
 * it (the engine's own column insert) with 3 values, change the basis, refresh twice: each
 * note and supplier is still beside its product.
 */
import type { Page } from "playwright-core";
import { startTestServer, type TestServer } from "../../helpers/server";
import {
  besideTheirProduct,
  highestFirst,
  idsInOrder,
  profitsInOrder,
  sellerTypesBeside,
  type SellerSheet,
} from "../../helpers/managedScenario";
import { columnLetters } from "../../../src/imports/managedTable";
import {
  browserBlocker,
  loopbackOnly,
  serverHandlers,
  startWebHost,
  type WebHost,
} from "./harness";
import {
  openWithApi,
  pasteValues,
  saveKey,
  selectCells,
  settledValues,
  sheetFormulas,
  sheetValues,
} from "./webPage";

const blocker = browserBlocker();
const describeBrowser = blocker ? describe.skip : describe;
if (blocker) console.warn(blocker);

jest.setTimeout(180_000);

describeBrowser("managed tables in the web demo", () => {
  let api: TestServer;
  let host: WebHost;
  let page: Page;

  const openSection = async (id: string): Promise<void> => {
    const open = await page.locator(`#${id}`).evaluate((d) => (d as HTMLDetailsElement).open);
    if (!open) await page.locator(`#${id} > summary`).click();
  };

  /** Press Import and wait for its outcome line (or its error, or a question). */
  const runImport = async (done: RegExp): Promise<string> => {
    // Every text the status line shows from now on (a refresh may end on the same text).
    await page.evaluate(() => {
      const w = window as unknown as { __statusLog: string[] };
      w.__statusLog = [];
      const status = document.querySelector("#imp-status")?.parentElement ?? document.body;
      new MutationObserver(() => {
        w.__statusLog.push(document.querySelector("#imp-status")?.textContent ?? "");
      }).observe(status, { subtree: true, childList: true, characterData: true });
    });
    await page.click("#imp-run");
    await page.waitForFunction(
      () =>
        (window as unknown as { __statusLog: string[] }).__statusLog.some(
          (t) => t !== "" && !/(starting|planning|running)…$/.test(t),
        ),
      undefined,
      { timeout: 90_000 },
    );
    const text = (await page.textContent("#imp-status")) ?? "";
    expect(text).toMatch(done);
    return text;
  };

  const saveBasis = async (days: number): Promise<void> => {
    await openSection("sec-settings");
    await page.fill("#sales-window", String(days));
    await page.click("#save-basis");
    await page.waitForFunction(
      () => (document.querySelector("#basis-status")?.textContent ?? "") !== "",
    );
  };

  const seller: SellerSheet = {
    values: () => sheetValues(page, "Top products"),
    type: (row, col, value) =>
      pasteValues(page, "Top products", `${columnLetters(col)}${row + 1}`, [[value]]),
    insertColumn: (col) =>
      page.evaluate(
        (c) =>
          (
            window as unknown as { __sheets: { insertColumn(s: string, c: number): void } }
          ).__sheets.insertColumn("Top products", c),
        col,
      ),
  };

  beforeAll(async () => {
    const handlers = await serverHandlers();
    api = await startTestServer(handlers ? { handlers } : {});
    host = await startWebHost();
    page = await host.browser.newPage({ viewport: { width: 1100, height: 900 } });
    await loopbackOnly(page);
    await openWithApi(page, host.url, api.baseUrl);
    await saveKey(page, api.keyFor("demo"));
  });

  afterAll(async () => {
    await host?.close();
    await api?.close().catch(() => undefined);
  });

  test("3 notes and 3 inserted values stay beside their products through two refreshes with a new basis", async () => {
    await openSection("sec-imports");
    await page.selectOption("#imp-kind", "productsByProfit");
    await page.fill("#imp-sheet", "Top products");
    await page.locator("#imp-options > summary").click();
    await page.fill("#imp-limit", "60");
    await runImport(/rows written/);
    const typed = await sellerTypesBeside(seller);
    const order = idsInOrder(await seller.values());

    await saveBasis(30);
    await openSection("sec-imports");
    const first = await runImport(/refreshed by product/);
    expect(first).toMatch(/\d+ updated in place/);
    await saveBasis(90);
    await openSection("sec-imports");
    await runImport(/refreshed by product/);

    const after = await seller.values();
    expect(besideTheirProduct(after, typed)).toEqual({ notes: 3, suppliers: 3 });
    expect(idsInOrder(after).slice(0, order.length)).toEqual(order);
    const rankAt = after[0]?.indexOf("Rank") ?? -1;
    const ranks = after.slice(1, order.length + 1).map((r) => Number(r[rankAt]));
    expect(ranks).not.toEqual([...ranks].sort((x, y) => x - y));
    expect(after[0]?.filter((h) => h === "Rank")).toHaveLength(1);

    // Re-sort on request (Team workbook): whole rows move, the seller's cells with them.
    await openSection("sec-team");
    await page.fill("#team-sheet", "Top products");
    await page.click("#team-resort");
    await page.waitForFunction(
      () =>
        /sorted by|already sorted|:/.test(
          document.querySelector("#team-status")?.textContent ?? "",
        ),
      undefined,
      { timeout: 60_000 },
    );
    expect(await page.textContent("#team-status")).toMatch(
      /^Top products sorted by Total profit, highest first: \d+ of \d+ rows moved/,
    );
    const sorted = await seller.values();
    expect(highestFirst(profitsInOrder(sorted))).toBe(true);
    expect(besideTheirProduct(sorted, typed)).toEqual({ notes: 3, suppliers: 3 });
    // A refresh after it keeps the new order.
    await saveBasis(30);
    await openSection("sec-imports");
    await runImport(/refreshed by product/);
    const again = await seller.values();
    expect(idsInOrder(again).slice(0, idsInOrder(sorted).length)).toEqual(idsInOrder(sorted));
    expect(besideTheirProduct(again, typed)).toEqual({ notes: 3, suppliers: 3 });

    // Keep a snapshot twice (a refresh on another basis between), then chart one product.
    const said = async (button: string, text: RegExp): Promise<string> => {
      // Every text the status line shows from the click on (the same line may come twice).
      await page.evaluate(() => {
        const w = window as unknown as { __teamLog: string[] };
        w.__teamLog = [];
        const status = document.querySelector("#team-status")?.parentElement ?? document.body;
        new MutationObserver(() => {
          w.__teamLog.push(document.querySelector("#team-status")?.textContent ?? "");
        }).observe(status, { subtree: true, childList: true, characterData: true });
      });
      await page.click(button);
      await page.waitForFunction(
        () =>
          (window as unknown as { __teamLog: string[] }).__teamLog.some(
            (t) => t !== "" && t !== "Working…",
          ),
        undefined,
        { timeout: 60_000 },
      );
      const line = (await page.textContent("#team-status")) ?? "";
      expect(line).toMatch(text);
      return line;
    };
    await openSection("sec-team");
    await said("#team-snapshot", /products of Top products kept in Price history/);
    await saveBasis(60);
    await openSection("sec-imports");
    await runImport(/refreshed by product/);
    await openSection("sec-team");
    await said("#team-snapshot", /products of Top products kept in Price history/);
    const history = await sheetValues(page, "Price history");
    const top = idsInOrder(again)[0] ?? "";
    expect(history.filter((r) => r[2] === top)).toHaveLength(2);
    await page.fill("#team-product", top);
    await said("#team-history", /^2 snapshots of /);
    const bars = await page.locator("#team-chart-profit svg > g title").allTextContents();
    expect(bars).toHaveLength(2);
    expect(await page.locator("#team-chart-price").count()).toBe(1);
  });

  test("freeze values then unfreeze: the figure stays as a plain value, then the exact formula is back", async () => {
    const formula = '=MKTA_ITEM(100001, "SG", 10001691, "margin")';
    await pasteValues(page, "Top products", "Z2", [[formula]]);
    await selectCells(page, "Top products", "Z2");
    const computed = await settledValues(
      page,
      "Top products",
      (v) => typeof v[1]?.[25] === "number",
    );
    const figure = computed[1]?.[25];
    await openSection("sec-team");
    await page.click("#team-freeze-sheet");
    await page.waitForFunction(
      () =>
        /frozen as values|:/.test(document.querySelector("#team-status")?.textContent ?? "") &&
        !/Working/.test(document.querySelector("#team-status")?.textContent ?? ""),
    );
    expect(await page.textContent("#team-status")).toMatch(
      /^1 formula of Top products frozen as values/,
    );
    expect((await sheetFormulas(page, "Top products"))[1]?.[25] ?? "").toBe("");
    expect((await sheetValues(page, "Top products"))[1]?.[25]).toBe(figure);
    await page.click("#team-unfreeze-sheet");
    await page.waitForFunction(() =>
      /put back/.test(document.querySelector("#team-status")?.textContent ?? ""),
    );
    expect((await sheetFormulas(page, "Top products"))[1]?.[25]).toBe(formula);
  });

  test("gone rows are shaded; the refresh's outcome offers Remove gone rows, names the seller's cell, deletes the rows whole", async () => {
    const values = await seller.values();
    const header = values[0] ?? [];
    const statusAt = header.indexOf("Status");
    const gone = values.flatMap((r, i) =>
      // A limited import's rows left out say "Below the top N rows" (offered all the same).
      i > 0 &&
      /^(Not in the API's answer|Below the top [\d,]+ rows)/.test(String(r[statusAt] ?? ""))
        ? [i]
        : [],
    );
    const live = values.findIndex((r, i) => i > 0 && r[statusAt] === "");
    expect(gone.length).toBeGreaterThan(0); // four refreshes on three bases left some
    const shade = async (): Promise<string[]> =>
      (
        await page.evaluate(() =>
          (
            window as unknown as { __sheets: { backgrounds(s: string): string[][] } }
          ).__sheets.backgrounds("Top products"),
        )
      ).map((r) => String(r[0]).toLowerCase());
    const before = await shade();
    for (const r of gone) expect(before[r]).toBe("#eeeeee");
    expect(before[live]).not.toBe("#eeeeee");

    // The seller's own cells beyond the table: one on a gone row, one on a kept row.
    const col = Math.max(header.length, 27) + 1;
    const goneRow = gone[0] ?? 0;
    await seller.type(goneRow, col, "gone note");
    await seller.type(live, col, "kept note");
    const rowOf = (grid: unknown[][], note: string) => grid.findIndex((r) => r[col] === note);
    const keptRow = JSON.stringify(values[live]?.slice(0, header.length));

    await openSection("sec-imports");
    await runImport(/refreshed by product/);
    const offer = page.locator("#imp-gone-Top-products-remove");
    expect(await offer.textContent()).toBe(`Remove ${gone.length} gone rows of Top products`);
    await offer.click();
    await page.waitForSelector("#imp-gone-Top-products-question-text");
    const question = (await page.textContent("#imp-gone-Top-products-question-text")) ?? "";
    // This limited table's missing rows are below its top N (statusMarks.ts), named as such.
    expect(question).toMatch(
      /^Remove \d+ rows? (of Top products whose products are no longer|only below the top rows the last import kept)/,
    );
    expect(question).toContain(`${columnLetters(col)}${goneRow + 1} (`);
    expect(question).toContain("gone note");
    expect(question).not.toContain("kept note");
    await page.click("#imp-gone-Top-products-question-yes");
    await page.waitForFunction(
      () =>
        /deleted from/.test(
          document.querySelector("#imp-gone-Top-products-status")?.textContent ?? "",
        ),
      undefined,
      { timeout: 60_000 },
    );

    const after = await seller.values();
    expect(after.filter((r) => /^Not in the API's answer/.test(String(r[statusAt] ?? "")))).toEqual(
      [],
    );
    expect(rowOf(after, "gone note")).toBe(-1);
    // The kept row's note is still on its product's row (rows deleted whole, not moved by value).
    const keptAt = rowOf(after, "kept note");
    expect(JSON.stringify(after[keptAt]?.slice(0, header.length))).toBe(keptRow);
    expect(after.length).toBe(values.length - gone.length);
    expect((await shade()).filter((c) => c === "#eeeeee")).toEqual([]);
  });
});
