/**
 * Issue 32's kill test in Excel (the Office.js workbook fake, real HTTP to the reference server):
 * pricing builds ("Count output VAT" off, so A6 per product with models) and imports (2,000 rows
 * of shop 100001 by profit, four pages), each stopped at a random step in one of four ways (the
 * build, step and stop from a printed seed; MKT_KILL_SEED=n repeats a run), then resumed from
 * the checkpoint the document's settings keep:
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
import { killSeed, seeded } from "../../helpers/seeded";
import type { ImportDefinition } from "../../../src/imports/definitions";
import { fakeWorkbook, type FakeWorkbook } from "./fakeWorkbook";

jest.setTimeout(600_000);
/** 20 of each in the long tier (npm run test:long); in npm test 2 of each (~10-25 s a build). */
const BUILDS = LONG ? 20 : 2;
const SEED = killSeed();
const IMPORT: ImportDefinition = {
  id: "top",
  kind: "productsByProfit",
  marketplace: "A",
  shopId: "100001",
  region: "SG",
  sheetName: "Top products",
  options: { limit: 2000 },
};
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
});
afterAll(() => server.close());

const ASK = { shopId: 100001, region: "SG", sheetName: "Pricing", products: 6 };
const STOPS = ["sync", "closed", "reload", "5xx"] as const;
const yes = { confirm: async () => true };
type Bridge = ReturnType<ReturnType<typeof documentOf>["pane"]>["bridge"];
type Options = Parameters<Bridge["runImport"]>[1];
/** The two builds, as a pane starts them; each outcome's rows. */
const BUILD = {
  pricing: (b: Bridge, o: Options) => b.newPricingSheet(ASK, o as never),
  import: (b: Bridge, o: Options) => b.runImport(IMPORT, o),
} as const;

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

describe.each(Object.keys(BUILD) as (keyof typeof BUILD)[])("%s", (kind) => {
  test(`${BUILDS} builds stopped at a random step each resume and end equal to the uninterrupted build`, async () => {
    const plain = documentOf();
    let steps = 0;
    const built = await BUILD[kind](plain.pane().bridge, {
      ...yes,
      onProgress: (v: JobView) => void (v.phase === "running" && steps++),
    });
    const want = snapshot(plain.excel);
    expect(built.rows).toBeGreaterThan(6);
    expect(steps).toBeGreaterThanOrEqual(3);
    const random = seeded(SEED + kind.length);
    const seen: string[] = [];
    for (let i = 0; i < BUILDS; i++) {
      const stop = STOPS[Math.floor(random() * STOPS.length)] ?? "sync";
      const at = 1 + Math.floor(random() * steps);
      seen.push(`${stop}@${at}`);
      const label = [`seed ${SEED}`, kind, i, stop, at];
      const doc = documentOf();
      const first = doc.pane();
      let n = 0;
      const cut = { done: false };
      const going = BUILD[kind](first.bridge, {
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
      let outcome: { rows: number } | null;
      if (stop === "sync" || stop === "5xx") outcome = await going;
      else {
        // The closed or reloaded page never answers again: wait until it is stuck, then reopen.
        await until(() => cut.done);
        await new Promise((r) => setTimeout(r, 100));
        outcome = await reopen(doc);
      }
      expect([...label, outcome?.rows]).toEqual([...label, built.rows]);
      expect([...label, snapshot(doc.excel)]).toEqual([...label, want]);
      expect([...label, await doc.pane().bridge.jobs.list()]).toEqual([...label, []]);
    }
    console.log(
      `Excel kill test, ${kind} (seed ${SEED}; MKT_KILL_SEED=${SEED} repeats it): ${seen.join(", ")} (of ${steps} steps)`,
    );
  });
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
