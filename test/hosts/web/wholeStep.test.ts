/**
 * The web demo keeps its workbook a moment after each change (keepWorkbookSaved). A job's step
 * writes cells and then its checkpoint; a save between the two kept cells the kept checkpoint
 * did not know of, and a tab closed then left the next page a build asking to replace its own
 * sheet (CI's web kill test, seed 42563, hung 180 s on that question). A step's saves now wait
 * for its end; a change outside a step is kept as before, and a page that goes still saves.
 * The engine is a stand-in (its snapshot and its command event), the timers are real and short.
 */
import type { FUniver } from "@univerjs/presets";
import { keepWorkbookSaved } from "../../../src/hosts/web/univer/savedWorkbook";
import { newSaveState } from "../../../src/hosts/web/workbookStorage";

// Univer's ES modules do not load under Jest: its command-kind enum is all the saver reads.
jest.mock("@univerjs/presets", () => ({ CommandType: { COMMAND: 0, OPERATION: 1, MUTATION: 2 } }));
const MUTATION = 2;

const DELAY = 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A page's document and window, enough for the saver's listeners (pagehide, hidden). */
const listeners = new Map<string, () => void>();
beforeAll(() => {
  const on = (type: string, f: () => void) => void listeners.set(type, f);
  Object.assign(globalThis, {
    document: { addEventListener: on, visibilityState: "visible" },
    window: { addEventListener: on },
  });
});

/** A workbook of cells and metadata, its mutations heard as the engine raises them. */
function engine() {
  const book = { cells: [] as string[], checkpoint: "" };
  let heard: (e: { type: number }) => void = () => undefined;
  const api = {
    Event: { CommandExecuted: "CommandExecuted" },
    addEvent: (_: unknown, f: typeof heard) => void (heard = f),
    getActiveWorkbook: () => ({ save: () => structuredClone(book) }),
  } as unknown as FUniver;
  const write = (cell: string) => {
    book.cells.push(cell);
    heard({ type: MUTATION });
  };
  return { api, book, write };
}

function saver() {
  const e = engine();
  const kept: { cells: string[]; checkpoint: string }[] = [];
  const store = {
    read: async () => null,
    write: async (t: string) => void kept.push(JSON.parse(t)),
  };
  const save = keepWorkbookSaved(e.api, store, newSaveState(), () => undefined, null, null, DELAY);
  return { ...e, kept, save };
}

test("a step's cells and its checkpoint are kept together: no save lands between them", async () => {
  const s = saver();
  await s.save.whole(async () => {
    s.write("Pricing!A1:Q7");
    await sleep(DELAY * 4); // the step's next page of rows, its formulas, its record
    s.book.checkpoint = "stage: targets";
    s.save.soon(); // the checkpoint is metadata: its writer says so
  });
  await until(() => s.kept.length > 0);
  for (const k of s.kept)
    expect(k.cells.length > 0 ? k.checkpoint : "").toBe(k.cells.length > 0 ? "stage: targets" : "");
  expect(s.kept.at(-1)).toEqual({ cells: ["Pricing!A1:Q7"], checkpoint: "stage: targets" });
});

test("outside a step a change is kept a moment later, as before", async () => {
  const s = saver();
  s.write("B2");
  await until(() => s.kept.length > 0);
  expect(s.kept).toEqual([{ cells: ["B2"], checkpoint: "" }]);
});

test("a page that goes in the middle of a step still keeps what it has (the seller's typing)", async () => {
  const s = saver();
  let end: () => void = () => undefined;
  const step = s.save.whole(() => new Promise<void>((r) => (end = r)));
  s.write("C3");
  await sleep(DELAY * 3);
  expect(s.kept).toEqual([]); // held for the step's end
  listeners.get("pagehide")?.();
  await until(() => s.kept.length > 0);
  expect(s.kept).toEqual([{ cells: ["C3"], checkpoint: "" }]);
  end();
  await step;
});

test("steps of two jobs back to back: a save waits for a step, not for ever (30 s at most)", async () => {
  jest.useFakeTimers();
  try {
    const s = saver();
    let endA: () => void = () => undefined;
    const a = s.save.whole(() => new Promise<void>((r) => (endA = r)));
    for (let t = 0; t < 40; t++) {
      s.write(`row ${t}`); // the other job's step begins before this one ends, and so on
      await jest.advanceTimersByTimeAsync(1_000);
    }
    expect(s.kept.length).toBeGreaterThan(0);
    endA();
    await a;
  } finally {
    jest.useRealTimers();
  }
});

test("a workbook that takes long to save is saved at most every four times that long", async () => {
  // The page's clock says each save held it 40 ms (a 10,000-product snapshot, scaled down): a
  // measured time, not this machine's, so the test does not depend on its load.
  let t = 0;
  const clock = jest.spyOn(performance, "now").mockImplementation(() => (t += 40));
  try {
    const s = saver();
    s.write("A1");
    await until(() => s.kept.length === 1);
    s.write("A2"); // a change right after: not saved within 4 x 40 ms
    await sleep(DELAY * 3);
    expect(s.kept.length).toBe(1);
    await until(() => s.kept.length === 2);
    expect(s.kept[1]?.cells).toEqual(["A1", "A2"]);
  } finally {
    clock.mockRestore();
  }
});

/** Wait for `done` (a timer fires late on a loaded machine, never early). */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await sleep(10);
  expect(done()).toBe(true);
}
