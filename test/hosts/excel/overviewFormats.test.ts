/**
 * A shop overview reads as a seller reads it (issue 35): its Value column holds margins,
 * counts, days and money in one column, so each value gets its own metric's format (a margin as
 * a percentage, units and days whole, money with the currency's decimals), not one format for
 * the column ("Avg margin 0.25", "Units sold 1,471.00"). Excel's workbook fake over real HTTP to
 * the reference server; the Sheets and web writers take the same per-cell format
 * (imports/table.ts tableCellFormat).
 */
import type { ImportDefinition } from "../../../src/imports/definitions";
import { numberFormat } from "../../../src/core/figure";
import { startTestServer, type TestServer } from "../../helpers/server";
import { paneOverServer } from "./paneOverServer";
import { fakeWorkbook } from "./fakeWorkbook";

jest.setTimeout(120_000);
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
});
afterAll(() => server.close());

const OVERVIEW: ImportDefinition = {
  id: "overview",
  kind: "shopOverview",
  marketplace: "A",
  shopId: "100001",
  region: "SG",
  sheetName: "Overview",
  options: {},
};

test("an overview's values each show in their metric's format", async () => {
  const excel = fakeWorkbook({ excelApi: "1.16" });
  const { bridge } = paneOverServer(server, server.keyFor("demo"), excel);
  await bridge.runImport(OVERVIEW);
  const table = excel.table("Overview");
  const sheet = excel.sheets.get("Overview");
  const [header, ...rows] = table;
  const [metricAt, valueAt] = [header?.indexOf("Metric") ?? -1, header?.indexOf("Value") ?? -1];
  expect([metricAt, valueAt]).toEqual([2, 3]);
  const formatOf = (metric: string): string[] =>
    rows.flatMap((r, i) =>
      r[metricAt] === metric && typeof r[valueAt] === "number"
        ? [String(sheet?.formats.get(`${i + 1},${valueAt}`) ?? "General")]
        : [],
    );
  const once = (formats: string[]): string[] => [...new Set(formats)];
  // Each metric the demo's overview has, in the format of its kind.
  expect(once(formatOf("Avg margin"))).toEqual([numberFormat("percent")]);
  expect(once(formatOf("Units sold"))).toEqual([numberFormat("count")]);
  expect(once(formatOf("Total profit"))).toEqual([numberFormat("money", "SGD")]);
  // A comparison's figures by the name they end with; its "... percent" in percent points.
  expect(once(formatOf("Previous units sold"))).toEqual([numberFormat("count")]);
  expect(once(formatOf("Previous avg margin"))).toEqual([numberFormat("percent")]);
  expect(once(formatOf("Deltas gross GMV percent"))).toEqual([numberFormat("points")]);
  // One margin, as %: A's percent-point copy ("Avg margin points 24.64%") is no second row.
  const metrics = rows.map((r) => String(r[metricAt]));
  expect(metrics.filter((m) => /^(Previous )?avg margin points$/i.test(m))).toEqual([]);
  // A share shown as % says so once: not "Variants with COGS percent 87.82%".
  expect(once(formatOf("Share of variants with COGS"))).toEqual([numberFormat("points")]);
  expect(metrics.filter((m) => / percent$/.test(m) && !/^Deltas /.test(m))).toEqual([]);
  // The period's days are sheet dates (not text a sheet flags as a number stored as text).
  for (const day of ["From", "To", "Previous from", "Previous to"])
    expect({ day, formats: once(formatOf(day)) }).toEqual({ day, formats: [numberFormat("day")] });
  // A cost line is named in the seller's words, not by its API name.
  const costItems = rows.filter((r) => r[0] === "Cost breakdown").map((r) => String(r[1]));
  expect(costItems).toContain("Commission fee");
  expect(costItems.filter((item) => /^[a-z]+[A-Z]/.test(item))).toEqual([]);
  // A metric the contract does not name keeps the column's plain number format.
  const named = new Set(["Avg margin", "Units sold", "Total profit"]);
  const others = rows.filter((r) => !named.has(String(r[metricAt])));
  expect(others.length).toBeGreaterThan(0);
  // No percentage on a count, no decimals on units: every number's format fits its metric.
  for (const [i, r] of rows.entries()) {
    const format = sheet?.formats.get(`${i + 1},${valueAt}`) ?? "General";
    const metric = String(r[metricAt]);
    if (
      /units|count|days/i.test(metric) &&
      !/percent|share/i.test(metric) &&
      typeof r[valueAt] === "number"
    )
      expect({ metric: r[metricAt], format }).toEqual({
        metric: r[metricAt],
        format: expect.not.stringMatching(/\.00|%/),
      });
  }
});
