/**
 * The counting of the team-workbook bench (bench/teamCount.ts): a plan read from the first
 * view that knows it, duplicate rows by id columns, seller cells found again on their product's
 * row wherever it moved, and the bounds. Pure functions, milliseconds.
 */
import {
  duplicateRows,
  minutesBound,
  plannedRequests,
  requestsBound,
  sellerCells,
  sellerCellsChanged,
  tableRows,
} from "../../bench/teamCount";
import type { JobView } from "../../src/sidebar/jobs/jobRecord";

const view = (spent: number, requests: number, planned: boolean): JobView =>
  ({ spent, left: { requests, planned, writes: 0, rows: 0, rowsWritten: 0 } }) as JobView;

const TABLE = [
  ["Item id", "Model id", "Name", "Target margin"],
  [1, 10, "a", 0.2],
  [1, 11, "b", 0.2],
  [2, "", "c", 0.2],
  [3, 30, "d", 0.2],
  ["", "", "Note below the table", ""],
  [1, 10, "not a row of the table", ""],
];

test("the plan is the first planned view's spent plus left; none: null", () => {
  expect(plannedRequests([view(0, 1, false), view(2, 19, true), view(5, 16, true)])).toBe(21);
  expect(plannedRequests([view(0, 1, false)])).toBeNull();
});

test("rows end at the first row with no id; a repeated id pair is a duplicate", () => {
  expect(tableRows(TABLE)).toHaveLength(4);
  expect(duplicateRows(TABLE)).toBe(0);
  const twice = [...TABLE.slice(0, 4), [1, 11, "b again", 0.2], ...TABLE.slice(4)];
  expect(duplicateRows(twice)).toBe(1);
});

test("seller cells go right of the table and are found on their product's row after a move", () => {
  const cells = sellerCells("P", TABLE, 2);
  expect(cells.map((c) => [c.row, c.planted.col, c.planted.key])).toEqual([
    [1, 5, "1/10"],
    [3, 5, "2/"],
  ]);
  const typed = TABLE.map((r) => [...r]);
  for (const c of cells) (typed[c.row] as unknown[])[c.planted.col] = c.planted.value;
  const planted = cells.map((c) => c.planted);
  expect(sellerCellsChanged(typed, planted)).toBe(0);
  // Rows re-sorted with their cells: still on their rows. A note left behind: changed.
  const moved = [typed[0], typed[4], typed[3], typed[2], typed[1]] as unknown[][];
  expect(sellerCellsChanged(moved, planted)).toBe(0);
  const left = moved.map((r) => [...r]);
  (left[2] as unknown[])[5] = "";
  (left[1] as unknown[])[5] = "note 2 on P";
  expect(sellerCellsChanged(left, planted)).toBe(1);
});

test("the issue's bounds", () => {
  expect(minutesBound(300)).toBeCloseTo(7.5);
  expect(minutesBound(301)).toBeCloseTo(8.6);
  expect(requestsBound(300)).toBeCloseTo(330);
});
