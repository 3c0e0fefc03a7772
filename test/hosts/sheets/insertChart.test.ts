/**
 * "Insert chart" in the BUILT Sheets add-on: the sidebar's real bridge plans the chart of the
 * selection and dist/sheets Code.js builds it with EmbeddedChartBuilder on a fake sheet that
 * keeps Apps Script's rules (chained builder, build() needs a type and data, ranges on the
 * chart's sheet, insertChart takes a built chart). Data comes over real HTTP: an import of
 * shop A's products by profit, and a breakdown as the builder previews (and a cell spills) it.
 */
import type { ImportDefinition } from "../../../src/imports/definitions";
import {
  createGoogleScriptBridge,
  type ServerCall,
} from "../../../src/hosts/sheets/sidebar/sidebarBridge";
import { NOTHING_TO_CHART } from "../../../src/ui/charts/chartPlan";
import type { Cell } from "../../../src/functions/cells";
import { FakeProperties, type FakeSheet } from "./fakes";
import { addonSuite, loadAddon, type LoadedAddon } from "./harness";

jest.setTimeout(120_000);
const suite = addonSuite({ hostileNames: false });

function addon(): LoadedAddon {
  const userProps = new FakeProperties();
  userProps.setProperty("mkt.baseUrl", suite.server.baseUrl);
  userProps.setProperty("mkt.apiKey", suite.server.keys.demo);
  return loadAddon(suite.dir, { http: suite.http, userProps });
}

/** google.script.run: top-level functions only, JSON in and out, errors by message. */
function scriptRun(a: LoadedAddon): ServerCall {
  return <T>(name: string, ...args: unknown[]): Promise<T> => {
    const fn = (a.context as Record<string, unknown>)[name];
    if (typeof fn !== "function") return Promise.reject(new Error(`${name} is missing`));
    try {
      const result: unknown = (fn as (...x: unknown[]) => unknown)(
        ...(JSON.parse(JSON.stringify(args)) as unknown[]),
      );
      return Promise.resolve(JSON.parse(JSON.stringify(result ?? null)) as T);
    } catch (e) {
      const message = (e as { message?: unknown })?.message;
      return Promise.reject(new Error(typeof message === "string" ? message : String(e)));
    }
  };
}

const TOP: ImportDefinition = {
  id: "top",
  kind: "productsByProfit",
  marketplace: "A",
  shopId: "100001",
  region: "SG",
  sheetName: "Top products",
  options: { limit: 40 },
};

function select(
  a: LoadedAddon,
  sheet: FakeSheet,
  row: number,
  column: number,
  rows: number,
  columns: number,
) {
  a.book.active = { sheet, range: sheet.getRange(row, column, rows, columns) };
}

test("a ranking import gets a bar chart of its first 15 names and profits, beside it", async () => {
  const a = addon();
  const bridge = createGoogleScriptBridge(scriptRun(a));
  await bridge.runImport(TOP);
  const sheet = a.book.getSheetByName("Top products");
  if (!sheet) throw new Error("no import sheet");
  const values = sheet.values();
  const header = values[0] ?? [];
  select(a, sheet, 1, 1, values.length, header.length);

  const inserted = await bridge.insertChart?.();

  const [chart, more] = sheet.getCharts();
  if (!chart) throw new Error("no chart inserted");
  expect(more).toBeUndefined();
  expect(chart.type).toBe("BAR");
  expect(chart.numHeaders).toBe(1);
  const [names, profits] = chart.getRanges();
  expect(names?.getSheet()).toBe(sheet);
  expect(header[(names?.getColumn() ?? 0) - 1]).toBe("Name");
  expect(String(header[(profits?.getColumn() ?? 0) - 1])).toMatch(/profit/i);
  expect([names?.getRow(), names?.getNumRows(), profits?.getRow(), profits?.getNumRows()]).toEqual([
    1, 16, 1, 16,
  ]);
  // The import is sorted by profit: the chart's rows are the top 15, highest first.
  const column = (profits?.getColumn() ?? 1) - 1;
  const charted = values.slice(1, 16).map((r) => Number(r[column]));
  expect(charted).toEqual([...charted].sort((x, y) => y - x));
  expect(chart.position).toEqual({ row: 1, column: header.length + 2, offsetX: 0, offsetY: 0 });
  expect(chart.getOptions().get("title")).toMatch(/^Top 15 by .*profit/i);
  expect(inserted?.chart).toBe(chart.getOptions().get("title"));
  expect(inserted?.address).toMatch(/^'Top products'!/);
});

test("a spilled breakdown gets a column chart from price to net profit", async () => {
  const a = addon();
  const bridge = createGoogleScriptBridge(scriptRun(a));
  const table = (await bridge.previewFunction("MKTA_BREAKDOWN", [100001, "SG", 10001691]))
    .value as Cell[][];
  const sheet = a.book.getSheets()[0] as FakeSheet;
  // What =MKTA_BREAKDOWN(...) in C3 spills: the same table.
  sheet.getRange(3, 3, table.length, 2).setValues(table);
  select(a, sheet, 3, 3, table.length, 2);

  const inserted = await bridge.insertChart?.();

  const [chart] = sheet.getCharts();
  if (!chart) throw new Error("no chart inserted");
  expect(chart.type).toBe("COLUMN");
  expect(chart.numHeaders).toBe(0);
  const [labels, amounts] = chart.getRanges();
  const first = table.findIndex((r) => r[0] === "Original price");
  const last = table.findIndex((r) => r[0] === "Net profit");
  expect(labels?.getA1Notation()).toBe(`C${3 + first}:C${3 + last}`);
  expect(amounts?.getA1Notation()).toBe(`D${3 + first}:D${3 + last}`);
  expect(labels?.getValues()[0]).toEqual(["Original price"]);
  expect(chart.getContainerInfo().getAnchorColumn()).toBe(6);
  expect(chart.getOptions().get("title")).toMatch(
    /^Profit per unit \(SGD\): price [\d,.]+ to net profit/,
  );
  expect(inserted?.address).toBe(`Sheet1!C${3 + first}:D${3 + last}`);
});

test("a selection that is neither breakdown nor ranking adds nothing and says what to select", async () => {
  const a = addon();
  const bridge = createGoogleScriptBridge(scriptRun(a));
  const sheet = a.book.getSheets()[0] as FakeSheet;
  sheet.getRange(1, 1, 2, 2).setValues([
    ["Field", "Value"],
    ["ROAS", 0.34],
  ]);
  select(a, sheet, 1, 1, 2, 2);
  await expect(bridge.insertChart?.()).rejects.toThrow(NOTHING_TO_CHART);
  expect(sheet.getCharts()).toHaveLength(0);
});

test("the fake builder keeps Apps Script's rules", () => {
  const a = addon();
  const sheet = a.book.getSheets()[0] as FakeSheet;
  const other = a.book.insertSheet("Other");
  expect(() =>
    sheet
      .newChart()
      .addRange(sheet.getRange(1, 1, 2, 2))
      .build(),
  ).toThrow(/type/);
  expect(() => sheet.newChart().setChartType("WATERFALL")).toThrow(/Invalid argument/);
  expect(() => sheet.newChart().addRange(other.getRange(1, 1))).toThrow(/chart's sheet/);
  const chart = sheet
    .newChart()
    .setChartType("BAR")
    .addRange(sheet.getRange(1, 1, 3, 2))
    .build();
  expect(() => other.insertChart(chart)).toThrow(/another sheet/);
  expect(sheet.getCharts()).toHaveLength(0); // built is not inserted
});
