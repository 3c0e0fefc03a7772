/**
 * Planning a managed table's refresh, host-free: figures updated by id, seller columns (right
 * of the table and inserted inside it) never written, new products appended, vanished ones
 * marked, hand-edited owned cells reported and kept unless the seller says overwrite.
 */
import type { Cell } from "../../src/functions/cells";
import type { GridBlock } from "../../src/imports/managedTable";
import { firstRecord, planRefresh, withStatus } from "../../src/imports/managedTable";
import type { ImportColumn } from "../../src/imports/table";

const COLUMNS: ImportColumn[] = [
  { header: "Rank", path: "rank", format: "integer" },
  { header: "Item id", path: "itemId", format: "integer" },
  { header: "Name", path: "name", format: "text" },
  { header: "Total profit", path: "totalProfit", format: "money" },
];

/** Apply blocks to a copy of the grid, as a host would, and say which cells were written. */
function apply(grid: Cell[][], blocks: readonly GridBlock[]): { grid: Cell[][]; hit: Set<string> } {
  const out = grid.map((r) => [...r]);
  const hit = new Set<string>();
  for (const b of blocks)
    b.values.forEach((line, i) =>
      line.forEach((v, j) => {
        const row = (out[b.row + i] ??= []);
        row[b.col + j] = v;
        hit.add(`${b.row + i},${b.col + j}`);
      }),
    );
  return { grid: out, hit };
}

const first: Cell[][] = [
  [1, 101, "Mug", 300],
  [2, 102, "Cup", 200],
  [3, 103, "Pot", 100],
];

/** The sheet after the first import, a note column to the right, a supplier column inside. */
function sheetWithSellerColumns(): Cell[][] {
  const header = [...withStatus(COLUMNS).map((c) => c.header)];
  const rows = first.map((r) => [...r, ""]);
  // Seller inserts "Supplier" between Name and Total profit, and notes right of Status.
  const insert = (r: Cell[], v: Cell, note: Cell): Cell[] => [
    ...r.slice(0, 3),
    v,
    ...r.slice(3),
    note,
  ];
  return [
    insert(header, "Supplier", "Notes"),
    ...rows.map((r, i) => insert(r, `S${i}`, `note for ${r[1]}`)),
  ];
}

test("a refresh in a new order updates figures by id and never writes the seller's columns", () => {
  const record = firstRecord(COLUMNS, first);
  const grid = sheetWithSellerColumns();
  // The API now ranks Pot first, Mug is gone, and Jug is new.
  const plan = planRefresh({
    grid,
    record,
    columns: COLUMNS,
    rows: [
      [1, 103, "Pot", 500],
      [2, 102, "Cup", 250],
      [3, 104, "Jug", 50],
    ],
    today: "2026-11-26",
  });
  const { grid: after, hit } = apply(grid, plan.blocks);
  expect([...hit].filter((k) => k.endsWith(",3") || k.endsWith(",6"))).toEqual([]);
  expect(after.slice(1, 4).map((r) => [r[1], r[3], r[4], r[5], r[6]])).toEqual([
    [101, "S0", 300, "Not in the API's answer on 2026-11-26", "note for 101"],
    [102, "S1", 250, "", "note for 102"],
    [103, "S2", 500, "", "note for 103"],
  ]);
  expect(after[4]?.slice(0, 6)).toEqual([3, 104, "Jug", undefined, 50, ""]);
  expect(plan).toMatchObject({ updatedRows: 2, appendedRows: 1, vanishedRows: 1, edited: [] });
});

test("a figure changed by hand is named, kept by default and overwritten only when asked", () => {
  const record = firstRecord(COLUMNS, first);
  const grid = sheetWithSellerColumns();
  (grid[2] as Cell[])[4] = 999; // Cup's total profit typed over
  const input = {
    grid,
    record,
    columns: COLUMNS,
    rows: first.map((r) => [...r.slice(0, 3), Number(r[3]) + 1]),
    today: "2026-11-26",
  };
  const asked = planRefresh(input);
  expect(asked.edited).toEqual([
    { cell: "E3", header: "Total profit", id: "102", yours: 999, api: 201 },
  ]);
  const keptPlan = planRefresh({ ...input, choice: "keep" });
  const kept = apply(grid, keptPlan.blocks);
  expect(kept.grid[2]?.[4]).toBe(999);
  expect(kept.hit.has("2,4")).toBe(false);
  expect(kept.grid[1]?.[4]).toBe(301);
  // The kept edit stays known at the next refresh.
  const again = planRefresh({ ...input, grid: kept.grid, record: keptPlan.record });
  expect(again.edited.map((e) => e.cell)).toEqual(["E3"]);
  const over = apply(grid, planRefresh({ ...input, choice: "overwrite" }).blocks);
  expect(over.grid[2]?.[4]).toBe(201);
});

test('"Keep my values" is remembered: the same value is kept without asking, a new one is asked about', () => {
  const record = firstRecord(COLUMNS, first);
  const grid = sheetWithSellerColumns();
  (grid[2] as Cell[])[4] = 999; // Cup's total profit typed over
  const input = {
    grid,
    record,
    columns: COLUMNS,
    rows: first.map((r) => [...r.slice(0, 3), Number(r[3]) + 1]),
    today: "2026-11-26",
  };
  // The seller answers "Keep my values".
  const keptPlan = planRefresh({ ...input, choice: "keep", answered: true });
  const kept = apply(grid, keptPlan.blocks);
  // The next refresh names the cell for the log, settled: no question is due for it.
  const again = planRefresh({ ...input, grid: kept.grid, record: keptPlan.record });
  expect(again.edited).toEqual([
    { cell: "E3", header: "Total profit", id: "102", yours: 999, api: 201, settled: true },
  ]);
  expect(apply(kept.grid, again.blocks).grid[2]?.[4]).toBe(999);
  // Settled, it stays so at the refresh after (and "Write the API's figures" for other cells
  // does not take it).
  const third = planRefresh({
    ...input,
    grid: kept.grid,
    record: again.record,
    choice: "overwrite",
  });
  expect(third.edited.map((e) => [e.cell, e.settled])).toEqual([["E3", true]]);
  expect(apply(kept.grid, third.blocks).grid[2]?.[4]).toBe(999);
  // A new value typed there is asked about again.
  const retyped = kept.grid.map((r) => [...r]);
  (retyped[2] as Cell[])[4] = 777;
  const asked = planRefresh({ ...input, grid: retyped, record: third.record });
  expect(asked.edited.map((e) => [e.cell, e.yours, e.settled])).toEqual([["E3", 777, undefined]]);
  // An unattended refresh's keep (nobody asked) settles nothing.
  const unattended = planRefresh({ ...input, choice: "keep" });
  const next = planRefresh({ ...input, grid: kept.grid, record: unattended.record });
  expect(next.edited.map((e) => e.settled)).toEqual([undefined]);
});

test("a sheet that lost its id column says what to do", () => {
  const grid = sheetWithSellerColumns();
  (grid[0] as Cell[])[1] = "SKU";
  expect(() =>
    planRefresh({
      grid,
      record: firstRecord(COLUMNS, first),
      columns: COLUMNS,
      rows: first,
      today: "2026-11-26",
    }),
  ).toThrow(/id column "Item id" is no longer in row 1/);
});
