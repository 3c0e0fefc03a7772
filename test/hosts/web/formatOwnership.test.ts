/**
 * Formats follow ownership in the web demo (issue 35, item 2), the new user's steps in
 * Chromium: a SET_MARGIN_PREVIEW table at E15 spills, is blocked by a formula at E16
 * (#SPILL!), the sheet is frozen and unfrozen, the basis changed twice, then REQUIRED_PRICE is
 * typed at O11 over cells the blocked table once formatted. Its figures must read exactly as
 * the same formula on a fresh sheet (the run saw "Commission fee -581.00%" for -5.81). Real
 * HTTP to the reference server.
 */
import type { Browser, Page } from "playwright-core";
import { startTestServer, type TestServer } from "../../helpers/server";
import { browserBlocker, loopbackOnly, startWebHost, type WebHost } from "./harness";
import {
  displayedText,
  openWithApi,
  saveKey,
  selectCells,
  settledValues,
  typeInto,
} from "./webPage";

const blocker = browserBlocker();
const describeBrowser = blocker ? describe.skip : describe;
if (blocker) console.warn(blocker);

jest.setTimeout(600_000);

const PREVIEW = '=SET_MARGIN_PREVIEW("B", 500001, "MY", 40000001, 20%)';
const BLOCKER = '=MKTA_BREAKDOWN(100001, "SG", 10000001, , "netProfit")';
const LATER = '=REQUIRED_PRICE("A", 100001, "SG", 100008, 50, 25%)';

describeBrowser(
  "a later answer over cells a blocked table formatted reads as on a fresh sheet",
  () => {
    let server: TestServer;
    let host: WebHost;

    beforeAll(async () => {
      server = await startTestServer({ hostileNames: false });
      host = await startWebHost();
    });
    afterAll(async () => {
      await host?.close();
      await server?.close();
    });

    async function freshPage(browser: Browser): Promise<Page> {
      const page = await browser.newPage({ viewport: { width: 1300, height: 800 } });
      await loopbackOnly(page);
      await openWithApi(page, host.url, server.baseUrl);
      await saveKey(page, server.keyFor("demo"));
      return page;
    }

    /** The REQUIRED_PRICE table at O11 once it has spilled, as the grid shows it. */
    async function laterTable(page: Page, sheet: string): Promise<string[][]> {
      await typeInto(page, sheet, "O11", LATER);
      await settledValues(
        page,
        sheet,
        (v) => v[10]?.[14] === "Line" && typeof v[11]?.[15] === "number",
        60_000,
        40,
        18,
      );
      // The table's formats go on after the engine spilled it: a busy machine takes longer (the
      // fresh-clone CI run read "0.25" 1.5 s after the spill). Wait up to 20 s for its
      // percentage; a format that never comes still fails below.
      let shown: string[][] = [];
      for (let until = Date.now() + 20_000; Date.now() < until;) {
        shown = await displayedText(page, sheet, "O11:P40");
        if (/%$/.test(shown.find((r) => r[0] === "Target margin")?.[1] ?? "")) break;
        await page.waitForTimeout(250);
      }
      return shown;
    }

    async function team(page: Page, button: string, done: RegExp): Promise<void> {
      if (!(await page.locator("#sec-team").evaluate((d) => (d as HTMLDetailsElement).open)))
        await page.locator("#sec-team > summary").click();
      await page.click(button);
      await page.waitForFunction(
        (source) =>
          new RegExp(source).test(document.querySelector("#team-status")?.textContent ?? ""),
        done.source,
      );
    }

    async function saveBasis(page: Page, countVat: boolean): Promise<void> {
      if (!(await page.locator("#profit-basis").isVisible()))
        await page.locator("#sec-settings > summary").click();
      const box = page.locator("#count-vat");
      if ((await box.isChecked()) !== countVat) await box.click();
      await page.click("#save-basis");
      await page
        .locator("#basis-status")
        .filter({ hasText: /^Saved/ })
        .waitFor();
    }

    test("a table typed where it was blocked takes its formats once it spills, and gives them back when blocked again", async () => {
      const page = await freshPage(host.browser);
      const table = async (sheet: string): Promise<string[][]> => {
        await settledValues(page, sheet, (v) => v[14]?.[4] === "Item id", 60_000, 40, 18);
        await page.waitForTimeout(1500); // the table's formats go on after the engine spilled it
        return displayedText(page, sheet, "E15:R17");
      };
      await typeInto(page, "Fresh", "E15", PREVIEW);
      const expected = await table("Fresh");
      expect(expected[1]?.some((t) => /^\d+\.\d\d$/.test(t))).toBe(true);
      expect(expected[1]?.some((t) => /%$/.test(t))).toBe(true);
      // Its columns fit what they show when it first spills ("Current special pr" was cut):
      // about 7 px a character, up to the 320 px cap.
      const widths = (
        await page.evaluate(() =>
          (
            window as unknown as { __sheets: { widths(s: string, n: number): number[] } }
          ).__sheets.widths("Fresh", 18),
        )
      ).slice(4);
      const longest =
        expected[0]?.map((_, c) => Math.max(...expected.map((r) => (r[c] ?? "").length))) ?? [];
      expect(longest.length).toBeGreaterThan(10);
      const cut = longest.flatMap((chars, c) =>
        (widths[c] ?? 0) < Math.min(320, chars * 7) ? [{ column: c, chars, px: widths[c] }] : [],
      );
      expect(cut).toEqual([]);

      // The new user's steps: a value below, the table typed over it, the value cleared.
      await typeInto(page, "Sheet1", "G16", "7");
      await typeInto(page, "Sheet1", "E15", PREVIEW);
      await settledValues(page, "Sheet1", (v) => v[14]?.[4] === "#SPILL!", 60_000, 40, 18);
      await selectCells(page, "Sheet1", "G16");
      await page.keyboard.press("Delete");
      expect(await table("Sheet1")).toEqual(expected);

      // Blocked again, in a cell it had formatted: the number the seller typed reads as typed.
      const percentColumn = expected[1]?.findIndex((t) => /%$/.test(t)) ?? -1;
      const cell = `${String.fromCharCode(69 + percentColumn)}16`;
      await typeInto(page, "Sheet1", cell, "5");
      await settledValues(page, "Sheet1", (v) => v[14]?.[4] === "#SPILL!", 60_000, 40, 18);
      await page.waitForTimeout(1500);
      expect(await displayedText(page, "Sheet1", `${cell}:${cell}`)).toEqual([["5"]]);
      await page.close();
    });

    test("after #SPILL!, freeze/unfreeze, two basis changes and a reload", async () => {
      // One page (the 12 MB page loads slowly on a busy machine): the fresh sheet is a new one.
      const page = await freshPage(host.browser);
      await typeInto(page, "Sheet1", "E15", PREVIEW);
      await settledValues(page, "Sheet1", (v) => v[14]?.[4] === "Item id", 60_000, 40, 18);
      // Its Target margin column (P) holds percentages where REQUIRED_PRICE's amounts come later.
      // The table's formats go on after the engine spilled it: a busy machine takes longer.
      let shown = "";
      for (let until = Date.now() + 20_000; Date.now() < until;) {
        shown = (await displayedText(page, "Sheet1", "P16:P16"))[0]?.[0] ?? "";
        if (/%$/.test(shown)) break;
        await page.waitForTimeout(250);
      }
      expect(shown).toMatch(/%$/);
      await typeInto(page, "Sheet1", "E16", BLOCKER);
      await settledValues(page, "Sheet1", (v) => v[14]?.[4] === "#SPILL!", 60_000, 40, 18);
      await page.waitForTimeout(1000);

      await team(page, "#team-freeze-sheet", /frozen as values/);
      await team(page, "#team-unfreeze-sheet", /put back/);
      await settledValues(page, "Sheet1", (v) => v[14]?.[4] === "#SPILL!", 60_000, 40, 18);
      await saveBasis(page, false);
      await saveBasis(page, true);
      // The workbook comes back from the browser's storage: whose formats the cells hold too.
      await page.reload();
      await page.locator("#api-key").waitFor();
      await settledValues(page, "Sheet1", (v) => v[14]?.[4] === "#SPILL!", 60_000, 40, 18);

      const expected = await laterTable(page, "Fresh");
      // The fresh sheet's figures: money with two decimals, the target margin as a percentage.
      const at = (rows: string[][], label: string) => rows.find((r) => r[0] === label)?.[1];
      expect(at(expected, "Commission fee")).toMatch(/^-\d+\.\d\d$/);
      expect(at(expected, "Target margin")).toBe("25.00%");
      expect(await laterTable(page, "Sheet1")).toEqual(expected);
      // A cell the blocked table once formatted (its Resulting margin column) and nothing owns
      // now: a number the seller types there reads as typed, not as 500.00%.
      await typeInto(page, "Sheet1", "N17", "5");
      await page.waitForTimeout(500);
      expect(await displayedText(page, "Sheet1", "N17:N17")).toEqual([["5"]]);
      await page.close();
    });
  },
);
