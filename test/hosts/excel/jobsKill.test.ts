/**
 * Issue 32's kill test in Excel (the Office.js workbook fake, real HTTP to the reference server):
 * 20 pricing builds ("Count output VAT" off, so A6 per product with models), each stopped at a
 * random step in one of four ways, then resumed from the checkpoint the document's settings keep:
 *   sync    Excel fails a batch mid-step after applying part of it (Office.js promises no
 *           rollback); the same pane tries the step again from the checkpoint
 *   closed  the task pane is closed after the step (its calls never come back); the workbook
 *           is opened again, and a new pane finds the job and resumes it
 *   reload  the pane reloads mid-step (a new page, a new runner), at a random Excel.run of it
 *   5xx     the API answers 503 to the next eight requests (past the driver's retries)
 * Every one ends cell for cell equal, stamps aside, to the uninterrupted build: values,
 * formulas, number formats, notes, the below-target rule, the sheets and the table's record;
 * no job left in the document.
 */
// paneOverServer first: it mocks the ESM-only manifest package before the fake loads it.
import { LONG } from "../../helpers/long";
import { paneOverServer } from "./paneOverServer";
import type { AsyncClock } from "../../../src/core/clock";
import type { ExcelRun } from "../../../src/hosts/excel/xlTypes";
import type { FetchLike } from "../../../src/hosts/shared/fetchTransport";
import type { PricingOutcome } from "../../../src/sidebar/pricingSheet";
import type { JobView } from "../../../src/sidebar/jobs/jobRecord";
import { startTestServer, type TestServer } from "../../helpers/server";
import { seeded } from "../../helpers/seeded";
import { fakeWorkbook, type FakeWorkbook } from "./fakeWorkbook";

jest.setTimeout(600_000);
/** 20 in the long tier (npm run test:long); 4 in npm test, one of each stop (~10-25 s a build). */
const BUILDS = LONG ? 20 : 4;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
});
afterAll(() => server.close());

const ASK = { shopId: 100001, region: "SG", sheetName: "Pricing", products: 6 };
const STOPS = ["sync", "closed", "reload", "5xx"] as const;
type Stop = (typeof STOPS)[number];
const yes = { confirm: async () => true };

/**
 * One workbook and its network; each pane a page over them that can die. Each workbook its own
 * key, so twenty builds do not wait out one key's 60 a minute (the key's tail is in the stamp).
 */
function documentOf() {
  const excel = fakeWorkbook();
  const key = server.keyFor("demo");
  const clock = skippingClock();
  const net = { burst: 0 };
  const fetchFn: FetchLike = (url, init) => {
    if (net.burst <= 0) return fetch(url, init);
    net.burst--;
    const problem = { status: 503, title: "Service Unavailable", detail: "overloaded" };
    return Promise.resolve(
      new Response(JSON.stringify(problem), {
        status: 503,
        headers: { "content-type": "application/problem+json" },
      }),
    );
  };
  /** A page: its Excel.run calls hang for good once it is closed (`dieIn` runs from now). */
  const pane = () => {
    const life = { runs: 0, dieAt: Infinity };
    const run: ExcelRun = (batch) =>
      ++life.runs >= life.dieAt ? new Promise<never>(() => undefined) : excel.run(batch);
    const { bridge, settings } = paneOverServer(server, key, { ...excel, run }, { fetchFn, clock });
    settings.set("mkt.countVat", "off");
    return { bridge, dieIn: (runs: number) => (life.dieAt = life.runs + runs) };
  };
  return { excel, net, pane };
}

/** What the built workbook holds, stamps aside (the note's and record's times and who). */
function snapshot(excel: FakeWorkbook) {
  const unstamped = (text: unknown): unknown =>
    typeof text === "string"
      ? text
          .replace(/\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?Z?/g, "<time>")
          .replace(/key \w+…/g, "key <key>")
      : text;
  return [...excel.sheets.values()].map((s) => ({
    name: s.name,
    visibility: s.visibility,
    frozenRows: s.frozenRows,
    values: [...s.values].sort().map(([at, v]) => [at, unstamped(v)]),
    formats: [...s.formats].sort(),
    notes: s.notes.map(unstamped),
    bold: [...s.bold].sort(),
    rules: s.conditionalFormats.map((r) => [r.formula, r.box, r.fill]),
  }));
}

/** Resume the document's unfinished job in a new pane (a reopened workbook or a reload). */
async function reopen(doc: ReturnType<typeof documentOf>): Promise<PricingOutcome | null> {
  const next = doc.pane();
  const [found] = await next.bridge.jobs.list();
  if (!found) return null;
  return (await next.bridge.jobs.resume(found.id, yes)) as PricingOutcome;
}

test(`${BUILDS} pricing builds stopped at a random step each resume and end equal to the uninterrupted build`, async () => {
  const plain = documentOf();
  let steps = 0;
  const built = await plain.pane().bridge.newPricingSheet(ASK, {
    ...yes,
    onProgress: (v: JobView) => void (v.phase === "running" && steps++),
  });
  const want = snapshot(plain.excel);
  expect(built.rows).toBeGreaterThan(6);
  expect(steps).toBeGreaterThanOrEqual(6);
  const random = seeded(32);
  const seen: string[] = [];
  for (let i = 0; i < BUILDS; i++) {
    const stop = STOPS[i % STOPS.length] as Stop;
    const at = 1 + Math.floor(random() * steps);
    seen.push(`${stop}@${at}`);
    const doc = documentOf();
    const first = doc.pane();
    let n = 0;
    const cut = { done: false };
    const going = first.bridge.newPricingSheet(ASK, {
      ...yes,
      onProgress: (v: JobView) => {
        if (v.phase !== "running" || ++n !== at) return;
        if (stop === "sync") doc.excel.failSync(1 + Math.floor(random() * 3), 1);
        else if (stop === "5xx") doc.net.burst = 8;
        else {
          cut.done = true;
          first.dieIn(stop === "closed" ? 1 : 1 + Math.floor(random() * 6));
        }
      },
    });
    let outcome: PricingOutcome | null;
    if (stop === "sync" || stop === "5xx") outcome = await going;
    else {
      // The closed or reloaded page never answers again: wait until it is stuck, then reopen.
      await until(() => cut.done);
      await new Promise((r) => setTimeout(r, 100));
      outcome = await reopen(doc);
    }
    expect([i, stop, at, outcome?.rows]).toEqual([i, stop, at, built.rows]);
    expect([i, stop, at, snapshot(doc.excel)]).toEqual([i, stop, at, want]);
    expect(await doc.pane().bridge.jobs.list()).toEqual([]);
  }
  console.log(`Excel kill test: ${seen.join(", ")} (of ${steps} steps)`);
});

/**
 * The page's clock with its waits skipped: a wait moves the clock on at once (the job's 15 s after
 * a 5xx burst, the driver's retries), so twenty builds take seconds of real time, not minutes.
 */
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
