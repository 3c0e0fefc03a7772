/** Re-sort planning and formulas moved with their rows (imports/resort.ts). */
import { firstRecord } from "../../src/imports/managedTable";
import { movedFormula, planResort } from "../../src/imports/resort";
import type { ImportColumn } from "../../src/imports/table";

const COLUMNS: ImportColumn[] = [
  { header: "Item id", path: "itemId", format: "text" },
  { header: "Total profit", path: "totalProfit", format: "money" },
];

test("rows by profit, highest first; rows without a figure keep their order below", () => {
  const record = firstRecord(COLUMNS, [
    ["1", 5],
    ["2", 9],
    ["3", 7],
  ]);
  const grid = [
    ["Item id", "Total profit", "Status", "Notes"],
    ["1", 5, "", "a"],
    ["my subtotal", "", "", ""],
    ["2", 9, "", "b"],
    ["3", 7, "", ""],
    ["", "", "", ""],
  ];
  const plan = planResort(grid, record);
  expect(plan).toMatchObject({ top: 1, order: [2, 3, 0, 1], width: 4, header: "Total profit" });
  expect(plan.moved).toBe(4);
  expect(planResort([grid[0] ?? [], ["2", 9], ["1", 5]], record).moved).toBe(0);
});

test("a table without its profit header is refused with what to do", () => {
  const record = firstRecord(COLUMNS, [["1", 5]]);
  expect(() => planResort([["Item id", "Profit!"]], record)).toThrow(
    'The column "Total profit" is no longer in row 1: put its header back to re-sort',
  );
});

test("relative row references move as a copy moves them; fixed ones and quoted text stay", () => {
  expect(movedFormula("=F9*2+$F$9+F$9+Sheet2!B9", -7)).toBe("=F2*2+$F$9+F$9+Sheet2!B2");
  expect(movedFormula('=IF(A3>0,"A3 ok",SUM(B3:C3))', 2)).toBe('=IF(A5>0,"A3 ok",SUM(B5:C5))');
  expect(movedFormula("=MKT.PROFIT(A3, LOG10(2))", 1)).toBe("=MKT.PROFIT(A4, LOG10(2))");
  expect(movedFormula("plain text A1", 3)).toBe("plain text A1");
});
