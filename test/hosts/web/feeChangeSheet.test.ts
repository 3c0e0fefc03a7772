/**
 * Issue 34 items 2 and 5 in the web demo in Chromium, through the sidebar's "Before a fee
 * change" section, requests counted at the reference server: a fee-change sheet for seller
 * 500001 MY at the demo's B change (2025-08-29) lists every SKU under its summary, largest
 * monthly loss first, in 11 requests; the seller's column survives Refresh; a date typed wrong
 * is refused before a request; "New cost book" makes the team's sheet once.
 */
import type { Page } from "playwright-core";
import { countingHandlers, type Counted } from "../../helpers/countedServer";
import { distinct, rawPost } from "../../helpers/pricingScenario";
import { startTestServer, type TestServer } from "../../helpers/server";
import { SUMMARY_ROWS } from "../../../src/imports/feeChange/feeChangeTable";
import { columnLetters } from "../../../src/imports/managedTable";
import { browserBlocker, loopbackOnly, startWebHost, type WebHost } from "./harness";
import { openWithApi, pasteValues, saveKey, sheetValues } from "./webPage";

const blocker = browserBlocker();
const describeBrowser = blocker ? describe.skip : describe;
if (blocker) console.warn(blocker);

jest.setTimeout(240_000);

describeBrowser("the fee-change sheet in the web demo", () => {
  let api: TestServer;
  let host: WebHost;
  let page: Page;
  const seen: Counted[] = [];

  beforeAll(async () => {
    api = await startTestServer({ handlers: countingHandlers(seen), hostileNames: false });
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

  /** Press a button and wait for a new outcome line (done or error, not progress). */
  async function press(id: string): Promise<string> {
    const was = (await page.textContent("#fee-change-status")) ?? "";
    await page.click(`#${id}`);
    await page.waitForFunction(
      (old) => {
        const line = document.querySelector("#fee-change-status");
        const t = line?.textContent ?? "";
        const said = line?.classList.contains("ok") || line?.classList.contains("error");
        return t !== "" && t !== old && said === true;
      },
      was,
      { timeout: 180_000, polling: 50 },
    );
    return (await page.textContent("#fee-change-status")) ?? "";
  }

  test("500001 MY: summary, every SKU by monthly loss, 11 requests; Refresh keeps the seller's column", async () => {
    await page.locator("#fee-change > summary").click();
    await page.locator('#fee-change-shop option[value="B:500001"]').waitFor({ state: "attached" });
    await page.selectOption("#fee-change-shop", "B:500001");
    // B's API names no scheduled change: the date is asked for, nothing is sent.
    const none = seen.length;
    expect(await press("fee-change-new")).toMatch(/^Date: type the day the new fees apply/);
    await page.fill("#fee-change-date", "29.08.2025");
    expect(await press("fee-change-new")).toMatch(/^Date: write it as YYYY-MM-DD/);
    expect(seen.length).toBe(none);

    await page.fill("#fee-change-date", "2025-08-29");
    const from = seen.length;
    const said = await press("fee-change-new");
    expect(said).toMatch(
      /^Fee change: \d+ variants at the fees of 2025-08-29 in 11 requests \(11 batches, 0 single\)/,
    );
    // Distinct bodies: a request sent again after a timeout on a loaded machine is one.
    const built = distinct(seen.slice(from));
    expect(built).toHaveLength(11);

    const grid = await sheetValues(page, "Fee change");
    expect(grid[0]?.[0]).toBe("Fee change on 2025-08-29 · B 500001 MY");
    expect(grid[2]?.[0]).toBe("This sheet");
    expect(typeof grid[2]?.[3]).toBe("number");
    const header = (grid[SUMMARY_ROWS] ?? []).map(String);
    const col = (h: string): number => header.indexOf(h);
    const rows = grid.slice(SUMMARY_ROWS + 1).filter((r) => r[0] !== "" && r[0] !== undefined);
    const b8 = await rawPost(
      api,
      api.keyFor("demo"),
      "/api/mkt-b/financial-breakdown/partner/sku-breakdowns/all/500001/MY",
      {},
    );
    expect(rows).toHaveLength((b8 as unknown as unknown[]).length);
    expect(said).toContain(`${rows.length} variants`);
    const monthly = rows.map((r) => Number(r[col("Change/month")]));
    expect(monthly).toEqual([...monthly].sort((a, b) => a - b));
    expect(rows.some((r) => String(r[col("Flag")]) !== "")).toBe(true);

    // The seller's column beside the table, then Refresh: kept on the same SKU.
    const mine = columnLetters(header.length + 1);
    const at = (r: number): string => `${mine}${SUMMARY_ROWS + 2 + r}`;
    await pasteValues(page, "Fee change", `${mine}${SUMMARY_ROWS + 1}`, [["Decision"]]);
    await pasteValues(page, "Fee change", at(0), [["raise price"]]);
    await pasteValues(page, "Fee change", at(4), [["drop it"]]);
    const again = seen.length;
    expect(await press("fee-change-refresh")).toMatch(/^Fee change refreshed: \d+ variants/);
    expect(distinct(seen.slice(again)).map((s) => s.endpoint)).toEqual(
      built.map((s) => s.endpoint),
    );
    const after = await sheetValues(page, "Fee change");
    const mineAt = header.length + 1;
    expect(after[SUMMARY_ROWS + 1]?.[mineAt]).toBe("raise price");
    expect(after[SUMMARY_ROWS + 1]?.[0]).toBe(rows[0]?.[0]);
    expect(after[SUMMARY_ROWS + 5]?.[mineAt]).toBe("drop it");
    expect(after[SUMMARY_ROWS + 5]?.[1]).toBe(rows[4]?.[1]);

    const log = await sheetValues(page, "Refresh log");
    expect(log.slice(1).filter((r) => /Fee change on 2025-08-29/.test(String(r[2])))).toHaveLength(
      2,
    );

    // The team's cost book: made once, then kept.
    expect(await press("fee-change-cost-book")).toMatch(/^Made the sheet "Cost book"/);
    const book = await sheetValues(page, "Cost book");
    expect(book[0]?.slice(0, 5)).toEqual([
      "Marketplace",
      "Item id",
      "Variant id",
      "Cost",
      "Valid from",
    ]);
  });
});
