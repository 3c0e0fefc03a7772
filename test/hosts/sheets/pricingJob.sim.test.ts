/**
 * Issue 32's must-show in the strict Sheets simulator: the 500-product pricing sheet of shop
 * 100001 SG with "Count output VAT" off (one A6 a product with several models: about 335
 * requests) completes as a job, the sidebar's real bridge calling one step per server call, each
 * call held to Apps Script's 6 minutes, every answer slowed to 8 s: far more than one 6-minute
 * call in all. Its cost is asked before anything is spent, and its time estimate falls as it
 * runs. At the API's own speed the same build leaves cells their share of the key's 60 a minute:
 * formula cells typed while it runs answer within a minute, the job's requests in any minute
 * staying at its 54 (core/schedule/jobShare.ts), counted in the simulator's request log.
 */
import { createGoogleScriptBridge } from "../../../src/hosts/sheets/sidebar/sidebarBridge";
import type { JobView } from "../../../src/sidebar/jobs/jobRecord";
import type { PricingOutcome } from "../../../src/sidebar/pricingSheet";
import { byHeader } from "../../helpers/pricingScenario";
import { OWNER, SheetsSim } from "./sim/sheetsSim";
import { longTest } from "../../helpers/long";

jest.setTimeout(600_000);
let sim: SheetsSim;
afterEach(async () => {
  await sim?.close();
});

const SIX_MINUTES = 360_000;

/** Build the VAT-off sheet through the sidebar's bridge; what it showed and asked, and when. */
async function build(latencyHttp?: number, during?: (view: JobView) => void) {
  sim = await SheetsSim.start({
    strict: true,
    seed: 32,
    ...(latencyHttp ? { latency: { http: latencyHttp } } : {}),
  });
  sim.state.user(OWNER).properties.setProperty("mkt.countVat", "off");
  const bridge = createGoogleScriptBridge(
    (name, ...args) => sim.call(OWNER, name, args),
    async (ms) => void (await sim.run({ maxMs: ms })),
  );
  const views: (JobView & { at: number })[] = [];
  const asked: { text: string; at: number; requests: number }[] = [];
  const start = sim.now();
  const done = (await bridge.newPricingSheet(
    { shopId: 100001, region: "SG", sheetName: "Pricing" },
    {
      onProgress: (v) => {
        views.push({ ...v, at: sim.now() });
        during?.(v);
      },
      confirm: async (text) => {
        asked.push({ text, at: sim.now(), requests: sim.requests().length });
        return true;
      },
    },
  )) as PricingOutcome;
  const steps = sim.coordinator.executions.filter((e) => e.fn === "sidebarJobStep");
  return { done, views, asked, minutes: (sim.now() - start) / 60_000, steps };
}

/** Each running view's estimate, in order. */
const estimates = (views: readonly JobView[]): number[] =>
  views.filter((v) => v.phase === "running").map((v) => v.secondsLeft);

// Long tier (npm run test:long): 68 simulated minutes of slowed answers, ~400 s on 2 cores.
longTest(
  "the VAT-off 500-product A pricing sheet completes in the strict simulator with every answer slowed far past one 6-minute call",
  async () => {
    const { done, views, asked, minutes, steps } = await build(8_000);
    // Its cost asked before the answers' requests: only the plan's lists went out.
    expect(asked).toHaveLength(1);
    expect(asked[0]?.text).toMatch(
      /^Pricing sheet · A 100001 SG → Pricing needs about 3\d\d requests, about \d+ min at the API's limit/,
    );
    expect(asked[0]?.requests).toBeLessThanOrEqual(3);
    const planned = Number(
      /about ([\d,]+) requests/.exec(asked[0]?.text ?? "")?.[1]?.replace(",", ""),
    );
    // As many requests as planned (a 5xx or a 429 retried would add a few).
    expect(done.requests).toBeGreaterThanOrEqual(planned);
    expect(done.requests).toBeLessThanOrEqual(Math.ceil(planned * 1.1));
    // Far more than one call's 6 minutes in all, no step near the limit, none stopped.
    expect(minutes).toBeGreaterThan(5 * 6);
    expect(steps.length).toBeGreaterThan(10);
    const long = steps.filter((e) => !e.ok || e.end - e.start >= SIX_MINUTES / 2);
    expect(long.map((e) => ({ ms: e.end - e.start, message: e.message }))).toEqual([]);
    // Every row answered, in the sheet the seller sees.
    const table = sim.values(`Pricing!A1:P${done.rows + 1}`);
    const { col, rows } = byHeader(table as unknown[][]);
    expect(rows).toHaveLength(done.rows);
    expect(new Set(rows.map((r) => r[col("Item id")])).size).toBe(500);
    expect(rows.every((r) => typeof r[col("Price for target")] === "number")).toBe(true);
    // The estimate follows the pace the API answers at, and falls as it runs.
    const seen = estimates(views);
    expect(seen[seen.length - 1]).toBeLessThan((seen[0] ?? 0) / 4);
    const falling = seen.slice(1).filter((s, i) => s <= (seen[i] ?? 0)).length;
    expect(falling).toBeGreaterThanOrEqual(Math.floor((seen.length - 1) * 0.8));
    console.log(
      `pricing VAT off, answers slowed to 8 s (strict sim): ${done.requests} requests (planned ${planned}), ${minutes.toFixed(1)} min, ${steps.length} step calls, estimates ${seen.join(", ")} s`,
    );
  },
);

/** Requests of the most in any minute among `at` (times, ms). */
function mostInAMinute(at: readonly number[]): number {
  const sorted = [...at].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while ((sorted[i] ?? 0) - (sorted[j] ?? 0) >= 60_000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

// With the sidebar open, the clock trigger's table-jobs client (refresh/jobsClient.ts) leaves
// the job to it (the page's watch, jobRunner.ts WATCH_MS): the sidebar shows the sheet's result,
// not "no longer in the document", which it did when the clock took the last steps.
test("at the API's speed the VAT-off sheet completes, and cells typed while it runs answer within a minute", async () => {
  // Typed once the job has spent its first 100 requests: three cells, none the job asks for.
  const CELLS = {
    "Sheet1!A1": '=PROFIT_ROAS("A", 100001, "SG", 10001691, "RAW", "roas")',
    "Sheet1!A2": '=MKTA_BREAKDOWN(100001, "SG", 10001691, , "margin")',
    "Sheet1!A3": '=MKTA_BREAKDOWN(100001, "SG", 10001691, , "netProfit")',
  };
  let typedAt = 0;
  const { done, asked, minutes } = await build(undefined, (v) => {
    if (typedAt > 0 || v.phase !== "running" || v.spent < 100) return;
    typedAt = sim.now();
    for (const [a1, formula] of Object.entries(CELLS)) sim.edit(OWNER, a1, [[formula]]);
  });
  expect(asked).toHaveLength(1);
  expect(typedAt).toBeGreaterThan(0);
  await sim.run({
    until: () => Object.keys(CELLS).every((a1) => answeredAt(a1) > 0),
    maxMs: 120_000,
  });
  const waits = Object.keys(CELLS).map((a1) => answeredAt(a1) - typedAt);
  // The job was still running when they answered, and each answered within a minute.
  const jobEnd = Math.max(...sim.requests().map((r) => r.at));
  const shown = Object.keys(CELLS).map((a1) =>
    sim.history(a1).map((h) => [h.at - typedAt, h.shown]),
  );
  expect([waits, shown]).toEqual([waits.map((w) => (w > 0 && w < 60_000 ? w : -1)), shown]);
  expect(Math.max(...waits)).toBeLessThan(jobEnd - typedAt);
  // The job kept to its share; the key never passed the API's 60 a minute.
  const stepIds = new Set(
    sim.coordinator.executions.filter((e) => e.fn === "sidebarJobStep").map((e) => e.id),
  );
  const jobAt = sim
    .requests()
    .filter((r) => stepIds.has(r.exec))
    .map((r) => r.at);
  const cellAsks = sim.requests().length - jobAt.length;
  expect(mostInAMinute(jobAt)).toBeLessThanOrEqual(54);
  expect(sim.maxInWindow()).toBeLessThanOrEqual(60);
  expect(done.rows).toBeGreaterThanOrEqual(500);
  console.log(
    `pricing VAT off at the API's speed (strict sim): ${done.requests} requests, ${minutes.toFixed(1)} min; cells typed at request 100 answered in ${waits.map((w) => (w / 1000).toFixed(1)).join(", ")} s; job's most in a minute ${mostInAMinute(jobAt)}, ${cellAsks} other requests`,
  );
});

/** When a cell first showed a number (0: never). */
function answeredAt(a1: string): number {
  return sim.history(a1).find((h) => typeof h.shown === "number")?.at ?? 0;
}
