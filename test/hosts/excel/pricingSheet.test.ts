/**
 * Issue 20 item 2 in Excel's workbook fake over real HTTP: "New pricing sheet" for shop 100001
 * SG (500 products), requests counted at the server; 50 rows against the single-product
 * endpoints; 3 rows' targets edited, Refresh asks for those 3 rows only and leaves every input
 * as the seller typed it; the refresh log has a row per build and refresh.
 */
// paneOverServer first: it mocks the ESM-only manifest package before the fake loads it.
import { paneOverServer } from "./paneOverServer";
import { countedServer, type Counted } from "../../helpers/countedServer";
import {
  PRICING_SHEET,
  byHeader,
  distinct,
  expectBelowTargetRule,
  expectBuildCost,
  expectOnlyEdited,
  expectSingleAnswersMatch,
} from "../../helpers/pricingScenario";
import type { TestServer } from "../../helpers/server";

jest.setTimeout(240_000);
let server: TestServer;
let seen: Counted[];
beforeAll(async () => {
  ({ server, seen } = await countedServer());
});
afterAll(() => server.close());

test("a 500-product pricing sheet: a few batch requests, single answers match, edits cost their rows only", async () => {
  const key = server.keyFor("demo");
  const { excel, bridge } = paneOverServer(server, key);
  const built = await bridge.newPricingSheet({
    shopId: 100001,
    region: "SG",
    sheetName: PRICING_SHEET,
  });
  expectBuildCost(seen);
  expect(built.requests).toBe(distinct(seen).length);
  const table = excel.table(PRICING_SHEET);
  const { col, rows } = byHeader(table);
  expect(new Set(rows.map((r) => r[col("Item id")])).size).toBe(500);
  expect(rows.length).toBe(built.rows);
  // Formulas are formulas (a teammate's Excel computes them), not text.
  const sheet = excel.sheets.get(PRICING_SHEET);
  // The import look: a bold header frozen in view (issue 35).
  expect(sheet?.frozenRows).toBe(1);
  expect(sheet?.bold.has(`0,${col("Answer")}`)).toBe(true);
  const flag = `1,${col("Below target")}`;
  // Target profit and Profit at planned price, after the "COGS from" column (issue 34).
  expect(sheet?.values.get(flag)).toMatch(/^=IF\(ISNUMBER\(J2\),IF\(ISNUMBER\(M2\)/);
  expect(sheet?.formats.get(flag)).toBe("General");
  // Rows below target are filled by a conditional format (Range.conditionalFormats), one rule.
  expect(sheet?.conditionalFormats).toHaveLength(1);
  expectBelowTargetRule(
    sheet?.conditionalFormats[0] ?? { box: [], formula: "", fill: null },
    table,
  );
  expect(rows.filter((r) => typeof r[col("Price for target")] === "number").length).toBeGreaterThan(
    rows.length * 0.9,
  );

  const compared = await expectSingleAnswersMatch(server, key, table);
  expect(compared).toBe(50);

  // The seller changes 3 rows' targets; another types in an input column's neighbour.
  const edited: unknown[][] = [3, 40, 77].map((i) => [...(rows[i] ?? [])]);
  edited.forEach((r, n) => {
    const at = 1 + rows.findIndex((x) => x[0] === r[0] && x[1] === r[1]);
    sheet?.values.set(`${at},${col("Target margin")}`, [0.25, 0.3, 0.12][n]);
  });
  const ids = edited.map((r) => `${String(r[col("Item id")])}/${String(r[col("Model id")])}`);
  const before = seen.length;
  const refreshed = await bridge.refreshPricingSheet(PRICING_SHEET);
  expectOnlyEdited(seen, before, ids);
  expect(refreshed.asked).toBe(3);
  const after = byHeader(excel.table(PRICING_SHEET));
  // Inputs stay as typed, on their product's row.
  expect(after.rows.map((r) => r[col("Target margin")])).toEqual(
    rows.map((r) => {
      const n = edited.findIndex((x) => x[0] === r[0] && x[1] === r[1]);
      return n >= 0 ? [0.25, 0.3, 0.12][n] : 0.2;
    }),
  );
  // A refresh with nothing changed asks nothing.
  const still = seen.length;
  expect((await bridge.refreshPricingSheet(PRICING_SHEET)).requests).toBe(0);
  expect(seen.length).toBe(still);
  // The refresh log: the build and both refreshes.
  const log = excel.table("Refresh log");
  expect(log.slice(1).map((r) => r[2])).toEqual([
    `Pricing sheet · A 100001 SG → ${PRICING_SHEET}`,
    `Pricing sheet · A 100001 SG → ${PRICING_SHEET}`,
    `Pricing sheet · A 100001 SG → ${PRICING_SHEET}`,
  ]);
  expect(log.slice(1).map((r) => r[3])).toEqual([built.requests, refreshed.requests, 0]);
});

test("a new pricing sheet never writes over a sheet that holds data, and bad asks name the fix", async () => {
  const { excel, bridge } = paneOverServer(server, server.keyFor("demo"));
  const mine = [
    ["Supplier", "Cost"],
    ["Acme", 3.5],
  ];
  excel.addSheet("Mine", mine);
  const before = seen.length;
  await expect(
    bridge.newPricingSheet({ shopId: 100001, region: "SG", sheetName: "Mine" }),
  ).rejects.toThrow(/^Mine!A1:B2 already holds data: name a new sheet/);
  expect(excel.table("Mine")).toEqual(mine);
  await expect(
    bridge.newPricingSheet({ shopId: 100001, region: "SG", sheetName: "P", products: 0 }),
  ).rejects.toThrow("Products: a whole number from 1 to 5000");
  await expect(bridge.refreshPricingSheet("Mine")).rejects.toThrow(
    'Mine is not a pricing sheet: make one with "New pricing sheet"',
  );
  expect(seen.length).toBe(before);
});
