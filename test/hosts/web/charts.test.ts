/**
 * The builder's pictures in Chromium (the web host runs the same src/ui app as the Sheets
 * sidebar and the Excel task pane), against the reference server with the demo data: a
 * breakdown previews as a waterfall whose bars and figures are the API's lines, a ranking as
 * a top-15 bar chart, a field/value answer with no picture; the web demo, which has no native
 * charts, says where "Insert chart" is.
 */
import type { Page } from "playwright-core";
import { startTestServer, type TestServer } from "../../helpers/server";
import { browserBlocker, loopbackOnly, startWebHost, type WebHost } from "./harness";
import { openWithApi, saveKey } from "./webPage";

const blocker = browserBlocker();
const describeBrowser = blocker ? describe.skip : describe;
if (blocker) console.warn(blocker);

jest.setTimeout(90_000);

describeBrowser("builder charts in Chromium", () => {
  let api: TestServer;
  let host: WebHost;
  let page: Page;

  /** Preview a function with these arguments; resolves when the preview is shown. */
  const preview = async (name: string, args: Record<string, string>): Promise<void> => {
    await page.selectOption("#fb-function", name);
    for (const [param, value] of Object.entries(args)) {
      const id = `#fb-arg-${param}`;
      if ((await page.locator(id).evaluate((e) => e.tagName)) === "SELECT")
        await page.selectOption(id, value);
      else await page.fill(id, value);
    }
    await page.click("#fb-preview");
    await page.locator("#fb-result").waitFor();
  };

  /** Each bar's tooltip text ("Commission fee: −15.54") and its rectangle's width. */
  const bars = (figure: string) =>
    page.locator(`${figure} g.bar`).evaluateAll((groups) =>
      groups.map((g) => ({
        title: g.querySelector("title")?.textContent ?? "",
        width: Number(g.querySelector("rect:last-of-type")?.getAttribute("width")),
        colour: g.querySelector("rect:last-of-type")?.getAttribute("fill") ?? "",
      })),
    );

  beforeAll(async () => {
    api = await startTestServer({ hostileNames: false });
    host = await startWebHost();
    page = await host.browser.newPage({ viewport: { width: 1100, height: 900 } });
    await loopbackOnly(page);
    await openWithApi(page, host.url, api.baseUrl);
    await saveKey(page, api.keyFor("demo"));
    await page.locator("#sec-builder > summary").click();
  });

  afterAll(async () => {
    await host?.close();
    await api?.close().catch(() => undefined);
  });

  test("a breakdown shows a waterfall of its lines, the loss in red", async () => {
    await preview("MKTA_BREAKDOWN", { shopId: "100001", region: "SG", itemId: "10001691" });
    const figure = "#fb-chart-waterfall";
    await page.locator(figure).waitFor();
    const table = await page
      .locator("#fb-result tr")
      .evaluateAll((rows) => rows.map((r) => Array.from(r.children, (c) => c.textContent ?? "")));
    // Amounts read as the seller sees them ("1,234.00"): the number behind the text.
    const num = (t: string | undefined): number => Number((t ?? "").replace(/,/g, ""));
    const lines = table.filter(([, amount]) => amount !== "" && num(amount) !== 0);
    const from = lines.findIndex(([l]) => l === "Original price");
    const to = lines.findIndex(([l]) => l === "Net profit");
    const shown = await bars(figure);
    // One bar per line from price to net profit (zero lines left out), figures as the API's.
    expect(shown.map((b) => b.title)).toEqual(
      lines
        .slice(from, to + 1)
        .map(
          ([l, a]) =>
            `${l}: ${num(a) < 0 ? "\u2212" : ""}${Math.abs(num(a)).toLocaleString("en-US", { minimumFractionDigits: 2 })}`,
        ),
    );
    const net = shown[shown.length - 1];
    expect(net?.title).toMatch(/^Net profit: \u2212/);
    expect(net?.colour).toBe("#c62828");
    expect(shown[0]?.width).toBeGreaterThan(net?.width ?? Infinity);
    const label = await page.locator(`${figure} svg`).getAttribute("aria-label");
    expect(label).toMatch(/^Profit per unit \(SGD\): price to net profit: Original price 168\.90;/);
    expect(await page.locator(`${figure} svg`).getAttribute("role")).toBe("img");
    // No native charts in the web demo: the pane says where they are.
    await expect(page.locator("#fb-chart-hint").textContent()).resolves.toMatch(
      /Google Sheets and Excel insert a native chart/,
    );
    expect(await page.locator("#fb-insert-chart").count()).toBe(0);
  });

  test("a ranking shows its top 15 as bars, longest first", async () => {
    await preview("MKTA_TOP_PRODUCTS", {
      shopId: "100001",
      region: "SG",
      sortBy: "PROFIT",
      limit: "40",
    });
    const figure = "#fb-chart-ranking";
    await page.locator(figure).waitFor();
    const shown = await bars(figure);
    expect(shown).toHaveLength(15);
    const widths = shown.map((b) => b.width);
    expect(widths).toEqual([...widths].sort((a, b) => b - a));
    await expect(page.locator(`${figure} figcaption`).textContent()).resolves.toBe(
      "Top 15 by Total profit (SGD)",
    );
  });

  test("a field/value answer gets no picture", async () => {
    await preview("MKTA_CORRECTED_ROAS", { shopId: "100001", region: "SG", itemId: "10001691" });
    await page.waitForFunction(() => document.querySelector("#fb-result table") !== null);
    expect(await page.locator("figure.chart").count()).toBe(0);
  });
});
