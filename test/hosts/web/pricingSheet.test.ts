/**
 * Issue 20 item 2 in the web demo in Chromium, through the sidebar's "Pricing sheet" section:
 * a 500-product pricing sheet from shop 100001 SG with requests counted at the reference server;
 * 50 rows against the single-product endpoints; 3 targets typed over and Refresh asks for those
 * 3 rows only; the formulas are the engine's formulas; the stamp and the refresh log. On the
 * same page: after "Save basis" the sidebar lists the managed tables on the other basis and
 * "Refresh them" brings an import onto it (figures and stamp); a new pricing sheet is the sheet
 * shown; made again over itself it asks before replacing ("Keep it" keeps it), and once the
 * seller typed in it, it is refused with the typed cells named and kept.
 */
import type { Page } from "playwright-core";
import { countingHandlers, type Counted } from "../../helpers/countedServer";
import { openPricing, pressPricing } from "../../helpers/pricingPage";
import {
  PRICING_SHEET,
  byHeader,
  distinct,
  expectBelowTargetRule,
  expectBuildCost,
  expectOnlyEdited,
  expectSingleAnswersMatch,
} from "../../helpers/pricingScenario";
import { startTestServer, type TestServer } from "../../helpers/server";
import { columnLetters } from "../../../src/imports/managedTable";
import { PAGE_CHUNK_ROWS } from "../../../src/hosts/web/univer/pageTurns";
import { browserBlocker, loopbackOnly, startWebHost, type WebHost } from "./harness";
import {
  openWithApi,
  pasteValues,
  saveKey,
  settledValues,
  sheetFormulas,
  sheetValues,
} from "./webPage";

const blocker = browserBlocker();
const describeBrowser = blocker ? describe.skip : describe;
if (blocker) console.warn(blocker);

jest.setTimeout(240_000);

type Inspector = { __sheets: { active(): string; get(n: string): { note: string | null } | null } };

describeBrowser("the pricing sheet in the web demo", () => {
  let api: TestServer;
  let host: WebHost;
  let page: Page;
  let key: string;
  const seen: Counted[] = [];

  const press = (id: string): Promise<string> => pressPricing(page, id);

  beforeAll(async () => {
    api = await startTestServer({ handlers: countingHandlers(seen), hostileNames: false });
    host = await startWebHost();
    page = await host.browser.newPage({ viewport: { width: 1100, height: 900 } });
    await loopbackOnly(page);
    await openWithApi(page, host.url, api.baseUrl);
    key = api.keyFor("demo");
    await saveKey(page, key);
  });

  afterAll(async () => {
    await host?.close();
    await api?.close().catch(() => undefined);
  });

  /** Every text the pricing line shows from now on (progress lines come and go quickly). */
  const recordLines = (): Promise<void> =>
    page.evaluate(() => {
      const line = document.querySelector("#pricing-status") as HTMLElement;
      const seenLines: string[] = [];
      (window as unknown as { __lines: string[] }).__lines = seenLines;
      new MutationObserver(() => seenLines.push(line.textContent ?? "")).observe(line, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
  const linesSeen = (): Promise<string[]> =>
    page.evaluate(() => (window as unknown as { __lines: string[] }).__lines);
  const writeCalls = (): Promise<number> =>
    page.evaluate(
      (n) =>
        (
          window as unknown as { __sheets: { get(n: string): { writeCalls: number } | null } }
        ).__sheets.get(n)?.writeCalls ?? 0,
      PRICING_SHEET,
    );

  test("500 products in a few requests, stage by stage; single answers match; 3 edited targets cost 3 rows", async () => {
    // Every marketplace's shops are offered; C asks for product ids (its API lists none).
    await openPricing(page, "C:700001");
    for (const shop of ["A:100001", "B:500001"])
      await page.locator(`#pricing-shop option[value="${shop}"]`).waitFor({ state: "attached" });
    await page.waitForSelector("#pricing-product-ids");
    const asked = seen.length;
    await page.click("#pricing-new");
    await page.waitForFunction(() =>
      /^Product ids: enter the marketplace C product ids/.test(
        document.querySelector("#pricing-status")?.textContent ?? "",
      ),
    );
    expect(seen.length).toBe(asked);
    await page.selectOption("#pricing-shop", "A:100001");
    // "Products" holds only what the seller typed (a reload showed 500): empty asks for 500.
    expect(await page.inputValue("#pricing-products")).toBe("");
    expect(await page.getAttribute("#pricing-products", "placeholder")).toBe("500");
    await page.fill("#pricing-sheet", PRICING_SHEET);
    const before = seen.length;
    await recordLines();
    expect(await press("pricing-new")).toMatch(
      /^Pricing: answered \d[\d,]* of \d[\d,]* rows in \d+ requests/,
    );
    const built = seen.length;
    expectBuildCost(seen.slice(before, built));
    // The job's line said each stage while it worked, with the steps and the time left (it
    // said "Asking the API…" for all of a 17-minute build): several stages, each step counted.
    const lines = await linesSeen();
    const steps = lines.filter((l) =>
      /^Step [\d,]+ of (about )?[\d,]+: .+ · about \d+ (s|min) left/.test(l),
    );
    expect(
      new Set(steps.map((l) => l.replace(/^Step [\d,]+ of (?:about )?[\d,]+: ([^·]+)·.*$/, "$1")))
        .size,
    ).toBeGreaterThan(1);
    const total = String(
      Math.max(
        0,
        ...lines.map((l) => Number(/of ([\d,]+) rows/.exec(l)?.[1]?.replace(/,/g, "") ?? 0)),
      ),
    );
    const pages = Math.ceil(Number(total.replace(/,/g, "")) / PAGE_CHUNK_ROWS);
    // Header, today's rows, formulas, answers: each in pages of rows.
    expect(await writeCalls()).toBeLessThanOrEqual(1 + 3 * (pages + 1));

    // The engine computes the formulas after the write.
    const table = await settledValues(page, PRICING_SHEET, (v) =>
      v.slice(1).some((r) => r.includes("Below target")),
    );
    const { col, rows } = byHeader(table);
    expect(new Set(rows.map((r) => r[col("Item id")])).size).toBe(500);
    // The engine computes the flag: a formula, and a value a teammate's file shows too.
    const formulas = await sheetFormulas(page, PRICING_SHEET);
    // Target profit first, then the profit at the planned price (columns by their headers).
    const at = (h: string): string => String.fromCharCode(65 + col(h));
    expect(formulas[1]?.[col("Below target")]).toMatch(
      new RegExp(
        `^=IF\\(ISNUMBER\\(${at("Target profit")}2\\),IF\\(ISNUMBER\\(${at("Profit at planned price")}2\\)`,
      ),
    );
    const flags = rows.map((r) => r[col("Below target")]);
    expect(flags.filter((f) => f === "Below target").length).toBeGreaterThan(0);
    expect(flags.every((f) => f === "Below target" || f === "")).toBe(true);
    // Rows below target: one rule of Univer's conditional formatting over the table.
    const rules = await page.evaluate(
      (n) =>
        (
          window as unknown as {
            __sheets: {
              highlights(n: string): { boxes: number[][]; formula: string; background: string }[];
            };
          }
        ).__sheets.highlights(n),
      PRICING_SHEET,
    );
    expect(rules).toHaveLength(1);
    expectBelowTargetRule(
      {
        box: rules[0]?.boxes[0] ?? [],
        formula: rules[0]?.formula ?? "",
        fill: rules[0]?.background ?? null,
      },
      table,
    );

    expect(await expectSingleAnswersMatch(api, key, table)).toBe(50);

    const picked = [7, 90, 300];
    const targetCol = columnLetters(col("Target margin"));
    for (const [n, i] of picked.entries())
      await pasteValues(page, PRICING_SHEET, `${targetCol}${i + 2}`, [[[0.25, 0.3, 0.1][n] ?? 0]]);
    const from = seen.length;
    const writesBefore = await writeCalls();
    expect(await press("pricing-refresh")).toMatch(/^Pricing: asked again for 3 of /);
    // Each edited row's target answers, beside its planned price's answers (not asked): 2 writes.
    expect(await writeCalls()).toBe(writesBefore + 2 * 3);
    expectOnlyEdited(
      seen,
      from,
      picked.map(
        (i) => `${String(rows[i]?.[col("Item id")])}/${String(rows[i]?.[col("Model id")])}`,
      ),
    );
    const after = byHeader(await sheetValues(page, PRICING_SHEET));
    expect(after.rows.map((r) => r[col("Target margin")]).filter((v) => v !== 0.2)).toEqual([
      0.25, 0.3, 0.1,
    ]);

    const log = await sheetValues(page, "Refresh log");
    // The pricing sheet's own rows (a formula refresh of the page logs its own).
    const pricingRows = log.slice(1).filter((r) => /pricing/i.test(String(r[2])));
    expect(pricingRows.map((r) => r[3])).toEqual([
      distinct(seen.slice(before, built)).length,
      distinct(seen.slice(from)).length,
    ]);
    const note = await page.evaluate(
      (n) =>
        (
          window as unknown as { __sheets: { get(n: string): { note: string | null } | null } }
        ).__sheets.get(n)?.note ?? null,
      PRICING_SHEET,
    );
    expect(note).toMatch(
      /^Pricing sheet · A 100001 SG\nBasis: [^\n]+\nTarget profit \(per unit[^\n]+\nNet profit, Margin: [^\n]+\nPlanned buyer price to start: Price today or today's list price, whichever is lower\.\nMoney in SGD\.\nData fresh at: /,
    );

    // Target profits in 2 rows (A21 mode PROFIT for those 2 only): the engine's flag compares
    // profit at the planned price with them, not the margin. One row under its margin target
    // gets a profit it makes (flag cleared), one over it a profit it does not (flagged).
    const now = byHeader(await sheetValues(page, PRICING_SHEET)).rows;
    const profitOf = (r: (typeof now)[number]) => r[col("Profit at planned price")];
    const pick = (flagged: boolean) =>
      now.findIndex(
        (r, i) =>
          !picked.includes(i) &&
          typeof profitOf(r) === "number" &&
          (r[col("Below target")] === "Below target") === flagged,
      );
    const [cleared, flagged] = [pick(true), pick(false)];
    expect(Math.min(cleared, flagged)).toBeGreaterThanOrEqual(0);
    const goal = (i: number, by: number) =>
      Math.round((Number(profitOf(now[i] ?? [])) + by) * 100) / 100;
    const profitCol = columnLetters(col("Target profit"));
    await pasteValues(page, PRICING_SHEET, `${profitCol}${cleared + 2}`, [[goal(cleared, -0.5)]]);
    await pasteValues(page, PRICING_SHEET, `${profitCol}${flagged + 2}`, [[goal(flagged, 0.5)]]);
    const fromProfit = seen.length;
    expect(await press("pricing-refresh")).toMatch(/^Pricing: asked again for 2 of /);
    const profitAsks = distinct(seen.slice(fromProfit));
    expect(profitAsks.map((s) => [s.endpoint, s.body.mode])).toEqual([
      ["A21", "PROFIT"],
      ["A21", "PROFIT"],
    ]);
    const flags2 = byHeader(
      await settledValues(page, PRICING_SHEET, (v) => {
        const r = byHeader(v).rows;
        return r[cleared]?.[col("Below target")] === "" && r[flagged]?.[col("Below target")] !== "";
      }),
    ).rows;
    expect(flags2[cleared]?.[col("Below target")]).toBe("");
    expect(flags2[flagged]?.[col("Below target")]).toBe("Below target");
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

    // The section is open from the test above; a second sheet beside its "Pricing".
    await page.selectOption("#pricing-shop", "A:100001");
    await page.fill("#pricing-sheet", "Pricing 2");
    await page.fill("#pricing-products", "3");
    expect(await pressPricing(page, "pricing-new")).toMatch(/^Pricing 2: answered \d+ of \d+ rows/);
    // The new pricing sheet is the one shown, as an import's is.
    expect(await page.evaluate(() => (window as unknown as Inspector).__sheets.active())).toBe(
      "Pricing 2",
    );

    // Save a 30-day window: both tables are listed, the import can be refreshed.
    await openSection("sec-settings");
    await page.fill("#sales-window", "30");
    await page.click("#save-basis");
    const listed = await said("#basis-status", /On another basis/);
    expect(listed).toMatch(/On another basis: .*Top products \([^)]*180-day sales window/);
    expect(listed).toMatch(/make Pricing, Pricing 2 again with "New pricing sheet"/);
    await page.click("#basis-refresh-tables");
    await said("#imp-status", /refreshed by product/);
    expect(await note("Top products")).toMatch(/30-day sales window/);
    const after = await sheetValues(page, "Top products");
    const profit = (before[0] ?? []).indexOf("Total profit");
    expect(profit).toBeGreaterThan(0);
    const figures = (t: typeof before) => t.slice(1, 9).map((r) => r[profit]);
    expect(figures(after)).not.toEqual(figures(before));

    // Made again over itself (nothing typed): asked first; "Keep it" writes nothing.
    const untouched = await sheetValues(page, "Pricing 2");
    await page.click("#pricing-new");
    expect(await said("#pricing-confirm-text", /holds a pricing sheet/)).toMatch(
      /^Pricing 2 holds a pricing sheet the add-in wrote \(\d+ rows, \d+ rows answered\) and nothing typed by hand/,
    );
    expect(await page.textContent("#pricing-confirm-no")).toBe("Keep it");
    await page.click("#pricing-confirm-no");
    await said("#pricing-status", /^Nothing written: Pricing 2 is kept/);
    expect(await sheetValues(page, "Pricing 2")).toEqual(untouched);

    // The seller types two planned prices: refused, both cells named, both kept.
    const { col } = byHeader(untouched);
    const planned = columnLetters(col("Planned buyer price"));
    await pasteValues(page, "Pricing 2", `${planned}2`, [[9.5], [8.25]]);
    const refused = await pressPricing(page, "pricing-new");
    expect(refused).toContain(`Pricing 2!${planned}2, ${planned}3 were typed by hand`);
    const kept = await sheetValues(page, "Pricing 2");
    expect([kept[1]?.[col("Planned buyer price")], kept[2]?.[col("Planned buyer price")]]).toEqual([
      9.5, 8.25,
    ]);
  });
});
