/**
 * Issue 34 item 2 in Excel's workbook fake over real HTTP, through the task pane's bridge (a job
 * the pane drives): a
 * fee-change sheet for shop 700001 TH (marketplace C, 150 product ids) at 2025-07-30, requests
 * counted at the server; the summary on top, every SKU under it, largest monthly loss first;
 * the seller's column kept through Refresh, which asks the same requests again.
 */
// paneOverServer first: it mocks the ESM-only manifest package before the fake loads it.
import { paneOverServer } from "./paneOverServer";
import { countedServer, type Counted } from "../../helpers/countedServer";
import { distinct } from "../../helpers/pricingScenario";
import { C_PRODUCTS } from "../../helpers/pricingScenarioBC";
import type { TestServer } from "../../helpers/server";
import { SUMMARY_ROWS } from "../../../src/imports/feeChange/feeChangeTable";

jest.setTimeout(180_000);
let server: TestServer;
let seen: Counted[];
beforeAll(async () => {
  ({ server, seen } = await countedServer());
});
afterAll(() => server.close());

test("C 700001 TH: every SKU under the summary; Refresh keeps the seller's column", async () => {
  const { excel, bridge } = paneOverServer(server, server.keyFor("demo"));
  const ask = {
    marketplace: "C" as const,
    shopId: 700001,
    region: "TH",
    date: "2025-07-30",
    productIds: C_PRODUCTS,
    sheetName: "Fee change C",
  };
  const from = seen.length;
  const built = await bridge.feeChangeSheet(ask);
  // Distinct bodies: a request the scheduler sent again after a timeout (a loaded machine) is one.
  const asked = distinct(seen.slice(from)).length;
  expect(built.requests.batches + built.requests.singles).toBe(asked);
  // Two product lists (C7, 100 ids a request) today and at the date, then the previews.
  expect(asked).toBeLessThanOrEqual(10);
  // The stamp: what, basis, who.
  const stamp = excel.sheets.get("Fee change C")?.notes.join("\n") ?? "";
  expect(stamp).toContain("Fee change on 2025-07-30 · C 700001 TH");
  expect(stamp).toContain("Basis: ");
  const grid = excel.table("Fee change C");
  expect(grid[0]?.[0]).toBe("Fee change on 2025-07-30 · C 700001 TH");
  const header = (grid[SUMMARY_ROWS] ?? []).map(String);
  expect(header.slice(0, 3)).toEqual(["Item id", "SKU id", "Name"]);
  const rows = grid.slice(SUMMARY_ROWS + 1).filter((r) => r[0] !== "" && r[0] != null);
  expect(rows).toHaveLength(built.rows);
  expect(new Set(rows.map((r) => String(r[0]))).size).toBe(C_PRODUCTS.length);
  const monthly = rows.map((r) => Number(r[header.indexOf("Change/month")]));
  expect(monthly).toEqual([...monthly].sort((a, b) => a - b));

  // The seller's column right of the table, on two SKUs; Refresh keeps each on its SKU.
  const mine = header.length + 1;
  const sheet = excel.sheets.get("Fee change C");
  expect(sheet).toBeDefined();
  sheet?.values.set(`${SUMMARY_ROWS + 1},${mine}`, "ask supplier");
  const again = seen.length;
  const refreshed = await bridge.refreshFeeChangeSheet("Fee change C");
  expect(distinct(seen.slice(again)).length).toBe(asked);
  expect(refreshed.rows).toBe(built.rows);
  const after = excel.table("Fee change C");
  expect(after[SUMMARY_ROWS + 1]?.[mine]).toBe("ask supplier");
  expect(after[SUMMARY_ROWS + 1]?.[1]).toBe(rows[0]?.[1]);
});
