/**
 * A pricing build whose sheet was written but whose checkpoint after the write was not kept
 * (the web demo's tab closed between its workbook's save and the next; a host's save landing
 * mid-step) goes on from the older checkpoint: it finds its own cells in the sheet, writes them
 * again and ends equal to the uninterrupted build, without asking the seller to replace the
 * sheet they asked it to build (CI's web kill test hung 180 s on that question). Cells of the
 * seller's in that sheet are still never written over. Real HTTP, memory workbook, ~3 s.
 */
import { steppedJob, type MemoryBook } from "../helpers/memoryPorts";
import { startTestServer, type TestServer } from "../helpers/server";
import type { BuildState } from "../../src/sidebar/jobs/pricingBuildJob";
import type { Cell } from "../../src/functions/cells";

jest.setTimeout(60_000);

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer({ hostileNames: false });
});
afterAll(() => api.close());

const ASK = { marketplace: "A", shopId: 100001, region: "SG", sheetName: "Pricing" };

/** A build on its own memory workbook, driven step by step. */
const build = () => steppedJob(api);

/** The sheet as the hosts show it: trailing blanks are no cells (the memory grid pads rows). */
const sheetOf = (book: MemoryBook): Cell[][] =>
  (book.sheets.get("Pricing") ?? []).map((r) => {
    const row = r.map((c) => (typeof c === "string" && /^Built |Refreshed /.test(c) ? "" : c));
    while (row.length > 0 && (row[row.length - 1] === "" || row[row.length - 1] === null))
      row.pop();
    return row;
  });

async function uninterrupted(): Promise<Cell[][]> {
  const b = build();
  let view = await b.client.start("pricingBuild", ASK);
  for (let i = 0; !b.over(view) && i < 100; i++) view = await b.step(view);
  expect(view.phase).toBe("done");
  return sheetOf(b.book);
}

/**
 * A build stopped as a closed tab leaves it: the sheet as its write left it, the checkpoint
 * from before the write. `meddle` changes the workbook before the build goes on.
 */
async function resumedAfterLostCheckpoint(meddle: (b: ReturnType<typeof build>) => void) {
  const b = build();
  let view = await b.client.start("pricingBuild", ASK);
  let before: { head: string; body: string } | null = null;
  for (let i = 0; !b.over(view) && i < 100; i++) {
    const body = b.jobs.read(view.id, "body");
    const stage = body ? (JSON.parse(body) as BuildState).stage : null;
    if (stage === "targets") break;
    if (body && (stage === "early" || stage === "check")) before = b.checkpoint(view.id);
    view = await b.step(view);
  }
  // The write stage ran in that step: the sheet holds the table, the checkpoint may not.
  expect(sheetOf(b.book).length).toBeGreaterThan(1);
  expect(before).not.toBeNull();
  meddle(b);
  const r = await b.resumeFrom(view.id, before ?? { head: "", body: "" });
  return { ...r, book: b.book };
}

test("the checkpoint before the write lost: the build finds its own sheet and ends equal, asking nothing", async () => {
  const want = await uninterrupted();
  const r = await resumedAfterLostCheckpoint(() => undefined);
  expect(r.seen).not.toContain("asking");
  expect(r.view.phase).toBe("done");
  expect(sheetOf(r.book)).toEqual(want);
});

test("the same with the table's record not yet written: its cells alone are known as the build's", async () => {
  const want = await uninterrupted();
  const r = await resumedAfterLostCheckpoint((b) => b.book.records.delete("Pricing"));
  expect(r.seen).not.toContain("asking");
  expect(r.view.phase).toBe("done");
  expect(sheetOf(r.book)).toEqual(want);
});

test("a note the seller typed in that sheet meanwhile: the build does not write over it", async () => {
  const r = await resumedAfterLostCheckpoint((b) => {
    const grid = b.book.sheets.get("Pricing") ?? [];
    const row = (grid[2] ??= []);
    while (row.length < 30) row.push("");
    row[29] = "ask the supplier";
  });
  expect(r.view.phase === "asking" || r.view.phase === "failed").toBe(true);
  expect(b2note(r.book)).toBe("ask the supplier");
});

const b2note = (book: MemoryBook): Cell | undefined => book.sheets.get("Pricing")?.[2]?.[29];
