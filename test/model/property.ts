/**
 * The CI run of issue 33's property for one host: `MODEL_RUNS` sequences (the host's CI size
 * unless set) from today's seed (`MODEL_SEED` replays one), bounded by `MODEL_SECONDS` (a slower
 * machine runs fewer and says so, never fails for it). Each host asks for 10,000 and is cut at
 * 50 s: on CI's 2 cores beside other suites that is fewer (the time is mostly the add-in's own
 * import and refresh steps, bench/results.md); `npm run bench:model` runs any number without
 * the cut. A failure prints fast-check's shrunk sequence of actions, the seed and the path to
 * replay it.
 */
import fc from "fast-check";
import { sellerDataProperty, seedOfToday, type HostMaker } from "./run";

export interface PropertyRun {
  readonly seed: number;
  readonly runs: number;
  readonly ran: number;
  readonly seconds: number;
}

export async function checkSellerData(
  make: HostMaker,
  options: { daily: boolean; runs: number; seconds: number },
): Promise<PropertyRun> {
  const seed = Number(process.env.MODEL_SEED ?? seedOfToday());
  const runs = Number(process.env.MODEL_RUNS ?? options.runs);
  const limit = 1000 * Number(process.env.MODEL_SECONDS ?? options.seconds);
  const started = performance.now();
  const path = process.env.MODEL_PATH;
  const details = await fc.check(sellerDataProperty(make, options), {
    seed,
    numRuns: runs,
    interruptAfterTimeLimit: limit,
    markInterruptAsFailure: false,
    ...(path ? { path } : {}),
  });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  if (details.failed)
    throw new Error(
      `seed ${seed}: ${fc.defaultReportMessage(details) ?? ""}\n${String(details.errorInstance)}`,
    );
  return { seed, runs, ran: details.numRuns, seconds };
}
