/**
 * "Insert chart" in the Excel task pane over the office-addin-mock workbook: charts.add with
 * Office.js batching (the chart exists after the sync; a type Excel lacks, data on another
 * sheet or categories of the wrong size fail there). A breakdown gets Excel's waterfall over
 * its label and amount columns, price to the last cost; a ranking a clustered bar chart of
 * its value column (header as series name) with the names as categories, best on top.
 */
// office-addin-mock imports office-addin-manifest only for its host names (ESM-only deps).
jest.mock("office-addin-manifest", () => ({
  OfficeApp: { Excel: "excel", Outlook: "outlook", PowerPoint: "powerpoint", Word: "word" },
}));
import type { AsyncTransport } from "../../../src/core/asyncDriver";
import type { SettingsStorage } from "../../../src/hosts/shared/asyncBridge";
import { createExcelTaskpaneBridge } from "../../../src/hosts/excel/taskpaneBridge";
import { NOTHING_TO_CHART } from "../../../src/ui/charts/chartPlan";
import { fakeWorkbook } from "./fakeWorkbook";

const storage = (): SettingsStorage => {
  const store = new Map<string, string>();
  return {
    get: async (n) => store.get(n) ?? null,
    set: async (n, v) => void store.set(n, v),
    remove: async (n) => void store.delete(n),
  };
};
const noNetwork: AsyncTransport = {
  fetch: async () => {
    throw new Error("no request expected");
  },
};

function pane(options: { oldWaterfall?: boolean } = {}) {
  const excel = fakeWorkbook(options);
  const bridge = createExcelTaskpaneBridge({
    run: excel.run,
    storage: storage(),
    transport: noNetwork,
    defaultBaseUrl: "https://api.example.test",
    startup: null,
  });
  return { excel, bridge };
}

/** MKTB_BREAKDOWN as it spills (item id and name lines before the price). */
const BREAKDOWN = [
  ["Line", "Amount"],
  ["Item id", 40000001],
  ["Name", "Organic Water Bottle"],
  ["Original price", 49.7],
  ["Special-price discount", -9.44],
  ["Commission", -4.59],
  ["Payment fee", -0.86],
  ["COGS", -25.95],
  ["VAT", -2.98],
  ["Return cost", -0.21],
  ["Net profit", 5.67],
  ["Margin (fraction)", 0.140835],
  ["Currency", "MYR"],
];

test("a breakdown gets a waterfall from its price line to its last cost, titled with net profit", async () => {
  const { excel, bridge } = pane();
  excel.addSheet("Sheet1", [[], [], ...BREAKDOWN.map((r) => ["", ...r])]);
  excel.select("Sheet1", 2, 1, BREAKDOWN.length, 2);

  const inserted = await bridge.insertChart?.();

  const [chart, more] = excel.sheets.get("Sheet1")?.charts ?? [];
  if (!chart) throw new Error("no chart");
  expect(more).toBeUndefined();
  expect(chart.type).toBe("Waterfall");
  // Rows 5..11 (Original price .. Return cost), columns B:C; Net profit is not one more step.
  expect(chart.source).toEqual([5, 1, 7, 2]);
  expect(chart.seriesBy).toBe("Columns");
  expect(chart.position).toEqual([2, 4, 1, 1]);
  expect(chart.title).toBe("Profit per unit (MYR): price 49.70 to net profit 5.67");
  expect(chart.legendVisible).toBe(false);
  expect(inserted).toEqual({ address: "Sheet1!B6:C13", chart: chart.title });
});

test("where Excel refuses a waterfall's title (Excel 2016), the chart is still inserted", async () => {
  const { excel, bridge } = pane({ oldWaterfall: true });
  excel.addSheet("Sheet1", BREAKDOWN);
  excel.select("Sheet1", 0, 0, BREAKDOWN.length, 2);
  await expect(bridge.insertChart?.()).resolves.toMatchObject({
    chart: "Profit per unit (MYR): price 49.70 to net profit 5.67",
  });
  const [chart] = excel.sheets.get("Sheet1")?.charts ?? [];
  expect(chart).toMatchObject({ type: "Waterfall", title: "", position: [0, 3, 1, 1] });
});

test("a ranking gets a bar chart of its first 15 values with the names as categories", async () => {
  const { excel, bridge } = pane();
  const rows = Array.from({ length: 30 }, (_, i) => [i + 1, `Product ${i + 1}`, 2000 - i * 50]);
  excel.addSheet("Top products", [["Rank", "Name", "Total profit"], ...rows]);
  excel.select("Top products", 0, 0, 31, 3);

  const inserted = await bridge.insertChart?.();

  const [chart] = excel.sheets.get("Top products")?.charts ?? [];
  if (!chart) throw new Error("no chart");
  expect(chart.type).toBe("BarClustered");
  // The header stays out of the source: no reliance on Excel naming the series from it.
  expect(chart.source).toEqual([1, 2, 15, 1]);
  expect(chart.seriesName).toBeNull();
  expect(chart.categories).toEqual([1, 1, 15, 1]);
  expect(chart.reversePlotOrder).toBe(true);
  expect(chart.position).toEqual([0, 4, 1, 1]);
  expect(chart.title).toBe("Top 15 by Total profit");
  expect(inserted?.address).toBe("'Top products'!B1:C16");
});

test("an overview's breakdown (a Kind column between label and amount) gets a column chart", async () => {
  const { excel, bridge } = pane();
  excel.addSheet("Overview", [
    ["Field", "Value"],
    ["Currency", "SGD"],
    ["Name", "Label", "Kind", "Amount", "Running total"],
    ["revenue", "Revenue", "revenue", 100, 100],
    ["cogs", "COGS", "relative", -40, 60],
    ["netProfit", "Net profit", "total", 60, 60],
  ]);
  excel.select("Overview", 0, 0, 6, 5);
  await bridge.insertChart?.();
  const [chart] = excel.sheets.get("Overview")?.charts ?? [];
  expect(chart).toMatchObject({
    type: "ColumnClustered",
    source: [3, 3, 3, 1],
    seriesName: null,
    categories: [3, 1, 3, 1],
    reversePlotOrder: false,
    title: "Profit (SGD): revenue 100.00 to net profit 60.00",
  });
});

test("a selection that is neither adds no chart and says what to select", async () => {
  const { excel, bridge } = pane();
  excel.addSheet("Sheet1", [
    ["Field", "Value"],
    ["ROAS", 0.5],
  ]);
  excel.select("Sheet1", 0, 0, 2, 2);
  await expect(bridge.insertChart?.()).rejects.toThrow(NOTHING_TO_CHART);
  expect(excel.sheets.get("Sheet1")?.charts).toEqual([]);
});

test("the fake refuses what Excel refuses, at the sync", async () => {
  const excel = fakeWorkbook();
  excel.addSheet("A", [
    ["Name", "Profit"],
    ["x", 1],
    ["y", 2],
  ]);
  excel.addSheet("B", []);
  await excel.run(async (context) => {
    const a = context.workbook.worksheets.getItemOrNullObject("A");
    const b = context.workbook.worksheets.getItemOrNullObject("B") as unknown as {
      charts: { add(t: string, r: unknown, s: string): unknown };
    };
    a.load("name");
    (b as unknown as { load(p: string): void }).load("name");
    await context.sync();
    b.charts.add("BarClustered", a.getRangeByIndexes(0, 0, 3, 2), "Columns");
    await expect(context.sync()).rejects.toThrow(/another sheet/);
    const sheetA = a as unknown as {
      charts: {
        add(
          t: string,
          r: unknown,
          s: string,
        ): { series: { getItemAt(i: number): { setXAxisValues(r: unknown): void } } };
      };
    };
    sheetA.charts.add("Gantt", a.getRangeByIndexes(0, 1, 3, 1), "Columns");
    await expect(context.sync()).rejects.toThrow(/chart type/);
    const chart = sheetA.charts.add("BarClustered", a.getRangeByIndexes(0, 1, 3, 1), "Columns");
    chart.series.getItemAt(0).setXAxisValues(a.getRangeByIndexes(0, 0, 3, 1));
    await expect(context.sync()).rejects.toThrow(/differ in size/);
  });
});
