/**
 * The pricing sheet's cost-source column is headed "COGS from" (new user: its old header
 * "COGS" made bulk calculation map words such as "The API's (entered)" to the cogs argument).
 * A sheet made before, headed "COGS" in its cells and its record, keeps refreshing: Refresh
 * finds its columns by their headers and never reads that one. Real HTTP, memory workbook,
 * a 3-product sheet (about 2 s).
 */
import { memoryPorts, newPricingSheet, runMemoryJob } from "../helpers/memoryPorts";
import { startTestServer, type TestServer } from "../helpers/server";
import { sheetFingerprint } from "../../src/imports/pricingLeftover";
import { matchHeaders } from "../../src/imports/bulkColumns";
import { functionByName } from "../../src/functions";
import type { Cell } from "../../src/functions/cells";

jest.setTimeout(60_000);

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer({ hostileNames: false });
});
afterAll(() => api.close());

test("new sheets say 'COGS from'; one headed 'COGS' (made before) refreshes a typed target", async () => {
  const { ports, book } = memoryPorts(api);
  await newPricingSheet(ports, { shopId: 100001, region: "SG", sheetName: "Pricing", products: 3 });
  const grid = book.sheets.get("Pricing") as Cell[][];
  const header = (grid[0] ?? []).map(String);
  expect(header).toContain("COGS from");
  expect(header).not.toContain("COGS");
  // Bulk calculation over the sheet maps no cost from the words in it.
  const fn = functionByName("REQUIRED_PRICE");
  const cogsAt = fn?.params.findIndex((p) => p.name === "cogs") ?? -1;
  expect(matchHeaders(fn?.params ?? [], grid[0] ?? [], [], grid.slice(1))[cogsAt]).toBe("");

  // As a workbook made before: header "COGS" in the cells, the record and its fingerprint.
  const at = header.indexOf("COGS from");
  (grid[0] as Cell[])[at] = "COGS";
  const record = JSON.parse(book.records.get("Pricing") ?? "{}") as {
    columns: { header: string }[];
    pricing: { written?: string };
  };
  record.columns = record.columns.map((c) =>
    c.header === "COGS from" ? { ...c, header: "COGS" } : c,
  );
  record.pricing.written = sheetFingerprint(grid);
  book.records.set("Pricing", JSON.stringify(record));

  const target = header.indexOf("Target margin");
  const answer = header.indexOf("Price for target");
  const row = grid.findIndex((r, i) => i > 0 && typeof r[answer] === "number");
  expect(row).toBeGreaterThan(0);
  const before = grid[row]?.[answer];
  (grid[row] as Cell[])[target] = 0.35;
  const out = (await runMemoryJob(ports, "pricingRefresh", { sheetName: "Pricing" })) as {
    asked: number;
  };
  expect(out.asked).toBe(1);
  const after = book.sheets.get("Pricing")?.[row]?.[answer];
  expect(typeof after).toBe("number");
  expect(after).not.toBe(before);
  expect(book.sheets.get("Pricing")?.[0]?.[at]).toBe("COGS");
});
