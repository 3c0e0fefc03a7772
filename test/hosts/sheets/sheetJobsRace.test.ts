/**
 * Two runners of one job in Sheets (issue 32): a clock run ends the job, and with it the hidden
 * "~mkt jobs" sheet, while the sidebar's step is reading it. Apps Script throws on a deleted
 * sheet's ranges (the strict simulator and the plain fake do too: FAKES.md S-U30); the sidebar's
 * step then reads the job as gone, and leaves no row of it behind.
 */
import { FakeSpreadsheet } from "./fakes";
import { JOBS_SHEET, sheetJobs } from "../../../src/hosts/sheets/sheet/sheetJobs";
import { runOpSync } from "../../../src/sidebar/op";
import { jobOps } from "../../../src/sidebar/jobs/jobRunner";
import type { SidebarPorts } from "../../../src/sidebar/ports";

/** A book whose jobs sheet another execution deletes right after this one looked it up. */
function racing() {
  const book = new FakeSpreadsheet();
  const jobs = sheetJobs(
    () => book,
    () => null,
  );
  jobs.write("j1", "body", "{}");
  jobs.write("j1", "head", '{"id":"j1"}');
  const byName = book.getSheetByName.bind(book);
  let armed = false;
  book.getSheetByName = (name: string) => {
    const found = byName(name);
    if (armed && found && name === JOBS_SHEET) {
      armed = false;
      book.deleteSheet(found);
    }
    return found;
  };
  return { book, jobs, race: () => void (armed = true) };
}

test("a part read while another run deletes the jobs sheet is no job, not an error", () => {
  const { jobs, race } = racing();
  for (const part of ["head", "lease", "body"] as const) {
    const again = racing();
    again.race();
    expect(again.jobs.read("j1", part)).toBeNull();
  }
  race();
  expect(jobs.ids()).toEqual([]);
});

test("a lease or cancel mark for a job another run ended writes no row", () => {
  const { book, jobs } = racing();
  jobs.remove("j1");
  expect(book.getSheetByName(JOBS_SHEET)?.getLastRow()).toBe(0);
  jobs.write("j1", "lease", "sidebar-1 123");
  jobs.write("j1", "cancel", "1");
  expect(book.getSheetByName(JOBS_SHEET)?.getLastRow()).toBe(0);
  expect(jobs.ids()).toEqual([]);
  // Removing it again (the other runner's end) is nothing to do.
  jobs.remove("j1");
});

test("the sidebar's step of a job a clock run just ended says it is gone", () => {
  const { jobs, race } = racing();
  // The step reads the job's head first: nothing else of the ports is reached.
  const ops = jobOps({ jobs, now: () => 0 } as unknown as SidebarPorts, {});
  race();
  expect(() => runOpSync(ops.step("j1", "sidebar-1"))).toThrow(/no longer in the document/);
});

test("a lease written under the lock is flushed before the lock is released", () => {
  // Apps Script holds an execution's writes until it ends or flushes (Lock.releaseLock's note:
  // flush before releasing). Unflushed, the next holder reads no lease and takes the job too.
  const book = new FakeSpreadsheet();
  const said: string[] = [];
  const jobs = sheetJobs(
    () => book,
    () => ({
      tryLock: () => (said.push("lock"), true),
      releaseLock: () => void said.push("release"),
    }),
    () => void said.push("flush"),
  );
  jobs.write("j1", "body", "{}");
  jobs.write("j1", "head", '{"id":"j1"}');
  // As a step's claim does (jobRunner.ts): lock, write the lease, unlock.
  jobs.lock?.();
  jobs.write("j1", "lease", "sidebar-1 123");
  jobs.unlock?.();
  expect(said).toEqual(["lock", "flush", "release"]);
});

test("the last job's end keeps the jobs sheet: a job another run is starting may be in it", () => {
  // Apps Script shows another execution's writes only once it flushes or ends: the run ending
  // the last job it can see cannot tell whether a new job's row is on its way (the strict
  // simulator's 10,000-SKU bench lost "Pricing B PH" so). Here the new job's row lands just
  // after the ending run read the ids, as an unflushed row would look to it.
  const { book, jobs } = racing();
  const other = sheetJobs(
    () => book,
    () => null,
  );
  const sheet = book.getSheetByName(JOBS_SHEET);
  if (!sheet) throw new Error("no jobs sheet");
  const getRange = sheet.getRange.bind(sheet);
  let unseen = true;
  sheet.getRange = ((...at: Parameters<typeof getRange>) => {
    const range = getRange(...at);
    const read = range.getValues.bind(range);
    range.getValues = () => {
      const values = read();
      if (unseen) {
        unseen = false;
        other.write("j2", "body", "{}");
        other.write("j2", "head", '{"id":"j2"}');
      }
      return values;
    };
    return range;
  }) as typeof sheet.getRange;
  jobs.remove("j1");
  expect(unseen).toBe(false);
  expect(jobs.ids()).toEqual(["j2"]);
  expect(other.read("j2", "head")).toBe('{"id":"j2"}');
});
