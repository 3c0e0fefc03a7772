/**
 * The web demo shows figures as a seller reads them: the text the grid displays for a spilled
 * breakdown (money with the currency's decimals, "Margin" as a percentage), a margin asked by
 * field and a required price, read from the grid itself (number formats applied), against the
 * reference server over real HTTP. Also draws docs/web-formats.png, the picture of those cells.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { startTestServer, type TestServer } from "../../helpers/server";
import { demoIds } from "../excel/harness/catalogCases";
import { browserBlocker, loopbackOnly, startWebHost, type WebHost } from "./harness";
import { displayedText, openWithApi, saveKey, settledValues, typeInto } from "./webPage";

const blocker = browserBlocker();
const describeBrowser = blocker ? describe.skip : describe;
if (blocker) console.warn(blocker);

jest.setTimeout(120_000);

/** How a seller reads an amount with two decimals, independent of the add-in's code. */
const money = (n: number): string =>
  n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const percent = (fraction: number): string => `${(fraction * 100).toFixed(2)}%`;

describeBrowser("figures in the web demo read as a seller reads them", () => {
  let server: TestServer;
  let host: WebHost;
  let page: Page;
  const ids = demoIds();

  beforeAll(async () => {
    server = await startTestServer({ hostileNames: false });
    host = await startWebHost();
    page = await host.browser.newPage({ viewport: { width: 1100, height: 560 } });
    await loopbackOnly(page);
    await openWithApi(page, host.url, server.baseUrl);
    await saveKey(page, server.keyFor("demo"));
  });

  afterAll(async () => {
    await host?.close();
    await server?.close();
  });

  test("a breakdown, a margin and a required price show formatted text", async () => {
    const A = `${ids.shopA}, "${ids.regionA}"`;
    await typeInto(page, "Sheet1", "A1", "Margin of the product");
    await typeInto(page, "Sheet1", "B1", `=MKTA_BREAKDOWN(${A}, ${ids.itemA}, , "margin")`);
    await typeInto(page, "Sheet1", "A2", "Listing price for 25 % (B)");
    await typeInto(
      page,
      "Sheet1",
      "B2",
      `=REQUIRED_PRICE("B", , "${ids.regionB}", ${ids.categoryB}, 150, 25%, "requiredListingPrice")`,
    );
    await typeInto(page, "Sheet1", "D1", `=MKTA_BREAKDOWN(${A}, ${ids.itemA})`);
    const values = await settledValues(
      page,
      "Sheet1",
      (v) => typeof v[0]?.[1] === "number" && typeof v[1]?.[1] === "number" && v[0]?.[3] === "Line",
      60_000,
      20,
      6,
    );
    const shown = await displayedText(page, "Sheet1", "A1:E20");

    // The margin by field and the required price.
    expect(shown[0]?.[1]).toBe(percent(values[0]?.[1] as number));
    expect(shown[1]?.[1]).toBe(money(values[1]?.[1] as number));
    // The spill: every amount with two decimals (SGD), the margin row as a percentage.
    let amounts = 0;
    for (let r = 1; r < shown.length; r++) {
      const label = shown[r]?.[3] ?? "";
      const text = shown[r]?.[4] ?? "";
      if (label === "" || label === "Currency" || label === "Basis") continue;
      if (label === "Margin")
        expect({ label, text }).toEqual({ label, text: expect.stringMatching(/^-?\d+\.\d\d%$/) });
      else {
        expect({ label, text }).toEqual({ label, text: expect.stringMatching(/^-?[\d,]+\.\d\d$/) });
        amounts++;
      }
    }
    expect(amounts).toBeGreaterThan(5);
    const labels = shown.map((row) => row[3]);
    expect(labels).toContain("Margin");
    expect(labels).not.toContain("Margin (fraction)");
    // A negative amount reads like "-5.50", not "-5.5".
    const negative = shown.map((row) => row[4] ?? "").find((t) => t.startsWith("-"));
    expect(negative).toMatch(/^-[\d,]+\.\d\d$/);

    await page.screenshot({ path: path.resolve(__dirname, "../../../docs/web-formats.png") });
  });

  test("a table that cannot spill (#SPILL!) leaves the other answers' formats alone", async () => {
    // A fresh profile, as the seller who found it, and the README's cells as they typed them.
    // The last test's page closes first: an open Univer page keeps ~10% of a core busy.
    await page.close();
    page = await host.browser.newPage({ viewport: { width: 1100, height: 560 } });
    await loopbackOnly(page);
    await openWithApi(page, host.url, server.baseUrl);
    await saveKey(page, server.keyFor("demo"));
    const typed: Array<[string, string]> = [
      ["A8", '=MKTA_BREAKDOWN(100001, "SG", 10001691)'],
      ["E8", '=MKTA_BREAKDOWN(100001, "SG", 10000001, , "netProfit")'],
      ["E9", '=REQUIRED_PRICE("A", 100001, "SG", 100008, 50, 25%, "requiredListingPrice")'],
      // A table at E10 that E16 blocks: #SPILL!
      ["E10", '=REQUIRED_PRICE("B", , "MY", 200004, 150, 25%)'],
      ["E16", '=PROFIT_ROAS("A", 100001, "SG", 10001691, "CLEANED", "roas")'],
      ["E17", '=PROFIT_ROAS("A", 100001, "SG", 10001691, "CLEANED")'],
    ];
    for (const [cell, formula] of typed) await typeInto(page, "Sheet1", cell, formula);
    const values = await settledValues(
      page,
      "Sheet1",
      (v) =>
        v[7]?.[0] === "Line" &&
        typeof v[8]?.[4] === "number" &&
        v[9]?.[4] === "#SPILL!" &&
        v[16]?.[4] === "Field",
      60_000,
      40,
      8,
    );
    await page.waitForTimeout(1000);
    const shown = await displayedText(page, "Sheet1", "A1:H40");
    expect(shown[8]?.[4]).toBe(money(values[8]?.[4] as number));
    let amounts = 0;
    for (let r = 8; r < 40; r++) {
      const label = shown[r]?.[0] ?? "";
      const text = shown[r]?.[1] ?? "";
      if (label === "" || label === "Currency" || label === "Basis") continue;
      if (label === "Margin")
        expect({ label, text }).toEqual({ label, text: expect.stringMatching(/^-?\d+\.\d\d%$/) });
      else {
        expect({ label, text }).toEqual({ label, text: expect.stringMatching(/^-?[\d,]+\.\d\d$/) });
        amounts++;
      }
    }
    expect(amounts).toBeGreaterThan(5);
  });

  test("a table that spilled, then was blocked, leaves no format on cells another answer fills", async () => {
    // The new-user run's steps: the blocked table's money and percent formats stayed on the
    // cells and showed PRODUCT_SEARCH's shop ids as "100,001.00" and "10000100.00%".
    await page.close();
    page = await host.browser.newPage({ viewport: { width: 1100, height: 560 } });
    await loopbackOnly(page);
    await openWithApi(page, host.url, server.baseUrl);
    await saveKey(page, server.keyFor("demo"));
    await typeInto(page, "Sheet1", "A1", '=MKTC_PRODUCTS(700001, "17700001000001")');
    await settledValues(page, "Sheet1", (v) => (v[9]?.[0] ?? "") !== "", 60_000, 40, 12);
    await page.waitForTimeout(1000); // the table's formats go on after the engine spilled it
    await typeInto(page, "Sheet1", "A10", '=PRODUCT_SEARCH("water bottle")');
    const values = await settledValues(
      page,
      "Sheet1",
      (v) =>
        v[0]?.[0] === "#SPILL!" &&
        v.slice(10).some((row) => row.some((cell) => typeof cell === "number")),
      60_000,
      40,
      12,
    );
    await page.waitForTimeout(1000);
    // Univer's calculation progress in words, not its locale keys.
    expect(await page.locator("body").innerText()).not.toContain("sheets-formula.");
    const shown = await displayedText(page, "Sheet1", "A1:L40");
    let ids = 0;
    for (let r = 10; r < Math.min(values.length, shown.length); r++)
      for (let c = 0; c < (values[r]?.length ?? 0); c++) {
        const v = values[r]?.[c];
        if (typeof v !== "number" || !Number.isInteger(v) || v < 100_000) continue;
        expect({ r, c, text: shown[r]?.[c] }).toEqual({ r, c, text: String(v) });
        ids++;
      }
    expect(ids).toBeGreaterThan(0);
  });
});
