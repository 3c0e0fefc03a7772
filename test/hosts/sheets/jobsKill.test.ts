/**
 * Issue 32's kill test in Sheets: 20 pricing builds (the built add-on in a sandbox, real HTTP
 * to the reference server; "Count output VAT" off, so A6 per product with models), each stopped
 * at a random step in one of four ways, then resumed from the checkpoint the document keeps:
 *   limit   Apps Script ends the execution at a random Spreadsheet call within the step
 *   closed  the sidebar is closed after the step; reopened ten minutes later, it resumes
 *   reload  the sidebar reloads (a new page, a new runner) and resumes at once
 *   5xx     the API answers 503 to the next eight requests (past the driver's retries)
 * Every one ends cell for cell equal, stamps aside, to the uninterrupted build: values,
 * formulas, number formats, the below-target rule and the table's record; no staging or job
 * left behind.
 */
import { addonSuite, loadAddon, type LoadedAddon } from "./harness";
import {
  FakeCache,
  FakeClock,
  FakeLock,
  FakeProperties,
  FakeSpreadsheet,
  type FakeSheet,
} from "./fakes";
import { driveSheetsJob } from "./sheetsJobs";
import type { JobView } from "../../../src/sidebar/jobs/jobRecord";
import type { SyncHttp } from "./syncHttp";
import { seeded } from "../../helpers/seeded";

jest.setTimeout(600_000);
const suite = addonSuite();
const ASK = { shopId: 100001, region: "SG", sheetName: "Pricing", products: 6 };
const STOPS = ["limit", "closed", "reload", "5xx"] as const;
type Stop = (typeof STOPS)[number];

/** One document and its executions: each call a fresh execution over the same stores. */
function documentOf() {
  const clock = new FakeClock();
  const book = new FakeSpreadsheet();
  const userProps = new FakeProperties();
  userProps.setProperty("mkt.baseUrl", suite.server.baseUrl);
  userProps.setProperty("mkt.apiKey", suite.server.keys.demo);
  userProps.setProperty("mkt.countVat", "off");
  const shared = {
    clock,
    book,
    userProps,
    documentProps: new FakeProperties(),
    scriptCache: new FakeCache(clock),
    documentCache: new FakeCache(clock),
    lock: new FakeLock(),
  };
  const fault = { burst: 0, killAt: 0, calls: 0 };
  const http = {
    fetchAll(requests: unknown[]) {
      if (fault.burst <= 0) return suite.http.fetchAll(requests as never);
      fault.burst -= requests.length;
      return requests.map(() => ({
        status: 503,
        headers: { "content-type": "application/problem+json" },
        body: JSON.stringify({ status: 503, title: "Service Unavailable", detail: "overloaded" }),
      }));
    },
  } as unknown as SyncHttp;
  // Apps Script's execution limit: the armed call and every later one of that execution fail.
  const byName = book.getSheetByName.bind(book);
  book.getSheetByName = (name: string) => {
    if (fault.killAt > 0 && ++fault.calls >= fault.killAt)
      throw new Error("Exceeded maximum execution time");
    return byName(name);
  };
  const execution = (): LoadedAddon => loadAddon(suite.dir, { http, ...shared });
  const call = (name: string, ...args: unknown[]): unknown => {
    try {
      return execution().call(name, ...args);
    } finally {
      if (fault.killAt > 0 && fault.calls >= fault.killAt) [fault.killAt, fault.calls] = [0, 0];
    }
  };
  return { clock, book, fault, call };
}

/** What a built sheet holds, stamps aside (its note's times and who). */
function snapshot(book: FakeSpreadsheet) {
  const sheet = book.getSheetByName(ASK.sheetName) as FakeSheet;
  const record = (book.getSheetByName("~mkt tables") as FakeSheet)
    .values()
    .find((r) => r[0] === ASK.sheetName)
    ?.slice(1)
    .join("");
  return {
    values: sheet.values(),
    formulas: sheet
      .allCells()
      .filter((c) => c.kind === "formula")
      .map((c) => c.value),
    formats: [...sheet.formats].sort(),
    rules: sheet.getConditionalFormatRules().map((r) => [r.formula, r.boxes()]),
    record: JSON.parse(record ?? "null") as unknown,
    sheets: book.getSheets().map((s) => s.getName()),
    note: sheet.getRange(1, 1, 1, 1).getNote().split("\n")[0],
  };
}

/** Build to the end from `view`, the client waiting out each wait on the fake clock. */
function finish(doc: ReturnType<typeof documentOf>, view: JobView, runner: string): unknown {
  return driveSheetsJob(view, {
    call: doc.call,
    runner,
    wait: (ms) => doc.clock.advance(ms),
  });
}

/** Steps the execution limit cut (the rest ended before their armed call). */
let kills = 0;

/** A build stopped at step `at` in the way `stop` says, then resumed; its end. */
function stopped(stop: Stop, at: number, random: () => number) {
  const doc = documentOf();
  let view = doc.call("sidebarJobStart", "pricingBuild", ASK) as JobView;
  if (view.phase === "confirm") view = doc.call("sidebarJobConfirm", view.id) as JobView;
  for (let step = 1; step < at && view.phase !== "done"; step++)
    view = doc.call("sidebarJobStep", view.id, "sidebar-1") as JobView;
  if (stop === "limit") {
    doc.fault.killAt = 1 + Math.floor(random() * 12);
    try {
      view = doc.call("sidebarJobStep", view.id, "sidebar-1") as JobView;
    } catch (e) {
      expect(String(e)).toMatch(/Exceeded maximum execution time/);
      kills++;
    }
    // A step that ended before the armed call was not cut: disarmed, it went on as usual.
    [doc.fault.killAt, doc.fault.calls] = [0, 0];
    // The cut step's lease runs out; the sidebar's next call goes on from the checkpoint.
    doc.clock.advance(200_000);
  } else if (stop === "5xx") {
    doc.fault.burst = 8;
  } else if (stop === "closed") {
    doc.clock.advance(10 * 60_000);
  }
  // Reopened (or reloaded): the document's unfinished job is found and resumed.
  const [found] = doc.call("sidebarJobList") as JobView[];
  if (!found) return { doc, result: view.result };
  const runner = stop === "limit" || stop === "5xx" ? "sidebar-1" : "sidebar-2";
  return { doc, result: finish(doc, found, runner) };
}

test("20 pricing builds stopped at a random step each resume and end equal to the uninterrupted build", () => {
  const plain = documentOf();
  let steps = 0;
  const first = plain.call("sidebarJobStart", "pricingBuild", ASK) as JobView;
  const built = driveSheetsJob(first, {
    call: plain.call,
    onView: (v) => void (v.phase === "running" && steps++),
    wait: (ms) => plain.clock.advance(ms),
  }) as { rows: number; requests: number };
  const want = snapshot(plain.book);
  expect(want.values.length).toBe(built.rows + 1);
  expect(steps).toBeGreaterThanOrEqual(6);
  const random = seeded(32);
  const seen: string[] = [];
  for (let i = 0; i < 20; i++) {
    const stop = STOPS[i % STOPS.length] as Stop;
    const at = 1 + Math.floor(random() * steps);
    const { doc, result } = (() => {
      try {
        return stopped(stop, at, random);
      } catch (e) {
        throw new Error(`build ${i} stopped by ${stop} at step ${at}: ${String(e)}`);
      }
    })();
    seen.push(`${stop}@${at}`);
    expect([i, stop, at, (result as { rows: number }).rows]).toEqual([i, stop, at, built.rows]);
    const got = snapshot(doc.book);
    expect([i, stop, at, got]).toEqual([i, stop, at, want]);
    expect(doc.call("sidebarJobList")).toEqual([]);
  }
  expect(kills).toBeGreaterThanOrEqual(3);
  console.log(
    `Sheets kill test: ${seen.join(", ")} (of ${steps} steps; ${kills} of 5 limits cut a step)`,
  );
});
