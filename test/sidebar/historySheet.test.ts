/**
 * Snapshots go to "Price history": Excel refuses a sheet named History (its change tracking
 * keeps the name), so "Keep a snapshot" could not work there. A Sheets or web workbook that
 * already keeps its snapshots in a History sheet of ours goes on using it; a History sheet of
 * the seller's own is left alone. Real HTTP, memory workbook, ~10 s.
 */
import { memoryPorts, runMemoryJob } from "../helpers/memoryPorts";
import { startTestServer, type TestServer } from "../helpers/server";
import type { SnapshotResult } from "../../src/sidebar/history";

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer({ hostileNames: false });
});
afterAll(() => api.close());

// A pricing sheet is a table the add-in keeps by product (memory ports stage no imports).
const ASK = { marketplace: "B", shopId: 500001, region: "MY", sheetName: "Pricing" };

async function snapshotOf(history: unknown[][] | null) {
  const { ports, book } = memoryPorts(api);
  if (history) book.sheets.set("History", history as never);
  await runMemoryJob(ports, "pricingBuild", ASK);
  const done = (await runMemoryJob(ports, "snapshot", { sheetName: "Pricing" })) as SnapshotResult;
  return { done, book };
}

test("a new workbook keeps its snapshots in Price history", async () => {
  const { done, book } = await snapshotOf(null);
  expect(done.history).toBe("Price history");
  expect(book.sheets.get("Price history")?.[0]?.slice(0, 4)).toEqual([
    "Date",
    "Table",
    "Product id",
    "Product",
  ]);
  expect(book.sheets.has("History")).toBe(false);
});

test("an older workbook's History of ours goes on; a seller's own History is left alone", async () => {
  const ours = [["Date", "Table", "Product id", "Product", "Net profit (per unit)"]];
  const older = await snapshotOf(ours);
  expect(older.done.history).toBe("History");
  expect((older.book.sheets.get("History") ?? []).length).toBeGreaterThan(1);
  expect(older.book.sheets.has("Price history")).toBe(false);

  const theirs = [
    ["Week", "What we changed"],
    ["48", "raised the mug's price"],
  ];
  const seller = await snapshotOf(theirs);
  expect(seller.done.history).toBe("Price history");
  expect(seller.book.sheets.get("History")).toEqual(theirs);
});
