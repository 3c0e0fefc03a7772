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
    await page.goto(`${host.url}?api=${encodeURIComponent(api.baseUrl)}`);
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
    await page.evaluate((grid) => {
      const s = (
        window as unknown as {
          __sheets: {
            setValues(sheet: string, at: string, v: Value[][]): void;
            select(sheet: string, range: string): void;
          };
        }
      ).__sheets;
      s.setValues("Sheet1", "A1", grid);
      s.select("Sheet1", `A1:C${grid.length}`);
    }, rows);

    await openSection("sec-bulk");
    await page.selectOption("#bulk-function", "REQUIRED_PRICE");
    await page.click("#bulk-read");
    await page.waitForFunction(() =>
      /31 rows/.test(document.querySelector("#bulk-status")?.textContent ?? ""),
    );
    const fixed = async (param: string, value: string) => {
      await page.selectOption(`#bulk-src-${param}`, "value");
      await page.fill(`#bulk-val-${param}`, value);
    };
    await fixed("marketplace", "B");
    await fixed("region", "MY");
    await page.selectOption("#bulk-src-category", "col:0");
    await page.selectOption("#bulk-src-cogs", "col:1");
    await page.selectOption("#bulk-src-target", "col:2");
    await fixed("field", "requiredListingPrice");
    await page.click("#bulk-run");
    await page.waitForFunction(
      () => /Wrote \d+ rows/.test(document.querySelector("#bulk-status")?.textContent ?? ""),
      undefined,
      { timeout: 60_000 },
    );
    expect(await page.locator("#bulk-status").innerText()).not.toMatch(/with errors/);

    const sheet = await values("Sheet1");
    expect(sheet[0]?.[3]).toBe("REQUIRED_PRICE");
    for (let r = 1; r < rows.length; r++) {
      const [category, cogs, margin] = rows[r] as [number, number, number];
      expect(sheet[r]?.[0]).toBe(category); // inputs untouched
      const expected = await requiredPriceB(category, cogs, margin);
      expect(typeof expected).toBe("number");
      expect(sheet[r]?.[3]).toBe(expected);
    }
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
    const shown = Number(await page.locator("#fb-result").innerText());

    const res = await fetch(`${api.baseUrl}/api/mkt-a/financial-breakdown/product`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ shopId: 100001, region: "SG", itemId: 10000003 }),
    });
    const data = ((await res.json()) as { data: { metadata: { netProfit: number } } }).data;
    expect(shown).toBe(data.metadata.netProfit);

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
    const cell = (await values("Sheet1"))[1]?.[5];
    expect(cell).toBe(formula);
  });
});
