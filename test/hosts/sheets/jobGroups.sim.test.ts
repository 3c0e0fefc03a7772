/**
 * Issue 32's Sheets row with the sidebar open: a job's step sends its independent batches (each
 * model's figures, the previews) together in one UrlFetchApp.fetchAll group, as many as the
 * job's share of the key's quota has free (ApiRunner.jobRoom), instead of one round trip after
 * another; the key still never passes the API's 60 a minute (counted at the simulator's server),
 * and no request is asked twice.
 */
import { createGoogleScriptBridge } from "../../../src/hosts/sheets/sidebar/sidebarBridge";
import type { PricingOutcome } from "../../../src/sidebar/pricingSheet";
import { OWNER, SheetsSim } from "./sim/sheetsSim";

jest.setTimeout(120_000);
let sim: SheetsSim;
afterEach(async () => {
  await sim?.close();
});

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

/** The job's requests sent together: one fetchAll group is one execution's requests at one time. */
function groups(entries: readonly { at: number; exec: number }[]): number[] {
  const by = new Map<string, number>();
  for (const r of entries) by.set(`${r.exec} ${r.at}`, (by.get(`${r.exec} ${r.at}`) ?? 0) + 1);
  return [...by.values()];
}

// About 20 s on 2 cores.
test("a pricing build's step sends its batches together in fetchAll groups, inside the key's 60 a minute", async () => {
  sim = await SheetsSim.start({ strict: true, seed: 32 });
  const bridge = createGoogleScriptBridge(
    (name, ...args) => sim.call(OWNER, name, args),
    async (ms) => void (await sim.run({ maxMs: ms })),
  );
  const done = (await bridge.newPricingSheet(
    { shopId: 100001, region: "SG", sheetName: "Pricing" },
    { onProgress: () => undefined, confirm: async () => true },
  )) as PricingOutcome;
  const stepIds = new Set(
    sim.coordinator.executions.filter((e) => e.fn === "sidebarJobStep").map((e) => e.id),
  );
  const job = sim.requests().filter((r) => stepIds.has(r.exec));
  const sizes = groups(job);
  expect(Math.max(...sizes)).toBeGreaterThanOrEqual(4);
  // Fewer round trips than requests, every answer once: the build's count is the server's 200s
  // (a batch a loaded server could not finish in its 500 ms answers 503 and is split: a retry).
  expect(sizes.length).toBeLessThan(job.length / 2);
  expect(job.filter((r) => r.status === 200)).toHaveLength(done.requests);
  expect(mostInAMinute(job.map((r) => r.at))).toBeLessThanOrEqual(54);
  expect(sim.maxInWindow()).toBeLessThanOrEqual(60);
  console.log(
    `pricing build (strict sim): ${done.requests} requests in ${sizes.length} round trips (${sizes.join(" ")})`,
  );
});
