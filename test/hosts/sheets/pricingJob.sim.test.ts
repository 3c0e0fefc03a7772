/**
 * Issue 32's must-show in the strict Sheets simulator: the 500-product pricing sheet of shop
 * 100001 SG with "Count output VAT" off (one A6 a product with several models: about 335
 * requests) completes as a job, the sidebar's real bridge calling one step per server call, each
 * call held to Apps Script's 6 minutes, every answer slowed to 8 s: far more than one 6-minute
 * call in all. Its cost is asked before anything is spent, and its time estimate falls as it
 * runs. The same build at the API's own speed is a bench row (bench/sheetsPricingJob.ts).
 */
import { createGoogleScriptBridge } from "../../../src/hosts/sheets/sidebar/sidebarBridge";
import type { JobView } from "../../../src/sidebar/jobs/jobRecord";
import type { PricingOutcome } from "../../../src/sidebar/pricingSheet";
import { byHeader } from "../../helpers/pricingScenario";
import { OWNER, SheetsSim } from "./sim/sheetsSim";

jest.setTimeout(600_000);
let sim: SheetsSim;
afterEach(async () => {
  await sim?.close();
});

const SIX_MINUTES = 360_000;

/** Build the VAT-off sheet through the sidebar's bridge; what it showed and asked, and when. */
async function build(latencyHttp?: number) {
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
      onProgress: (v) => views.push({ ...v, at: sim.now() }),
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

test("the VAT-off 500-product A pricing sheet completes in the strict simulator with every answer slowed far past one 6-minute call", async () => {
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
});
