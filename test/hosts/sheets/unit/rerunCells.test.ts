/**
 * rerunCells reads a block's A1 and R1C1 formulas in two calls; another execution (a clock
 * trigger re-running the same cells) may clear a cell between them. Such a cell is left alone:
 * writing its empty R1C1 text back would store an empty formula.
 */
import { rerunCells, type WritableSheet } from "../../../../src/hosts/sheets/fill/rerunCells";

const F = '=MKTA_BREAKDOWN(1, "SG", A2, , "netProfit")';
const R1C1 = '=MKTA_BREAKDOWN(1, "SG", R[0]C[-2], , "netProfit")';

function sheetWith(a1: string[], r1c1: string[]) {
  const written: Array<[string[], string]> = [];
  const cleared: string[][] = [];
  const sheet: WritableSheet = {
    getRange: () => ({
      getFormulas: () => a1.map((f) => [f]),
      getFormulasR1C1: () => r1c1.map((f) => [f]),
    }),
    getRangeList: (a1s) => ({
      clearContent: () => cleared.push(a1s),
      setFormulaR1C1: (f: string) => written.push([a1s, f]),
    }),
  };
  return { sheet, written, cleared };
}

test("a cell cleared between the two reads is not written back", () => {
  const { sheet, written, cleared } = sheetWith([F, F], [R1C1, ""]);
  const cells = [
    { row: 2, col: 3, formula: F },
    { row: 3, col: 3, formula: F },
  ];
  const out = rerunCells(sheet, cells, () => undefined);
  expect(out).toEqual({ rerun: 1, changedBySeller: 1 });
  expect(cleared).toEqual([["C2"]]);
  expect(written).toEqual([[["C2"], R1C1]]);
});

test("cells that still hold their formula are cleared and written back as one group", () => {
  const { sheet, written } = sheetWith([F, F], [R1C1, R1C1]);
  const cells = [
    { row: 2, col: 3, formula: F },
    { row: 3, col: 3, formula: F },
  ];
  expect(rerunCells(sheet, cells, () => undefined).rerun).toBe(2);
  expect(written).toEqual([[["C2", "C3"], R1C1]]);
});
