/**
 * Refresh that works in Sheets (issue 10, item 4), on the simulator: each scope makes exactly
 * its cells run again (Sheets re-runs nothing by itself), refreshed cells get fresh answers,
 * Clear cache recalculates every formula cell, and "pause live calls" answers from the cache.
 */
import { demoItems } from "./sim/demoItems";
import { OWNER, SheetsSim } from "./sim/sheetsSim";

jest.setTimeout(300_000);

let sim: SheetsSim;
const UNKNOWN_ITEM = 987654321;

const allNumbers = (a1: string): boolean =>
  sim
    .values(a1)
    .flat()
    .every((v) => typeof v === "number");

/** Runs of every cell since `before`. */
function ranAgain(before: Map<string, number>): string[] {
  return [...sim.runsByCell()]
    .filter(([cell, n]) => n > (before.get(cell) ?? 0))
    .map(([cell]) => cell)
    .sort();
}

async function refresh(scope: string, which: string): Promise<string[]> {
  const before = sim.runsByCell();
  await sim.call(OWNER, "refreshFromSidebar", [scope, which]);
  await sim.runUntilIdle();
  return ranAgain(before);
}

beforeEach(async () => {
  sim = await SheetsSim.start();
  sim.state.user(OWNER).properties.setProperty("mkt.listAnswers", "off");
  await sim.call(OWNER, "getSettings");
  const { shop, items } = demoItems(8);
  const f = (row: number, field: string) =>
    `=MKTA_BREAKDOWN(${shop.shopId}, "${shop.region}", A${row}, , "${field}")`;
  sim.doc.book.insertSheet("Sheet2");
  sim.edit(
    OWNER,
    "A2:A5",
    items.slice(0, 4).map((id) => [id]),
  );
  sim.edit(OWNER, "A6", [[UNKNOWN_ITEM]]);
  sim.fillDown(OWNER, "C2:C6", f(2, "netProfit"));
  sim.fillDown(OWNER, "E2:E3", f(2, "revenue"));
  sim.edit(
    OWNER,
    "Sheet2!A2:A4",
    items.slice(4, 7).map((id) => [id]),
  );
  sim.fillDown(OWNER, "Sheet2!C2:C4", f(2, "netProfit"));
  sim.select(OWNER, "Sheet1!C3:C4");
  await sim.runUntilIdle();
});

afterEach(async () => {
  await sim?.close();
});

const SHEET1 = [
  "Sheet1!C2",
  "Sheet1!C3",
  "Sheet1!C4",
  "Sheet1!C5",
  "Sheet1!C6",
  "Sheet1!E2",
  "Sheet1!E3",
];
const SHEET2 = ["Sheet2!C2", "Sheet2!C3", "Sheet2!C4"];

test("the cells start as numbers, and the unknown item as an error", () => {
  expect(allNumbers("C2:C5")).toBe(true);
  expect(sim.shown("C6")).toMatch(/^#ERROR! /);
  expect(allNumbers("Sheet2!C2:C4")).toBe(true);
});

test("selection, sheet, workbook: only the cells in scope run again, with fresh answers", async () => {
  const requests = sim.requests().length;
  expect(await refresh("selection", "all")).toEqual(["Sheet1!C3", "Sheet1!C4"]);
  // Fresh, not the cache they had: one request each (one request per product with lists off).
  expect(sim.requests().length - requests).toBe(2);
  expect(await refresh("sheet", "all")).toEqual(SHEET1);
  expect(await refresh("workbook", "all")).toEqual([...SHEET1, ...SHEET2].sort());
  expect(allNumbers("C2:C5")).toBe(true);
});

test("only cells showing an error run again", async () => {
  expect(await refresh("workbook", "errors")).toEqual(["Sheet1!C6"]);
});

test("only answers older than the cache time run again", async () => {
  await sim.run({ maxMs: 11 * 60_000 }); // past the 10-minute cache time
  sim.select(OWNER, "Sheet2!C2:C4");
  expect(await refresh("selection", "all")).toEqual(SHEET2); // fresh again
  expect(await refresh("workbook", "old")).toEqual(SHEET1);
});

test("Clear cache makes every formula cell recalculate, from the API", async () => {
  const before = sim.runsByCell();
  const requests = sim.requests().length;
  await sim.call(OWNER, "clearCache");
  await sim.runUntilIdle();
  expect(ranAgain(before)).toEqual([...SHEET1, ...SHEET2].sort());
  expect(sim.requests().length - requests).toBeGreaterThanOrEqual(7);
});

test("pause live calls: new cells answer from the cache or say calls are paused; resume fills them", async () => {
  const { shop, items } = demoItems(12);
  await sim.call(OWNER, "setLiveCallsFromSidebar", [true]);
  const requests = sim.requests().length;
  sim.edit(OWNER, "G2:G3", [[items[0]], [items[11]]]);
  sim.fillDown(
    OWNER,
    "H2:H3",
    `=MKTA_BREAKDOWN(${shop.shopId}, "${shop.region}", G2, , "netProfit")`,
  );
  await sim.runUntilIdle();
  expect(typeof sim.shown("H2")).toBe("number"); // cached by C2
  expect(sim.shown("H3")).toBe(
    "Live calls are paused: turn them on in Extensions > Marketplace Profit > Resume live calls",
  );
  expect(sim.requests().length).toBe(requests);
  const before = sim.runsByCell();
  await sim.call(OWNER, "setLiveCallsFromSidebar", [false]);
  await sim.runUntilIdle();
  expect(ranAgain(before)).toEqual(["Sheet1!H3"]);
  expect(typeof sim.shown("H3")).toBe("number");
});
