/**
 * Self-tests of the Sheets simulator (test/hosts/sheets/sim) with a probe project: each test
 * pins one host rule the add-on's tests rely on, so the simulator cannot quietly become kinder
 * than Sheets.
 */
import { formulaR1C1, parseFormula, shiftFormula } from "./sim/formula";
import { probeBundle } from "./sim/probeBundle";
import { OWNER, SheetsSim } from "./sim/sheetsSim";

jest.setTimeout(120_000);

const EDITOR = "editor@example.com";
let dir = "";
let sim: SheetsSim;

beforeAll(() => {
  dir = probeBundle();
});

beforeEach(async () => {
  sim = await SheetsSim.start({ bundleDir: dir });
});

afterEach(async () => {
  await sim.close();
});

/** Executions of one function so far. */
const runsOf = (fn: string): number => sim.coordinator.executions.filter((e) => e.fn === fn).length;

describe("formulas as a seller fills them", () => {
  test("fill-down moves relative references, keeps $ and the seller's spacing", () => {
    const f = '=MKTA_BREAKDOWN(100001, "SG", A2, , "netProfit")';
    expect(shiftFormula(f, 3, 0)).toBe('=MKTA_BREAKDOWN(100001, "SG", A5, , "netProfit")');
    expect(shiftFormula("=F($A$2, B$1, Sheet2!C3:D4)", 2, 1)).toBe("=F($A$2, C$1, Sheet2!D5:E6)");
    expect(formulaR1C1(f, 2, 3)).toBe('=MKTA_BREAKDOWN(100001, "SG", R[0]C[-2], , "netProfit")');
    expect(formulaR1C1("=F($A$2)", 5, 5)).toBe("=F(R2C1)");
  });

  test("arguments: literals, omitted, references; anything else is refused loudly", () => {
    expect(parseFormula('=F(1, , "a""b", TRUE, -2.5, A1:B2)')).toEqual({
      kind: "call",
      name: "F",
      args: [
        { kind: "value", value: 1 },
        { kind: "omitted" },
        { kind: "value", value: 'a"b' },
        { kind: "value", value: true },
        { kind: "value", value: -2.5 },
        {
          kind: "ref",
          ref: {
            from: { row: 1, col: 1, rowAbs: false, colAbs: false },
            to: { row: 2, col: 2, rowAbs: false, colAbs: false },
          },
        },
      ],
    });
    expect(() => parseFormula("=F(NOW())")).toThrow(/nested calls/);
    expect(() => parseFormula("=A1+1")).toThrow(/unsupported/);
  });
});

describe("executions", () => {
  test("each cell is its own execution in a fresh global scope", async () => {
    sim.fillDown(OWNER, "A1:A5", "=GLOBALS()");
    await sim.runUntilIdle();
    expect(sim.values("A1:A5")).toEqual([[1], [1], [1], [1], [1]]);
    expect(runsOf("GLOBALS")).toBe(5);
  });

  test("arguments arrive as Sheets passes them: values, omitted as undefined, ranges as 2-D arrays", async () => {
    sim.edit(OWNER, "B1:B2", [[5], ["x"]]);
    sim.edit(OWNER, "A1:A2", [["=ECHO(1, , B1)"], ['=ECHO("t", B1:B3, TRUE)']]);
    await sim.runUntilIdle();
    expect(sim.values("A1:A2")).toEqual([["1|undefined|5"], ['"t"|[[5],["x"],[""]]|true']]);
  });

  test("Date.now() and new Date() read the simulated clock", async () => {
    sim.edit(OWNER, "A1", [["=CLOCK()"]]);
    await sim.runUntilIdle();
    const [shown] = sim.values("A1")[0] ?? [];
    expect(typeof shown).toBe("number");
    expect(shown).toBeLessThanOrEqual(sim.now());
    expect(shown).toBeGreaterThan(sim.now() - 5_000);
  });

  test("a custom function is stopped at 30 s with Sheets' error; a sidebar call at 6 min", async () => {
    sim.edit(OWNER, "A1:A2", [["=SLEEP(20000)"], ["=SLEEP(40000)"]]);
    const start = sim.now();
    await sim.runUntilIdle();
    expect(sim.shown("A1")).toBe(20000);
    expect(sim.shown("A2")).toBe("#ERROR! Exceeded maximum execution time");
    const killed = sim.history("A2").at(-1);
    expect((killed?.at ?? 0) - start).toBeGreaterThanOrEqual(30_000);
    expect((killed?.at ?? 0) - start).toBeLessThan(31_000);
    await expect(sim.call(OWNER, "spin", [7 * 60_000])).rejects.toThrow(
      "Exceeded maximum execution time",
    );
    await expect(sim.call(OWNER, "spin", [60_000])).resolves.toBe("done");
  });

  test("about 30 executions run at once; the rest wait for a slot", async () => {
    sim.fillDown(OWNER, "A1:A60", "=SLEEP(10000)");
    await sim.runUntilIdle();
    const runs = sim.coordinator.executions.filter((e) => e.fn === "SLEEP");
    expect(runs).toHaveLength(60);
    const overlap = Math.max(
      ...runs.map((r) => runs.filter((o) => o.start <= r.start && o.end > r.start).length),
    );
    expect(overlap).toBe(30);
  });

  test("executions really overlap: a lock serialises them, and without it updates are lost", async () => {
    sim.fillDown(OWNER, "A1:A10", "=COUNT_LOCKED()");
    sim.fillDown(OWNER, "B1:B10", "=COUNT_RACY()");
    await sim.runUntilIdle();
    expect(
      sim
        .values("A1:A10")
        .flat()
        .sort((a, b) => Number(a) - Number(b)),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(sim.values("B1:B10").flat())).toEqual(new Set([1]));
  });
});

describe("what a custom function may touch", () => {
  test.each([
    ["setValue", "You do not have permission to call Range.setValues"],
    ["flush", "You do not have permission to call SpreadsheetApp.flush"],
    ["getUi", "Cannot call SpreadsheetApp.getUi() from this context."],
    ["trigger", "You do not have permission to call ScriptApp.createTrigger"],
    ["setProperty", "You do not have permission to call Properties.setProperty"],
    ["insertSheet", "You do not have permission to call Spreadsheet.insertSheet"],
  ])("%s throws", async (op, message) => {
    sim.edit(OWNER, "A1", [[`=TRY("${op}")`]]);
    await sim.runUntilIdle();
    expect(sim.shown("A1")).toBe(`#ERROR! ${message}`);
  });

  test("it may read: the calling cell, its sheet, R1C1 formulas of a column", async () => {
    sim.fillDown(OWNER, "C2:C4", "=ECHO(A2)");
    sim.edit(OWNER, "E7", [["=WHERE()"]]);
    sim.edit(OWNER, "F1", [["=COLUMN_R1C1()"]]);
    await sim.runUntilIdle();
    expect(sim.shown("E7")).toBe("E7@Sheet1");
    expect(sim.shown("F1")).toBe("=ECHO(R[0]C[-2]);=ECHO(R[0]C[-2]);=ECHO(R[0]C[-2])");
  });

  test("its user properties are the spreadsheet owner's, whoever edits", async () => {
    sim.share(EDITOR);
    await sim.call(OWNER, "setProbe", ["owner's"]);
    await sim.call(EDITOR, "setProbe", ["editor's"]);
    sim.edit(EDITOR, "A1", [["=OWNER_KEY()"]]);
    await sim.runUntilIdle();
    expect(sim.shown("A1")).toBe("owner's");
  });
});

describe("recalculation", () => {
  test("a cell re-runs only when its formula or an argument value changes", async () => {
    sim.edit(OWNER, "B1", [[1]]);
    sim.edit(OWNER, "A1", [["=ECHO(B1)"]]);
    sim.edit(OWNER, "A2", [['=PEEK("C1")']]);
    await sim.runUntilIdle();
    expect([runsOf("ECHO"), runsOf("PEEK")]).toEqual([1, 1]);
    sim.edit(OWNER, "C1", [["read, not an argument"]]); // getValue() made no dependency
    sim.edit(OWNER, "B1", [[1]]); // same value
    sim.edit(OWNER, "D1", [["elsewhere"]]);
    await sim.runUntilIdle();
    expect([runsOf("ECHO"), runsOf("PEEK")]).toEqual([1, 1]);
    expect(sim.shown("A2")).toBe("");
    sim.edit(OWNER, "B1", [[2]]);
    await sim.runUntilIdle();
    expect(runsOf("ECHO")).toBe(2);
    expect(sim.shown("A1")).toBe("2|undefined|undefined");
  });

  test("an error stays: waiting, a cache change or an hour re-run nothing", async () => {
    sim.edit(OWNER, "A1", [['=CACHED("k")']]);
    sim.edit(OWNER, "A2", [["=SLEEP(40000)"]]);
    await sim.runUntilIdle();
    await sim.call(OWNER, "putDoc", ["k", "filled"]);
    await sim.run({ maxMs: 3_600_000 });
    expect(sim.shown("A1")).toBe("miss");
    expect(sim.shown("A2")).toBe("#ERROR! Exceeded maximum execution time");
    expect(runsOf("CACHED")).toBe(1);
  });

  test("the same formula again changes nothing; clear, flush, set back runs the cell again", async () => {
    sim.edit(OWNER, "A1", [['=CACHED("k")']]);
    await sim.runUntilIdle();
    await sim.call(OWNER, "putDoc", ["k", "filled"]);
    sim.edit(OWNER, "A1", [['=CACHED("k")']]); // the seller types it again
    await sim.call(OWNER, "refreshCell", ["A1", false]); // clear + set back, no flush between
    await sim.runUntilIdle();
    expect(sim.shown("A1")).toBe("miss");
    expect(runsOf("CACHED")).toBe(1);
    await sim.call(OWNER, "refreshCell", ["A1", true]);
    await sim.runUntilIdle();
    expect(sim.shown("A1")).toBe("filled");
    expect(runsOf("CACHED")).toBe(2);
    expect(sim.history("A1").map((h) => h.shown)).toEqual([
      "Loading...",
      "miss",
      "Loading...",
      "filled",
    ]);
  });

  test("a spilled array fills cells below/right; a cell in the way makes #REF!", async () => {
    sim.edit(OWNER, "A1", [["=SPILL()"]]);
    await sim.runUntilIdle();
    expect(sim.values("A1:B2")).toEqual([
      [1, 2],
      [3, 4],
    ]);
    sim.edit(OWNER, "B2", [["x"]]);
    expect(sim.values("A1")).toEqual([["#REF!"]]);
    expect(sim.shown("A1")).toMatch(/^#REF! Array result was not expanded .* B2/);
  });
});

describe("triggers", () => {
  test("an installable edit trigger runs as its creator on a user's edit, not on a script's", async () => {
    sim.share(EDITOR);
    await sim.call(OWNER, "installEdit");
    sim.edit(EDITOR, "B5", [[7]]);
    await sim.runUntilIdle();
    expect(await sim.call(OWNER, "readCache", ["edited"])).toBe("B5 by editor@example.com");
    await sim.call(OWNER, "writeValue", ["C9", 1]);
    await sim.runUntilIdle();
    expect(await sim.call(OWNER, "readCache", ["edited"])).toBe("B5 by editor@example.com");
    await expect(sim.call(OWNER, "installEdit")).rejects.toThrow(/too many edit triggers/);
  });

  test("an add-on's one-off clock trigger fires no sooner than an hour, with no document open", async () => {
    const start = sim.now();
    await sim.call(OWNER, "installAfter", [1000]);
    await sim.run({ maxMs: 59 * 60_000 });
    expect(await sim.call(OWNER, "readCache", ["clock"])).toBeNull();
    await sim.run({ maxMs: 2 * 60_000 });
    const fired = String(await sim.call(OWNER, "readCache", ["clock"]));
    expect(fired).toMatch(/ no doc$/);
    expect(Number(fired.split(" ")[0]) - start).toBeGreaterThanOrEqual(3_600_000);
  });

  test("an open sidebar calls its server function again and again", async () => {
    const loop = sim.openSidebar(OWNER, "readCache", 5000, ["x"]);
    await sim.run({ maxMs: 60_000 });
    loop.close();
    expect(loop.calls).toBeGreaterThanOrEqual(10);
    expect(loop.calls).toBeLessThanOrEqual(12);
  });
});
