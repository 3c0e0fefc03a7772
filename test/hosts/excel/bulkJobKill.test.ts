/**
 * Issue 32: a bulk calculation is a job (src/sidebar/jobs/bulkJob.ts). In Excel (the Office.js
 * workbook fake, real HTTP to the reference server) a 45-row REQUIRED_PRICE run is stopped at a
 * random step, in one of three ways, and resumed from the checkpoint the document keeps:
 *   closed  the task pane is closed after a step (its calls never come back); a new pane
 *           finds the job and resumes it
 *   reload  the pane reloads mid-step, at a random Excel.run of it
 *   5xx     the API answers 503 to the next eight requests (past the driver's retries)
 * Each ends cell for cell equal to the uninterrupted run, with no row asked twice (requests
 * counted at the server's door) and the seller's cells beside the input kept.
 */
// paneOverServer first: it mocks the ESM-only manifest package before the fake loads it.
import { LONG } from "../../helpers/long";
import { paneOverServer } from "./paneOverServer";
import type { AsyncClock } from "../../../src/core/clock";
import type { ExcelRun } from "../../../src/hosts/excel/xlTypes";
import type { FetchLike } from "../../../src/hosts/shared/fetchTransport";
import type { BulkJob } from "../../../src/imports/bulk";
import type { JobView } from "../../../src/sidebar/jobs/jobRecord";
import type { BulkResult } from "../../../src/ui/bridge";
import { startTestServer, type TestServer } from "../../helpers/server";
import { seeded } from "../../helpers/seeded";
import { fakeWorkbook, type FakeWorkbook } from "./fakeWorkbook";

jest.setTimeout(300_000);
/** Stopped runs: 9 in the long tier, one of each stop in npm test (about a second each). */
const RUNS = LONG ? 9 : 3;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
});
afterAll(() => server.close());

const ROWS = 45;
const STOPS = ["closed", "reload", "5xx"] as const;
const yes = { confirm: async () => true };

const JOB: BulkJob = {
  functionName: "REQUIRED_PRICE",
  hasHeader: true,
  args: [
    { kind: "value", value: "B" },
    { kind: "empty" },
    { kind: "value", value: "MY" },
    { kind: "column", column: 0 },
    { kind: "column", column: 1 },
    { kind: "column", column: 2 },
    { kind: "value", value: "requiredListingPrice" },
  ],
};

/** The input table, a seller's note in column D (kept), rows 41-45 repeating 1-5 (asked once). */
function inputs(): unknown[][] {
  const rows: unknown[][] = [["category", "cogs", "target margin", "note"]];
  for (let i = 0; i < ROWS; i++) {
    const k = i < 40 ? i : i - 40;
    rows.push([200001 + (k % 5), 10 + k, 0.15 + (k % 3) * 0.05, i % 7 === 0 ? "check" : ""]);
  }
  return rows;
}

/** One workbook and its network (requests counted); each pane a page over them that can die. */
function documentOf() {
  const excel = fakeWorkbook();
  excel.addSheet("Inputs", inputs());
  excel.select("Inputs", 0, 0, ROWS + 1, 3);
  const key = server.keyFor("demo");
  const clock = skippingClock();
  const net = { burst: 0, asked: 0 };
  const fetchFn: FetchLike = (url, init) => {
    if (net.burst <= 0) {
      net.asked++;
      return fetch(url, init);
    }
    net.burst--;
    const problem = { status: 503, title: "Service Unavailable", detail: "overloaded" };
    return Promise.resolve(
      new Response(JSON.stringify(problem), {
        status: 503,
        headers: { "content-type": "application/problem+json" },
      }),
    );
  };
  /** A pane; `countVat`: its seller's "Count output VAT" (a teammate's, or changed since). */
  const pane = (countVat?: "on" | "off") => {
    const life = { runs: 0, dieAt: Infinity };
    const run: ExcelRun = (batch) =>
      ++life.runs >= life.dieAt ? new Promise<never>(() => undefined) : excel.run(batch);
    const { bridge, settings } = paneOverServer(server, key, { ...excel, run }, { fetchFn, clock });
    if (countVat) settings.set("mkt.countVat", countVat);
    return { bridge, dieIn: (runs: number) => (life.dieAt = life.runs + runs) };
  };
  return { excel, net, pane };
}

/** Every sheet's cells and formats. */
const snapshot = (excel: FakeWorkbook) =>
  [...excel.sheets.values()].map((s) => ({
    name: s.name,
    values: [...s.values].sort(),
    formats: [...s.formats].sort(),
  }));

test(`a bulk run stopped at a random step (${RUNS} runs) resumes and ends equal to the uninterrupted run`, async () => {
  const plain = documentOf();
  let steps = 0;
  const views: JobView[] = [];
  const whole = await plain.pane().bridge.runBulk(JOB, {
    onProgress: (v: JobView) => void (views.push(v), v.phase === "running" && steps++),
  });
  expect(whole).toMatchObject({ address: "Inputs!E1:E46", written: true, failed: 0, asked: 40 });
  expect(whole).toMatchObject({ rows: ROWS + 1, answered: ROWS });
  // 40 different rows, one request each; the rows that repeat are not asked again.
  expect(plain.net.asked).toBe(40);
  const table = plain.excel.table("Inputs");
  expect(table[0]?.[4]).toBe("REQUIRED_PRICE requiredListingPrice (output VAT counted)");
  for (let r = 1; r <= ROWS; r++) expect(typeof table[r]?.[4]).toBe("number");
  expect(table[41]?.[4]).toBe(table[1]?.[4]);
  // The seller's notes in column D stay, the answers go to the first empty column (E).
  expect(table[1]?.[3]).toBe("check");
  // Progress names the step, the rows and the time left; the steps are ten rows each.
  expect(views.some((v) => v.doing === "asking row 11 of 40")).toBe(true);
  expect(steps).toBeGreaterThanOrEqual(5);
  const want = snapshot(plain.excel);

  const random = seeded(32);
  const seen: string[] = [];
  for (let i = 0; i < RUNS; i++) {
    const stop = STOPS[i % STOPS.length] ?? "closed";
    const at = 1 + Math.floor(random() * (steps - 1));
    seen.push(`${stop}@${at}`);
    const doc = documentOf();
    const first = doc.pane();
    let n = 0;
    const cut = { done: false };
    const going = first.bridge.runBulk(JOB, {
      ...yes,
      onProgress: (v: JobView) => {
        if (v.phase !== "running" || ++n !== at) return;
        if (stop === "5xx") doc.net.burst = 8;
        else {
          cut.done = true;
          first.dieIn(stop === "closed" ? 1 : 1 + Math.floor(random() * 3));
        }
      },
    });
    let result: BulkResult;
    if (stop === "5xx") result = await going;
    else {
      await until(() => cut.done);
      await new Promise((r) => setTimeout(r, 100));
      const next = doc.pane();
      const [found] = await next.bridge.jobs.list();
      expect(found?.kind).toBe("bulk");
      result = (await next.bridge.jobs.resume(found?.id ?? "", yes)) as BulkResult;
    }
    expect([i, stop, at, result]).toEqual([i, stop, at, whole]);
    expect([i, stop, at, snapshot(doc.excel)]).toEqual([i, stop, at, want]);
    // No row asked twice: a request cut short by the stop is the only one sent again.
    expect(doc.net.asked).toBeLessThanOrEqual(41);
    expect(await doc.pane().bridge.jobs.list()).toEqual([]);
  }
  console.log(`Bulk kill test: ${seen.join(", ")} (of ${steps} steps)`);
});

// A resumed run asks its remaining rows on the basis it started with, as its header says: not
// on the basis of whoever resumes it (a teammate's pane, a Sheets trigger run as its maker, or
// the seller after changing "Count output VAT"). Before the fix every step read the basis anew.
test("a bulk run resumed on another basis ends on the basis it started with", async () => {
  const plain = documentOf();
  const whole = await plain.pane().bridge.runBulk(JOB, yes);
  const want = snapshot(plain.excel);
  const doc = documentOf();
  const first = doc.pane();
  const cut = { done: false };
  void first.bridge.runBulk(JOB, {
    ...yes,
    onProgress: (v: JobView) => {
      if (v.phase !== "running" || v.steps !== 1 || cut.done) return;
      cut.done = true;
      first.dieIn(1);
    },
  });
  await until(() => cut.done);
  await new Promise((r) => setTimeout(r, 100));
  const next = doc.pane("off");
  const [found] = await next.bridge.jobs.list();
  expect(found?.steps).toBe(1);
  const result = await next.bridge.jobs.resume(found?.id ?? "", yes);
  expect(result).toEqual(whole);
  expect(snapshot(doc.excel)).toEqual(want);
});

test("a bulk run over a place that holds data asks first; 'no' writes nothing, 'yes' writes there", async () => {
  const doc = documentOf();
  const before = snapshot(doc.excel);
  const questions: string[] = [];
  const no = await doc.pane().bridge.runBulk(JOB, {
    beside: true,
    confirm: async (q) => (questions.push(q), false),
  });
  expect(questions).toEqual([
    "Inputs!D1:D46 holds data. Write the answers over it, or leave it as it is?",
  ]);
  expect(no).toMatchObject({ address: "Inputs!D1:D46", written: false, rows: 0 });
  expect(snapshot(doc.excel)).toEqual(before);
  expect(await doc.pane().bridge.jobs.list()).toEqual([]);
  const over = await doc.pane().bridge.runBulk(JOB, { beside: true, ...yes });
  expect(over).toMatchObject({ address: "Inputs!D1:D46", written: true, rows: ROWS + 1 });
  expect(typeof doc.excel.table("Inputs")[1]?.[3]).toBe("number");
});

test("Cancel ends a bulk run at its next row: nothing more is asked or written, no job is left", async () => {
  const doc = documentOf();
  const before = snapshot(doc.excel);
  const controller = new AbortController();
  let asked = 0;
  const run = doc.pane().bridge.runBulk(JOB, {
    signal: controller.signal,
    onProgress: (v: JobView) => {
      if (v.steps === 2 && !controller.signal.aborted) {
        asked = doc.net.asked;
        controller.abort();
      }
    },
  });
  await expect(run).rejects.toMatchObject({ name: "JobCancelled" });
  // The step under way when Cancel came ends at its next row.
  expect(doc.net.asked).toBeLessThanOrEqual(asked + 1);
  expect(snapshot(doc.excel)).toEqual(before);
  expect(await doc.pane().bridge.jobs.list()).toEqual([]);
});

/** The page's clock with its waits skipped (the job's 15 s after a 5xx burst). */
function skippingClock(): AsyncClock {
  let skipped = 0;
  return {
    now: () => Date.now() + skipped,
    sleep: (ms) => {
      skipped += Math.max(0, ms);
      return new Promise((resolve) => setImmediate(resolve));
    },
  };
}

async function until(ok: () => boolean): Promise<void> {
  while (!ok()) await new Promise((r) => setTimeout(r, 10));
}
