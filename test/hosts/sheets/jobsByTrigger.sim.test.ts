/**
 * Issue 32: a job whose sidebar is closed mid-run goes on by trigger (refresh/jobsClient.ts:
 * each step asks the deployment's clock; the clock run's table-jobs client takes the next
 * steps), in the strict Sheets simulator: real HTTP to the reference server at the API's 60 a
 * minute, the 6-minute call, Apps Script's concurrency and trigger rules. Nobody opens the
 * sidebar again: the triggers alone finish it, and it ends cell for cell equal to the same work
 * run to its end by an open sidebar.
 *   bulk     a 45-row REQUIRED_PRICE run (rows 41-45 repeat 1-5), closed after its first step,
 *            as a bound script (a one-off clock within minutes) and as an editor add-on (the
 *            hourly clock): the same answers, no row asked twice (requests counted at the
 *            simulator's network), the seller's notes beside it kept
 *   pricing  a 6-product pricing build ("Count output VAT" off: A6 per product with models)
 *            closed after a random step (a printed seed; MKT_KILL_SEED picks another)
 * npm test runs the bound script's bulk run; the long tier (MKT_LONG_TESTS=1) all three.
 */
import type { JobView } from "../../../src/sidebar/jobs/jobRecord";
import { OWNER, SheetsSim } from "./sim/sheetsSim";
import { seeded } from "../../helpers/seeded";
import { LONG, longTest } from "../../helpers/long";

jest.setTimeout(600_000);
let sim: SheetsSim;
afterEach(async () => {
  await sim?.close();
});

const JOBS_SHEET = "~mkt jobs";
const ROWS = 45;
const BULK = {
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

/** The input table with a seller's note column (kept); rows 41-45 repeat 1-5 (asked once). */
function inputs(): unknown[][] {
  const rows: unknown[][] = [["category", "cogs", "target margin", "note"]];
  for (let i = 0; i < ROWS; i++) {
    const k = i < 40 ? i : i - 40;
    rows.push([200001 + (k % 5), 10 + k, 0.15 + (k % 3) * 0.05, i % 7 === 0 ? "check" : ""]);
  }
  return rows;
}

const over = (v: JobView): boolean => ["done", "failed", "cancelled"].includes(v.phase);

/**
 * The sidebar's loop over a job (sidebar/jobs/driveJob.ts, one google.script.run a call): yes
 * to its cost and questions, waits waited; closed (returns) after `steps` steps.
 */
async function drive(first: JobView, steps = Infinity): Promise<JobView> {
  let view = first;
  for (let i = 0, taken = 0; i < 300 && !over(view); i++) {
    if (view.phase === "confirm")
      view = (await sim.call(OWNER, "sidebarJobConfirm", [view.id])) as JobView;
    else if (view.phase === "asking")
      view = (await sim.call(OWNER, "sidebarJobAnswer", [view.id, true])) as JobView;
    else {
      if (taken++ >= steps) return view;
      if (view.waitMs > 0) await sim.run({ maxMs: view.waitMs });
      view = (await sim.call(OWNER, "sidebarJobStep", [view.id, "sidebar-1"])) as JobView;
    }
  }
  return view;
}

/**
 * Is a job still unfinished in the document (a row of its checkpoint sheet with a body, from
 * column 5)? The last finished job's row keeps its head alone, its outcome for the sidebar.
 */
const pending = (): boolean => {
  const tab = sim.doc.book.findSheet(JOBS_SHEET);
  return (
    tab !== null && tab.unordered().some(([, col, c]) => col >= 5 && String(c.value ?? "") !== "")
  );
};

/**
 * Leave the job to the triggers (nobody opens the sidebar): how long they took (min), and the
 * executions that ran meanwhile (all of them triggers').
 */
async function byTriggers(maxMs: number): Promise<{ minutes: number; runs: string[] }> {
  const from = sim.now();
  const before = sim.coordinator.executions.length;
  const done = await sim.run({ until: () => !pending(), maxMs });
  expect(done).toBe(true);
  // The run that finished it is logged when it ends.
  await sim.runUntilIdle();
  const runs = sim.coordinator.executions.slice(before).map((e) => `${e.kind} ${e.fn}`);
  return { minutes: (sim.now() - from) / 60_000, runs };
}

/** Requests of the bulk function's endpoint (B's required price) sent so far. */
const bulkAsks = (): number => sim.requests().filter((r) => /required-price/.test(r.url)).length;

/** Run the bulk job over `sel` (its answers go to the first empty column right of it). */
async function bulkOver(sel: string, steps = Infinity) {
  sim.select(OWNER, sel);
  const selection = (await sim.call(OWNER, "sidebarReadSelection")) as {
    address: string;
    values: unknown[][];
  };
  const before = bulkAsks();
  const first = (await sim.call(OWNER, "sidebarJobStart", [
    "bulk",
    { job: BULK, address: selection.address, values: selection.values, beside: false },
  ])) as JobView;
  const view = await drive(first, steps);
  return { view, asked: () => bulkAsks() - before };
}

// npm test: the bound script's (about 40 s at a load of 20 on two cores); the long tier adds
// the editor add-on's hourly clock and a pricing build.
const DEPLOYMENTS = [
  ["a bound script (one-off clock within minutes)", true, 30],
  ["an editor add-on (the hourly clock)", { clockTrigger: "hourly" } as const, 130],
] as const;
describe.each(LONG ? DEPLOYMENTS : DEPLOYMENTS.slice(0, 1))("%s", (_name, strict, minutes) => {
  test("a bulk run whose sidebar is closed after its first step is finished by triggers, equal to the uninterrupted run", async () => {
    sim = await SheetsSim.start({ strict, seed: 32 });
    const table = inputs();
    sim.edit(OWNER, "Sheet1!A1:D46", table);
    sim.edit(OWNER, "Sheet1!H1:K46", table);
    // Uninterrupted, over A:C (answers in E: D holds notes).
    const whole = await bulkOver("Sheet1!A1:C46");
    expect(whole.view.phase).toBe("done");
    expect(whole.view.result).toMatchObject({ address: "Sheet1!E1:E46", written: true });
    expect(whole.asked()).toBe(40);
    await sim.runUntilIdle();
    // Closed after one step over H:J: nobody comes back, the clock goes on.
    const cut = await bulkOver("Sheet1!H1:J46", 1);
    expect(cut.view.phase).toBe("running");
    expect(cut.view.steps).toBe(1);
    expect(pending()).toBe(true);
    const took = await byTriggers(minutes * 60_000);
    const want = sim.values("Sheet1!E1:E46");
    expect(sim.values("Sheet1!L1:L46")).toEqual(want);
    expect(want.slice(1).every((r) => typeof r[0] === "number")).toBe(true);
    // No row asked twice, the seller's notes kept, nothing else touched.
    expect(cut.asked()).toBe(40);
    expect(sim.values("Sheet1!K1:K46")).toEqual(sim.values("Sheet1!D1:D46"));
    expect(sim.values("Sheet1!H1:J46")).toEqual(sim.values("Sheet1!A1:C46"));
    // Only triggers ran it: no sidebar call after the close.
    expect(took.runs.length).toBeGreaterThan(0);
    expect(took.runs.filter((r) => !r.startsWith("trigger "))).toEqual([]);
    console.log(
      `bulk by trigger (${_name}): ${took.minutes.toFixed(1)} min after the sidebar closed, runs: ${took.runs.join(", ")}; ${cut.asked()} requests`,
    );
  });
});

const SEED = Number(process.env.MKT_KILL_SEED ?? 32);

longTest(
  "a pricing build whose sidebar is closed after a random step is finished by triggers, equal to the uninterrupted build",
  async () => {
    sim = await SheetsSim.start({ strict: true, seed: SEED });
    sim.state.user(OWNER).properties.setProperty("mkt.countVat", "off");
    const ask = (sheetName: string) => ({ shopId: 100001, region: "SG", sheetName, products: 6 });
    let steps = 0;
    const first = (await sim.call(OWNER, "sidebarJobStart", [
      "pricingBuild",
      ask("Pricing"),
    ])) as JobView;
    const plain = await drive(first);
    expect(plain.phase).toBe("done");
    for (const e of sim.coordinator.executions) if (e.fn === "sidebarJobStep") steps++;
    await sim.runUntilIdle();
    const at = 1 + Math.floor(seeded(SEED)() * (steps - 1));
    const started = (await sim.call(OWNER, "sidebarJobStart", [
      "pricingBuild",
      ask("Pricing B"),
    ])) as JobView;
    const cut = await drive(started, at);
    expect(cut.phase).toBe("running");
    const took = await byTriggers(30 * 60_000);
    const rows = (plain.result as { rows: number }).rows + 1;
    const want = sim.values(`Pricing!A1:Z${rows + 5}`);
    expect(want.length).toBeGreaterThan(6);
    expect(sim.values(`'Pricing B'!A1:Z${rows + 5}`)).toEqual(want);
    expect(took.runs.length).toBeGreaterThan(0);
    expect(took.runs.filter((r) => !r.startsWith("trigger "))).toEqual([]);
    console.log(
      `pricing by trigger (seed ${SEED}): closed after step ${at} of ${steps}, finished ${took.minutes.toFixed(1)} min later by ${took.runs.join(", ")}`,
    );
  },
);
