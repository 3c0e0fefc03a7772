/**
 * Issue 20 in the web demo in Chromium, on one page, as a seller uses the sidebar: after "Save
 * basis" the sidebar lists the managed tables on the other basis and "Refresh them" brings the
 * import onto it (figures and stamp); a new pricing sheet is the sheet shown; made again over
 * itself it asks before replacing ("Keep it" keeps it), and once the seller typed in it, it is
 * refused with the typed cells named and kept.
 */
import type { Page } from "playwright-core";
import { startTestServer, type TestServer } from "../../helpers/server";
import { openPricing, pressPricing } from "../../helpers/pricingPage";
import { byHeader } from "../../helpers/pricingScenario";
import { columnLetters } from "../../../src/imports/managedTable";
import { browserBlocker, loopbackOnly, startWebHost, type WebHost } from "./harness";
import { openWithApi, pasteValues, saveKey, sheetValues } from "./webPage";

const blocker = browserBlocker();
const describeBrowser = blocker ? describe.skip : describe;
if (blocker) console.warn(blocker);

jest.setTimeout(180_000);

type Inspector = { __sheets: { active(): string; get(n: string): { note: string | null } | null } };

describeBrowser("tables on another basis and the pricing sheet's replace question", () => {
  let api: TestServer;
  let host: WebHost;
  let page: Page;

  beforeAll(async () => {
    api = await startTestServer({ hostileNames: false });
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

  const openSection = async (id: string): Promise<void> => {
    const open = await page.locator(`#${id}`).evaluate((d) => (d as HTMLDetailsElement).open);
    if (!open) await page.locator(`#${id} > summary`).click();
  };
  /** The text of `selector` once it matches `done` (a refresh may end on the same text). */
  const said = async (selector: string, done: RegExp): Promise<string> => {
    await page.waitForFunction(
      ([s, source]) => new RegExp(source).test(document.querySelector(s)?.textContent ?? ""),
      [selector, done.source] as const,
      { timeout: 90_000 },
    );
    return (await page.textContent(selector)) ?? "";
  };
  const note = (sheet: string): Promise<string> =>
    page.evaluate((n) => (window as unknown as Inspector).__sheets.get(n)?.note ?? "", sheet);

  test("Refresh them brings an import onto the saved basis; the pricing sheet asks before replacing and keeps what the seller typed", async () => {
    // An import on the 180-day window, and a small pricing sheet.
    await openSection("sec-imports");
    await page.selectOption("#imp-kind", "productsByProfit");
    await page.fill("#imp-sheet", "Top products");
    await page.locator("#imp-options > summary").click();
    await page.fill("#imp-limit", "8");
    await page.click("#imp-run");
    await said("#imp-status", /rows written/);
    const before = await sheetValues(page, "Top products");
    expect(await note("Top products")).toMatch(/180-day sales window/);

    await openPricing(page, "A:100001");
    await page.fill("#pricing-sheet", "Pricing");
    await page.fill("#pricing-products", "3");
    expect(await pressPricing(page, "pricing-new")).toMatch(/^Pricing: answered \d+ of \d+ rows/);
    // The new pricing sheet is the one shown, as an import's is.
    expect(await page.evaluate(() => (window as unknown as Inspector).__sheets.active())).toBe(
      "Pricing",
    );

    // Save a 30-day window: both tables are listed, the import can be refreshed.
    await openSection("sec-settings");
    await page.fill("#sales-window", "30");
    await page.click("#save-basis");
    const listed = await said("#basis-status", /On another basis/);
    expect(listed).toMatch(/On another basis: .*Top products \([^)]*180-day sales window/);
    expect(listed).toContain('make Pricing again with "New pricing sheet"');
    await page.click("#basis-refresh-tables");
    await said("#imp-status", /refreshed by product/);
    expect(await note("Top products")).toMatch(/30-day sales window/);
    const after = await sheetValues(page, "Top products");
    const profit = (before[0] ?? []).indexOf("Total profit");
    expect(profit).toBeGreaterThan(0);
    const figures = (t: typeof before) => t.slice(1, 9).map((r) => r[profit]);
    expect(figures(after)).not.toEqual(figures(before));

    // Made again over itself (nothing typed): asked first; "Keep it" writes nothing.
    const untouched = await sheetValues(page, "Pricing");
    await page.click("#pricing-new");
    expect(await said("#pricing-confirm-text", /holds a pricing sheet/)).toMatch(
      /^Pricing holds a pricing sheet the add-in wrote \(\d+ rows, \d+ rows answered\) and nothing typed by hand/,
    );
    expect(await page.textContent("#pricing-confirm-no")).toBe("Keep it");
    await page.click("#pricing-confirm-no");
    await said("#pricing-status", /^Nothing written: Pricing is kept/);
    expect(await sheetValues(page, "Pricing")).toEqual(untouched);

    // The seller types two planned prices: refused, both cells named, both kept.
    const { col } = byHeader(untouched);
    const planned = columnLetters(col("Planned buyer price"));
    await pasteValues(page, "Pricing", `${planned}2`, [[9.5], [8.25]]);
    const refused = await pressPricing(page, "pricing-new");
    expect(refused).toContain(`Pricing!${planned}2, ${planned}3 were typed by hand`);
    const kept = await sheetValues(page, "Pricing");
    expect([kept[1]?.[col("Planned buyer price")], kept[2]?.[col("Planned buyer price")]]).toEqual([
      9.5, 8.25,
    ]);
  });
});
