/**
 * An import whose commit was cut short (Sheets' execution limit inside the commit, a closed tab
 * between a save and the checkpoint) goes on from the checkpoint before the commit: the sheet
 * holds part of what that commit writes, with no record or import mark yet. It is written again
 * and ends equal to the uninterrupted import; it is not refused as "data that no import wrote"
 * (CI's Sheets kill test, seed 7777, limit@3). A cell the seller typed there meanwhile still stops
 * it. Real HTTP, memory workbook, ~3 s.
 */
import { steppedJob, type MemoryBook } from "../helpers/memoryPorts";
import { startTestServer, type TestServer } from "../helpers/server";
import type { ImportJobState } from "../../src/sidebar/jobs/importJob";
import type { ImportDefinition } from "../../src/imports/definitions";
import type { Cell } from "../../src/functions/cells";

jest.setTimeout(60_000);

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer({ hostileNames: false });
});
afterAll(() => api.close());

const DEF: ImportDefinition = {
  id: "top",
  kind: "productsByProfit",
  marketplace: "A",
  shopId: "100001",
  region: "SG",
  sheetName: "Top products",
  options: { limit: 40 },
};
const importer = () => steppedJob(api);

/** The sheet, stamps aside (the import time is the run's own). */
const sheetOf = (book: MemoryBook): Cell[][] =>
  (book.sheets.get(DEF.sheetName) ?? []).map((r) => {
    const row = r.map((c) => (typeof c === "string" && /^\d{4}-\d\d-\d\dT/.test(c) ? "<t>" : c));
    while (row.length > 0 && (row[row.length - 1] === "" || row[row.length - 1] === null))
      row.pop();
    return row;
  });

async function uninterrupted(): Promise<Cell[][]> {
  const b = importer();
  let view = await b.client.start("import", { def: DEF });
  for (let i = 0; !b.over(view) && i < 100; i++) view = await b.step(view);
  expect(view.phase).toBe("done");
  return sheetOf(b.book);
}

/**
 * An import cut inside its commit: the checkpoint from before it, the sheet with the header
 * and the first `kept` rows only, no record. `meddle` changes the sheet before it goes on.
 */
async function resumedAfterCutCommit(kept: number, meddle: (book: MemoryBook) => void) {
  const b = importer();
  let view = await b.client.start("import", { def: DEF });
  let before: { head: string; body: string } | null = null;
  for (let i = 0; !b.over(view) && i < 100; i++) {
    const body = b.jobs.read(view.id, "body");
    const stage = body ? (JSON.parse(body) as ImportJobState).stage : null;
    if (stage === "log" || stage === "clean") break;
    if (body && stage === "commit") before = b.checkpoint(view.id);
    view = await b.step(view);
  }
  expect(before).not.toBeNull();
  const written = b.book.sheets.get(DEF.sheetName) ?? [];
  expect(written.length).toBeGreaterThan(kept + 1);
  b.book.sheets.set(DEF.sheetName, written.slice(0, 1 + kept));
  b.book.records.delete(DEF.sheetName);
  meddle(b.book);
  const r = await b.resumeFrom(view.id, before ?? { head: "", body: "" });
  return { ...r, book: b.book };
}

test("a commit cut after its first rows: the import writes them again and ends equal, asking nothing", async () => {
  const want = await uninterrupted();
  const r = await resumedAfterCutCommit(7, () => undefined);
  expect(r.view.error ?? "").toBe("");
  expect(r.seen).not.toContain("asking");
  expect(r.view.phase).toBe("done");
  expect(sheetOf(r.book)).toEqual(want);
});

test("a commit cut after its header alone: the same", async () => {
  const want = await uninterrupted();
  const r = await resumedAfterCutCommit(0, () => undefined);
  expect(r.view.phase).toBe("done");
  expect(sheetOf(r.book)).toEqual(want);
});

test("a note the seller typed beside the cut rows meanwhile: the import does not write over it", async () => {
  const r = await resumedAfterCutCommit(7, (book) => {
    const row = (book.sheets.get(DEF.sheetName) ?? [])[3] ?? [];
    while (row.length < 30) row.push("");
    row[29] = "ask the supplier";
  });
  expect(r.view.phase).not.toBe("done");
  expect(r.book.sheets.get(DEF.sheetName)?.[3]?.[29]).toBe("ask the supplier");
});
