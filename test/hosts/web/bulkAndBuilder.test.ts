/**
 * The web host in Chromium against the reference server: a bulk REQUIRED_PRICE grid written
 * beside its inputs (checked against direct B4 calls), and the function builder picking a
 * shop, previewing a result and inserting the formula into the active cell.
 */
import type { Page } from "playwright-core";
import { generateDemoData } from "../../../src/server/data/generate";
import { startTestServer, type TestServer } from "../../helpers/server";
import {
  browserBlocker,
  loopbackOnly,
  serverHandlers,
  startWebHost,
  type WebHost,
} from "./harness";
import { displayedText, openWithApi } from "./webPage";

type Value = string | number | boolean;

const blocker = browserBlocker();
const describeBrowser = blocker ? describe.skip : describe;
if (blocker) console.warn(blocker);

jest.setTimeout(90_000);

describeBrowser("bulk calculation and function builder in Chromium", () => {
  let api: TestServer;
  let host: WebHost;
  let page: Page;
  let key: string;

  const values = (sheet: string): Promise<Value[][]> =>
    page.evaluate(
      (n) =>
        (window as unknown as { __sheets: { values(n: string): Value[][] } }).__sheets.values(n),
      sheet,
    );

  /** Put `grid` at A1 of `sheet` and select `range` there. */
  const putGrid = (sheet: string, grid: Value[][], range: string): Promise<void> =>
    page.evaluate(
      ({ sheet, grid, range }) => {
        const s = (
          window as unknown as {
            __sheets: {
              setValues(sheet: string, at: string, v: Value[][]): void;
              select(sheet: string, range: string): void;
            };
          }
        ).__sheets;
        s.setValues(sheet, "A1", grid);
        s.select(sheet, range);
      },
      { sheet, grid, range },
    );

  const openSection = async (id: string): Promise<void> => {
    const open = await page.locator(`#${id}`).evaluate((d) => (d as HTMLDetailsElement).open);
    if (!open) await page.locator(`#${id} > summary`).click();
  };

  /** B4 straight from the API: the listing price for a target margin. */
  const requiredPriceB = async (categoryId: number, cogs: number, margin: number) => {
    const res = await fetch(`${api.baseUrl}/api/mkt-b/financial-breakdown/partner/required-price`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ region: "MY", categoryId, cogs, targetMargin: margin }),
    });
    const body = (await res.json()) as { data?: { requiredListingPrice: number } };
    return body.data?.requiredListingPrice;
  };

  beforeAll(async () => {
    const handlers = await serverHandlers();
    api = await startTestServer(handlers ? { handlers } : {});
    key = api.keyFor("demo");
    host = await startWebHost();
    page = await host.browser.newPage({ viewport: { width: 1100, height: 900 } });
    await loopbackOnly(page);
    await openWithApi(page, host.url, api.baseUrl);
    await page.fill("#api-key", key);
    await page.click("#save-key");
    await page.locator("#key-saved").waitFor();
  });

  afterAll(async () => {
    await host?.close();
    await api?.close().catch(() => undefined);
  });

  test("a 30-row REQUIRED_PRICE grid is answered beside its inputs, row by row", async () => {
    const categories = generateDemoData({ seed: 1, scale: 1, today: "2025-06-30" })
      .categoriesB.slice(0, 3)
      .map((c) => c.categoryId);
    const rows: Value[][] = [["category", "cogs", "target margin"]];
    for (let i = 0; i < 30; i++) {
      rows.push([
        categories[i % categories.length] ?? 1,
        20 + (i % 10) * 7.5,
        0.1 + (i % 3) * 0.05,
      ]);
    }
    await putGrid("Sheet1", rows, `A1:C${rows.length}`);

    await openSection("sec-bulk");
    await page.selectOption("#bulk-function", "REQUIRED_PRICE");
    await page.click("#bulk-read");
    await page.waitForFunction(() =>
      /31 rows/.test(document.querySelector("#bulk-status")?.textContent ?? ""),
    );
    // The headers name three arguments: they are mapped without a click.
    expect(await page.inputValue("#bulk-src-category")).toBe("col:0");
    expect(await page.inputValue("#bulk-src-cogs")).toBe("col:1");
    expect(await page.inputValue("#bulk-src-targetMargin")).toBe("col:2");
    // A required argument left out is named before anything runs.
    await page.click("#bulk-run");
    expect(await page.textContent("#bulk-status")).toMatch(/^Map marketplace.* \(required\)/i);
    const fixed = async (param: string, value: string) => {
      await page.selectOption(`#bulk-src-${param}`, "value");
      await page.fill(`#bulk-val-${param}`, value);
    };
    await fixed("marketplace", "B");
    await fixed("region", "MY");
    await page.selectOption("#bulk-src-category", "col:0");
    await page.selectOption("#bulk-src-cogs", "col:1");
    await page.selectOption("#bulk-src-targetMargin", "col:2");
    await fixed("field", "requiredListingPrice");
    // The seller clicked elsewhere since the table was read: nothing runs over that.
    await page.evaluate(() =>
      (window as unknown as { __sheets: { select(s: string, r: string): void } }).__sheets.select(
        "Sheet1",
        "E5",
      ),
    );
    await page.click("#bulk-run");
    await page.waitForFunction(() =>
      /The selection is now .*E5, not the table read/.test(
        document.querySelector("#bulk-status")?.textContent ?? "",
      ),
    );
    await page.evaluate(
      (range) =>
        (window as unknown as { __sheets: { select(s: string, r: string): void } }).__sheets.select(
          "Sheet1",
          range,
        ),
      `A1:C${rows.length}`,
    );
    await page.click("#bulk-run");
    await page.waitForFunction(
      () => /Wrote \d+ rows/.test(document.querySelector("#bulk-status")?.textContent ?? ""),
      undefined,
      { timeout: 60_000 },
    );
    expect(await page.locator("#bulk-status").innerText()).not.toMatch(/with errors/);

    const sheet = await values("Sheet1");
    expect(sheet[0]?.[3]).toBe("REQUIRED_PRICE requiredListingPrice (output VAT counted)");
    for (let r = 1; r < rows.length; r++) {
      const [category, cogs, margin] = rows[r] as [number, number, number];
      expect(sheet[r]?.[0]).toBe(category); // inputs untouched
      const expected = await requiredPriceB(category, cogs, margin);
      expect(typeof expected).toBe("number");
      expect(sheet[r]?.[3]).toBe(expected);
    }
    // The grid shows each price as money in MYR, as an import writes it: two decimals.
    const shown = await displayedText(page, "Sheet1", `D2:D${rows.length}`);
    for (let r = 1; r < rows.length; r++)
      expect(shown[r - 1]?.[0]).toBe(
        (sheet[r]?.[3] as number).toLocaleString("en-US", {
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        }),
      );
  });

  test("cancel half-way ends the job: nothing more is sent or written", async () => {
    // New cases (not in the cache), answered slowly so Cancel lands half-way. A bulk run is a
    // job (issue 32): its answers are written once all are in, so a cancelled one writes none.
    const rows: Value[][] = [["category", "cogs", "target margin"]];
    for (let i = 0; i < 30; i++) rows.push([200001 + (i % 3), 400 + i, 0.2]);
    let served = 0;
    await page.route("**/partner/required-price", async (route) => {
      served++;
      await new Promise((r) => setTimeout(r, 250));
      await route.fallback();
    });
    await putGrid("Cancel", rows, `A1:C${rows.length}`);
    await page.click("#bulk-read");
    await page.waitForFunction(() =>
      /Cancel!A1:C31/.test(document.querySelector("#bulk-status")?.textContent ?? ""),
    );
    await page.click("#bulk-run");
    await page.waitForFunction(() => {
      const m = /asking row (\d+) of 30/.exec(
        document.querySelector("#bulk-progress-text")?.textContent ?? "",
      );
      return Number(m?.[1] ?? 0) > 10;
    });
    await page.click("#bulk-cancel");
    await page.waitForFunction(() =>
      /^Cancelled/.test(document.querySelector("#bulk-status")?.textContent ?? ""),
    );
    const servedAtCancel = served;
    await page.waitForTimeout(1000);
    expect(served).toBe(servedAtCancel); // nothing sent after Cancel
    expect(served).toBeGreaterThanOrEqual(10);
    expect(served).toBeLessThan(30);
    await page.unroute("**/partner/required-price");
    const sheet = await values("Cancel");
    expect(sheet.slice(0, 31).map((r) => r[3] ?? "")).toEqual(new Array(31).fill(""));
  });

  test("answers skip a Name column; right beside it, nothing is written until the seller says yes", async () => {
    const rows: Value[][] = [
      ["category", "cogs", "target margin", "Name"],
      [200001, 40, 0.2, "Yoga mat"],
      [200002, 55, 0.15, "Desk lamp"],
      [200003, 70, 0.1, "Tea set"],
    ];
    await putGrid("Names", rows, "A1:C4");
    const status = () => page.locator("#bulk-status").innerText();
    const names = async () => (await values("Names")).map((r) => r[3]);
    await page.click("#bulk-read");
    await page.waitForFunction(() =>
      /Names!A1:C4/.test(document.querySelector("#bulk-status")?.textContent ?? ""),
    );

    // Default: the first empty columns to the right (E), the Name column kept.
    await page.click("#bulk-run");
    await page.waitForFunction(() =>
      /^Wrote 4 rows to Names!E1:E4/.test(
        document.querySelector("#bulk-status")?.textContent ?? "",
      ),
    );
    expect(await names()).toEqual(["Name", "Yoga mat", "Desk lamp", "Tea set"]);
    const answers = (await values("Names")).map((r) => r[4]);
    for (let r = 1; r < rows.length; r++) {
      const [category, cogs, margin] = rows[r] as [number, number, number];
      expect(answers[r]).toBe(await requiredPriceB(category, cogs, margin));
    }

    // Right beside: the sidebar asks, naming the range; "Don't write" writes nothing.
    await page.selectOption("#bulk-target", "beside");
    await page.click("#bulk-run");
    await page.locator("#bulk-confirm").waitFor();
    expect(await page.locator("#bulk-confirm-text").innerText()).toBe(
      "Names!D1:D4 holds data. Write the answers over it, or leave it as it is?",
    );
    const before = await values("Names");
    await page.click("#bulk-confirm-no");
    await page.waitForFunction(() =>
      /^Nothing written/.test(document.querySelector("#bulk-status")?.textContent ?? ""),
    );
    expect(await status()).toMatch(/Names!D1:D4 holds data and was kept/);
    expect(await values("Names")).toEqual(before);
    expect(await page.locator("#bulk-confirm").count()).toBe(0);

    // Confirmed: written over the range the question named.
    await page.click("#bulk-run");
    await page.locator("#bulk-confirm").waitFor();
    await page.click("#bulk-confirm-yes");
    await page.waitForFunction(() =>
      /^Wrote 4 rows to Names!D1:D4/.test(
        document.querySelector("#bulk-status")?.textContent ?? "",
      ),
    );
    expect((await names()).slice(1)).toEqual(answers.slice(1));
    await page.selectOption("#bulk-target", "free");
  });

  test("the function builder picks a shop, previews and inserts the formula", async () => {
    await openSection("sec-builder");
    await page.selectOption("#fb-function", "MKTA_BREAKDOWN");
    await page.locator("#fb-arg-shopId-pick").waitFor();
    await page.selectOption("#fb-arg-shopId-pick", "100001|SG");
    expect(await page.inputValue("#fb-arg-shopId")).toBe("100001");
    expect(await page.inputValue("#fb-arg-region")).toBe("SG");
    await page.fill("#fb-arg-itemId", "10000003");
    await page.selectOption("#fb-arg-field", "netProfit").catch(async () => {
      await page.fill("#fb-arg-field", "netProfit"); // a free-text parameter
    });
    await page.click("#fb-preview");
    await page.locator("#fb-result").waitFor();
    const shown = (await page.locator("#fb-result").innerText()).trim();

    const res = await fetch(`${api.baseUrl}/api/mkt-a/financial-breakdown/product`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ shopId: 100001, region: "SG", itemId: 10000003 }),
    });
    const data = ((await res.json()) as { data: { metadata: { netProfit: number } } }).data;
    // Money as a seller reads it (SGD: two decimals, thousands grouped), not a bare number.
    expect(shown).toBe(
      data.metadata.netProfit.toLocaleString("en-US", {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
    );

    await page.evaluate(() =>
      (
        window as unknown as { __sheets: { select(sheet: string, range: string): void } }
      ).__sheets.select("Sheet1", "F2"),
    );
    await page.click("#fb-insert");
    await page.waitForFunction(() =>
      /Inserted in/.test(document.querySelector("#fb-status")?.textContent ?? ""),
    );
    const formula = await page.inputValue("#fb-formula");
    expect(formula).toMatch(/^=MKTA_BREAKDOWN\(100001, "SG", 10000003/);
    // The inserted formula computes in its cell: the same figure as the preview.
    await page.waitForFunction(
      () =>
        typeof (
          window as unknown as { __sheets: { values(n: string): Value[][] } }
        ).__sheets.values("Sheet1")[1]?.[5] === "number",
      undefined,
      { timeout: 30_000 },
    );
    expect((await values("Sheet1"))[1]?.[5]).toBe(data.metadata.netProfit);
    const formulas = await page.evaluate(() =>
      (window as unknown as { __sheets: { formulas(n: string): string[][] } }).__sheets.formulas(
        "Sheet1",
      ),
    );
    expect(formulas[1]?.[5]).toBe(formula);

    // Over a cell that holds data (D2, a bulk answer): asked first, naming the cell.
    const select = (range: string) =>
      page.evaluate(
        (r) =>
          (
            window as unknown as { __sheets: { select(sheet: string, range: string): void } }
          ).__sheets.select("Sheet1", r),
        range,
      );
    const formulasNow = () =>
      page.evaluate(() =>
        (window as unknown as { __sheets: { formulas(n: string): string[][] } }).__sheets.formulas(
          "Sheet1",
        ),
      );
    const held = (await values("Sheet1"))[1]?.[3];
    expect(typeof held).toBe("number");
    await select("D2");
    await page.click("#fb-insert");
    await page.locator("#fb-confirm").waitFor();
    expect(await page.locator("#fb-confirm-text").innerText()).toBe(
      "Sheet1!D2 holds data. Write the formula over it, or leave it as it is?",
    );
    await select("H9"); // the seller clicks elsewhere while the question is open
    await page.click("#fb-confirm-no");
    await page.waitForFunction(() =>
      /^Nothing inserted: Sheet1!D2 holds data/.test(
        document.querySelector("#fb-status")?.textContent ?? "",
      ),
    );
    expect((await values("Sheet1"))[1]?.[3]).toBe(held);
    expect((await formulasNow())[8]?.[7] ?? "").toBe("");
    await select("D2");
    await page.click("#fb-insert");
    await page.locator("#fb-confirm").waitFor();
    await select("H9");
    await page.click("#fb-confirm-yes");
    await page.waitForFunction(() =>
      /Inserted in Sheet1!D2/.test(document.querySelector("#fb-status")?.textContent ?? ""),
    );
    const after = await formulasNow();
    expect(after[1]?.[3]).toBe(formula); // the cell the question named, not the new selection
    expect(after[8]?.[7] ?? "").toBe("");

    // Insert pressed again elsewhere while a question is open: the old question goes (answered
    // no, its cell kept) and does not stay under the new answer (new user).
    await select("D2");
    await page.click("#fb-insert");
    await page.locator("#fb-confirm").waitFor();
    await select("H9");
    await page.click("#fb-insert");
    await page.waitForFunction(() =>
      /Inserted in Sheet1!H9/.test(document.querySelector("#fb-status")?.textContent ?? ""),
    );
    expect(await page.locator("#fb-confirm").count()).toBe(0);
    expect((await formulasNow())[8]?.[7]).toBe(formula);
  });

  test("every control is labelled, Tab walks the controls in page order, statuses are live", async () => {
    await page.evaluate(() =>
      document.querySelectorAll("#sidebar details").forEach((d) => {
        (d as HTMLDetailsElement).open = true;
      }),
    );
    const report = await page.evaluate(() => {
      const sidebar = document.querySelector("#sidebar");
      if (!sidebar) throw new Error("no sidebar");
      const shown = (e: Element): boolean => (e as HTMLElement).offsetParent !== null;
      const fields = Array.from(
        sidebar.querySelectorAll("input, select, textarea, meter, progress"),
      );
      const unlabelled = fields
        .filter((e) => {
          const labels = (e as HTMLInputElement).labels;
          const named = Array.from(labels ?? []).some((l) => (l.textContent ?? "").trim() !== "");
          return !named && !(e.getAttribute("aria-label") ?? "").trim();
        })
        .map((e) => e.outerHTML.slice(0, 80));
      const nameless = Array.from(sidebar.querySelectorAll("button"))
        .filter((b) => !(b.getAttribute("aria-label") ?? b.textContent ?? "").trim())
        .map((b) => b.outerHTML.slice(0, 80));
      const quiet = Array.from(sidebar.querySelectorAll(".status"))
        .filter((s) => s.getAttribute("role") !== "status" || !s.getAttribute("aria-live"))
        .map((s) => s.id);
      const focusable = Array.from(
        sidebar.querySelectorAll("summary, button, input, select, textarea, [tabindex]"),
      ).filter((e) => shown(e) && !(e as HTMLButtonElement).disabled);
      const positiveTabIndex = focusable.filter((e) => (e as HTMLElement).tabIndex > 0).length;
      const key = (e: Element): string => e.id || `${e.tagName}:${(e.textContent ?? "").trim()}`;
      // A field's help text is read with it.
      const undescribed = fields
        .filter((e) => e.nextElementSibling?.classList.contains("hint"))
        .filter((e) => e.getAttribute("aria-describedby") !== e.nextElementSibling?.id)
        .map((e) => e.id);
      const statusIds = Array.from(sidebar.querySelectorAll("[role=status]")).map((s) => s.id);
      return {
        unlabelled,
        nameless,
        quiet,
        undescribed,
        statusIds,
        positiveTabIndex,
        order: focusable.map(key),
      };
    });
    expect(report.unlabelled).toEqual([]);
    expect(report.nameless).toEqual([]);
    expect(report.quiet).toEqual([]);
    expect(report.undescribed).toEqual([]);
    // Live regions are in the page before their first message (else it may go unannounced).
    expect(report.statusIds).toEqual(
      expect.arrayContaining(["settings-status", "shops-status", "imp-status", "bulk-status"]),
    );
    expect(report.positiveTabIndex).toBe(0);
    expect(report.order.length).toBeGreaterThan(30);

    await page.locator("#sidebar summary").first().focus();
    const visited: string[] = [];
    for (let i = 0; i < report.order.length; i++) {
      visited.push(
        await page.evaluate(() => {
          const e = document.activeElement;
          return e ? e.id || `${e.tagName}:${(e.textContent ?? "").trim()}` : "";
        }),
      );
      await page.keyboard.press("Tab");
    }
    expect(visited).toEqual(report.order);
  });
});
