/**
 * "Remove gone rows" deletes rows bottom run first, neighbours in one call, so each run's row
 * numbers still hold when it is deleted (every host's deleteRows).
 */
import { rowRunsBottomUp } from "../../src/imports/goneRows";

test("rows become runs of neighbours, the bottom run first", () => {
  expect(rowRunsBottomUp([3, 4, 5, 9, 11, 12])).toEqual([
    [11, 2],
    [9, 1],
    [3, 3],
  ]);
  expect(rowRunsBottomUp([7, 2, 3, 7])).toEqual([
    [7, 1],
    [2, 2],
  ]);
  expect(rowRunsBottomUp([])).toEqual([]);
});

test("deleting the runs in that order removes exactly the planned rows", () => {
  const sheet = Array.from({ length: 15 }, (_, i) => `row ${i}`);
  const gone = [1, 2, 6, 7, 8, 12, 14];
  for (const [from, count] of rowRunsBottomUp(gone)) sheet.splice(from, count);
  expect(sheet).toEqual(
    Array.from({ length: 15 }, (_, i) => i)
      .filter((i) => !gone.includes(i))
      .map((i) => `row ${i}`),
  );
});
