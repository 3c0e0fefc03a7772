/**
 * "Insert chart" in the BUILT Excel task pane (dist/excel/taskpane.html) in Chromium: the
 * seller selects a breakdown the builder previewed (typed into the harness workbook as a spill
 * would show it) and presses the button; the Office shim's charts.add (chartShim.ts, Office.js
 * batching and checks) records a waterfall beside the table, titled with the net profit.
 * A ranking gets a clustered bar chart with the names as categories. Real HTTP to the
 * reference server for the breakdown.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { OFFICE_JS_CDN } from "../../../build/excel";
import { startTestServer, type TestServer } from "../../helpers/server";
import { browserTestsBlocker, openExcelPage, ROOT, type ExcelPage } from "./harness/browser";
import type { ShimChart } from "./harness/chartShim";

const blocker = browserTestsBlocker();
if (blocker) console.warn(blocker);
const describeBrowser = blocker ? describe.skip : describe;

jest.setTimeout(120_000);

interface ShimWindow {
  excelShim: {
    setStorage(items: Record<string, string>): Promise<void>;
    putValues(at: string, rows: unknown[][]): void;
    select(address: string): void;
    charts(): ShimChart[];
  };
}

describeBrowser("Insert chart in the Excel task pane (built taskpane.html)", () => {
  let server: TestServer;
  let pane: ExcelPage;
  let work: string;

  const shim = <T>(fn: (s: ShimWindow["excelShim"], arg: string) => Promise<T> | T, arg = "") =>
    pane.page.evaluate(
      ([source, a]) => {
        const f = new Function("s", "a", `return (${source})(s, a);`) as (
          s: unknown,
          a: string,
        ) => unknown;
        return f((window as unknown as ShimWindow).excelShim, a) as Promise<T>;
      },
      [fn.toString(), arg] as const,
    );

  beforeAll(async () => {
    server = await startTestServer({ hostileNames: false });
    work = mkdtempSync(path.join(os.tmpdir(), "mkt-taskpane-chart-"));
    const emptyOfficeJs = path.join(work, "office.js");
    writeFileSync(emptyOfficeJs, "/* Office.js: the test's Office shim is already loaded */\n");
    pane = await openExcelPage({
      pagePath: "taskpane.html",
      routes: { [OFFICE_JS_CDN]: emptyOfficeJs },
    });
    await shim(
      (s, items) => s.setStorage(JSON.parse(items) as Record<string, string>),
      JSON.stringify({ "mkt.baseUrl": server.baseUrl, "mkt.apiKey": server.keyFor("demo") }),
    );
    await pane.page.setViewportSize({ width: 350, height: 1100 });
    await pane.page.reload();
    await pane.page.locator("#sec-builder > summary").click();
  });

  afterAll(async () => {
    await pane?.close();
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test("a previewed breakdown, selected in the sheet, gets a waterfall beside it", async () => {
    const { page } = pane;
    await page.selectOption("#fb-function", "MKTA_BREAKDOWN");
    await page.fill("#fb-arg-shopId", "100001");
    await page.fill("#fb-arg-region", "SG");
    await page.fill("#fb-arg-itemId", "10001549");
    await page.click("#fb-preview");
    await page.locator("#fb-chart-waterfall").waitFor();
    const table = await page.locator("#fb-result tr").evaluateAll((rows) =>
      rows.map((r) =>
        Array.from(r.children, (c) => {
          // Figures read as shown ("1,234.00", "12.50%"): the number behind the text.
          const t = c.textContent ?? "";
          const n = Number(t.replace(/,/g, "").replace(/%$/, ""));
          if (t === "" || Number.isNaN(n)) return t;
          return t.endsWith("%") ? n / 100 : n;
        }),
      ),
    );
    // The spill of =MKT.MKTA_BREAKDOWN(...) in B3.
    await shim(
      (s, rows) => s.putValues("Sheet1!B3", JSON.parse(rows) as unknown[][]),
      JSON.stringify(table),
    );
    await shim((s, a) => s.select(a), `Sheet1!B3:C${2 + table.length}`);

    await page.click("#fb-insert-chart");
    await page.waitForFunction(() =>
      /Inserted|Select/.test(document.querySelector("#fb-chart-status")?.textContent ?? ""),
    );
    const status = await page.locator("#fb-chart-status").innerText();
    const charts = await shim((s) => s.charts());
    const first = table.findIndex((r) => r[0] === "Original price");
    const net = table.find((r) => r[0] === "Net profit")?.[1];
    expect(charts).toEqual([
      expect.objectContaining({
        sheet: "Sheet1",
        type: "Waterfall",
        // Price to the last cost: Excel cannot be told that Net profit is a total.
        source: `Sheet1!B${3 + first}:C${3 + table.findIndex((r) => r[0] === "Net profit") - 1}`,
        seriesBy: "Columns",
        position: "Sheet1!E3",
        legendVisible: false,
      }),
    ]);
    expect(charts[0]?.title).toBe(
      `Profit per unit (SGD): price ${Number(table[first]?.[1]).toFixed(2)} to net profit ${Number(net).toFixed(2)}`,
    );
    expect(status).toMatch(/^Inserted "Profit per unit \(SGD\): .*" next to Sheet1!B\d+:C\d+\.$/);
    mkdirSync(path.join(ROOT, "test-artifacts"), { recursive: true });
    await page.screenshot({
      path: path.join(ROOT, "test-artifacts", "excel-insert-chart.png"),
      fullPage: true,
    });
  });

  test("a selected ranking gets a bar chart of its first 15 rows, names as categories", async () => {
    const rows = [
      ["Rank", "Item id", "Name", "Net profit"],
      ...Array.from({ length: 20 }, (_, i) => [i + 1, 10001000 + i, `Product ${i + 1}`, 50 - i]),
    ];
    await shim(
      (s, r) => s.putValues("'Top products'!A1", JSON.parse(r) as unknown[][]),
      JSON.stringify(rows),
    );
    await shim((s, a) => s.select(a), "'Top products'!A1:D21");
    await pane.page.click("#fb-insert-chart");
    await pane.page.waitForFunction(() =>
      /Top 15/.test(document.querySelector("#fb-chart-status")?.textContent ?? ""),
    );
    const charts = await shim((s) => s.charts());
    expect(charts[1]).toMatchObject({
      sheet: "Top products",
      type: "BarClustered",
      source: "'Top products'!D2:D16",
      seriesName: null,
      categories: "'Top products'!C2:C16",
      reversePlotOrder: true,
      position: "'Top products'!F1",
      title: "Top 15 by Net profit",
    });
  });
});
