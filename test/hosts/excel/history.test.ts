/**
 * "Keep a snapshot" in Excel's workbook fake over real HTTP: two snapshots of a managed table
 * give two dated rows per product in History, and one product's history reads back both.
 */
import type { ImportDefinition } from "../../../src/imports/definitions";
import { startTestServer, type TestServer } from "../../helpers/server";
import { idsInOrder } from "../../helpers/managedScenario";
import { paneOverServer } from "./paneOverServer";

jest.setTimeout(120_000);
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
});
afterAll(() => server.close());

const DEF: ImportDefinition = {
  id: "top",
  kind: "productsByProfit",
  marketplace: "A",
  shopId: "100001",
  region: "SG",
  sheetName: "Top products",
  options: { limit: 20 },
};

test("snapshot twice: two dated rows per product, and one product's profit and price over time", async () => {
  const { excel, bridge } = paneOverServer(server, server.keyFor("demo"));
  await bridge.runImport(DEF);
  const ids = idsInOrder(excel.table("Top products"));
  const first = await bridge.team.keepSnapshot("Top products");
  expect(first.products).toBe(ids.length);
  await bridge.saveSettings({ basis: { salesWindowDays: 30 } });
  await bridge.runImport(DEF);
  // The refresh kept every product and appended the new basis's newcomers.
  const second = await bridge.team.keepSnapshot("Top products");
  expect(second.products).toBe(idsInOrder(excel.table("Top products")).length);

  const history = excel.table("Price history");
  expect(history[0]).toEqual([
    "Date",
    "Table",
    "Product id",
    "Product",
    "Net profit (per unit)",
    "Price",
    "Margin",
    "Units",
    "Typed by hand",
  ]);
  expect(history).toHaveLength(1 + first.products + second.products);
  for (const id of ids) {
    const rows = history.filter((r) => r[2] === id);
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(.+\)$/);
      expect(r[1]).toBe("Top products");
      expect(typeof r[4]).toBe("number");
    }
  }
  expect([0, 7].every((c) => excel.sheets.get("Price history")?.bold.has(`0,${c}`))).toBe(true);
  expect(excel.sheets.get("Price history")?.frozenRows).toBe(1);

  const one = await bridge.team.productHistory(ids[0] ?? "");
  expect(one.points).toHaveLength(2);
  expect(one.points.every((p) => typeof p.profit === "number")).toBe(true);
  // The two bases give two different profits for the top product.
  expect(one.points[0]?.profit).not.toBe(one.points[1]?.profit);
  // A native chart of that product: its snapshots on the History chart sheet, charted there.
  expect(await bridge.team.insertHistoryChart?.(ids[0] ?? "", one.product)).toEqual({
    sheet: "History chart",
  });
  const chartSheet = excel.sheets.get("History chart");
  expect(
    excel
      .table("History chart")
      .slice(1)
      .map((r) => r[1]),
  ).toEqual(one.points.map((p) => p.profit));
  expect(chartSheet?.charts).toHaveLength(1);
  await expect(bridge.team.productHistory("nope")).rejects.toThrow(
    "No snapshot in Price history has the product id nope: check the id (column Product id)",
  );
  expect(excel.table("Refresh log").map((r) => r[2])).toContain(
    "Snapshot of Top products kept in Price history",
  );
});
