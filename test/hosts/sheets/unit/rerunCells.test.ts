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
      // Sheets runs the cells again: they show Loading... after the set.
      getDisplayValues: () => a1.map(() => ["Loading..."]),
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

/**
 * Google does not document that clear + flush + set runs a cell again. Where Sheets keeps the
 * cleared cell's result (the simulator's `rerunOnClearFlushSet: false`), the cells show their
 * old text after the set: rerunCells then detours through a formula text with one more space
 * and writes the seller's exact text back once that run is over.
 */
test("Sheets kept the old results: the detour text runs, then the seller's text comes back", async () => {
  // A fresh module: the method an execution found is kept per execution (module state).
  await jest.isolateModulesAsync(async () => {
    const fresh = await import("../../../../src/hosts/sheets/fill/rerunCells");
    const typed = ['=MKTA_BREAKDOWN(1, "SG", A2, , "netProfit")'];
    let formula = R1C1;
    let shown = "Waiting for quota";
    const log: string[] = [];
    const sheet: WritableSheet = {
      getRange: () => ({
        getFormulas: () => [typed],
        getFormulasR1C1: () => [[formula]],
        getDisplayValues: () => [[shown]],
      }),
      getRangeList: () => ({
        clearContent: () => log.push("clear"),
        setFormulaR1C1: (f: string) => {
          log.push(f);
          // Only a new formula text runs: the detour text shows Loading..., then its number.
          shown = f === formula ? shown : "Loading...";
          formula = f;
        },
      }),
    };
    let t = 0;
    const out = fresh.rerunCells(
      sheet,
      [{ row: 2, col: 3, formula: F }],
      () => undefined,
      (ms) => {
        t += ms;
        if (t >= 1000) shown = "12.5";
      },
      () => t,
    );
    expect(out.rerun).toBe(1);
    const detour = '=MKTA_BREAKDOWN(1, "SG", R[0]C[-2], , "netProfit" )';
    expect(log).toEqual(["clear", R1C1, detour, R1C1]);
    expect(formula).toBe(R1C1);
    // The next cells of this execution go straight to the detour (no clear).
    log.length = 0;
    shown = "Waiting for quota";
    fresh.rerunCells(
      sheet,
      [{ row: 2, col: 3, formula: F }],
      () => undefined,
      () => undefined,
      () => (t += 1000),
    );
    expect(log).toEqual([detour, R1C1]);
  });
});
