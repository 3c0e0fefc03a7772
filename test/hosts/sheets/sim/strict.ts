/**
 * How strict the simulator is, switch by switch. `STRICT` is Sheets as its documentation and
 * its users' reports describe it (README.md in this folder lists every assumption that Google
 * does not promise, with the test that covers the other way); `KIND` is the older, kinder
 * simulator some issue-10 tests were written against (executions queue, no quotas, fixed
 * latencies, no early eviction, no other sellers).
 */

export interface Strictness {
  /** Executions past the per-user limit fail at once ("exec qps") instead of queueing. */
  readonly failPastConcurrency: boolean;
  /** Trigger run time per user and day (ms): 90 min on consumer accounts. */
  readonly triggerMsPerDay: number;
  /** Properties reads + writes per user and day: 50,000 on consumer accounts. */
  readonly propertiesPerDay: number;
  /**
   * Each host call's time is its base latency times a log-normal draw (median 1, this sigma);
   * one call in `tailEvery` is `tailFactor` times slower still (0: fixed latencies).
   */
  readonly latencySigma: number;
  readonly tailEvery: number;
  readonly tailFactor: number;
  /** The reference server's own (wall) compute time is added to the simulated clock. */
  readonly serverTimeOnClock: boolean;
  /** Each cache entry is dropped early with this chance per simulated minute. */
  readonly cacheDropPerMinute: number;
  /** Past 1,000 items a cache keeps the 900 farthest from expiry (else the newest 1,000). */
  readonly googleEviction: boolean;
  /** Other sellers of the published add-on: their load on the shared script lock and cache. */
  readonly otherSellers: {
    readonly everyMs: number;
    readonly lockHoldMs: number;
    readonly cachePuts: number;
  } | null;
  /**
   * An add-on's clock trigger: "hourly" fires `after(ms)` no sooner than an hour; "jitter"
   * treats `after(ms)` as a minimum plus up to `clockJitterMs`; "refused" refuses to make one.
   */
  readonly clockTrigger: "hourly" | "jitter" | "refused";
  /** How late a clock trigger may fire: `after(ms)` in "jitter", each `everyHours` run in "hourly". */
  readonly clockJitterMs: number;
  /**
   * What `ScriptApp.getInstallationSource()` answers (documented: NONE "Script is not running as
   * an add-on"); null: as the clock says, NONE with "jitter" (a bound script's clock), an
   * add-on's WEB_STORE_ADD_ON with "hourly" or "refused". A switch so that a test can make the
   * two disagree (an add-on's test deployment is not documented either way).
   */
  readonly installationSource: "NONE" | "WEB_STORE_ADD_ON" | null;
  /**
   * A clock trigger's run may make the next one-off clock trigger for the file its trigger was
   * made in (a continuation). Not documented either way: add-on clock triggers belong to the
   * script, and "one of each type per user per document" is the only rule Google states.
   */
  readonly clockFromClock: boolean;
  /** Clear + flush + set back re-runs a custom function (community practice, not documented). */
  readonly rerunOnClearFlushSet: boolean;
  /** Document cache and properties work inside an add-on's custom functions (not documented). */
  readonly docStoresInCustomFunctions: boolean;
  /**
   * `getUserTriggers(document)` lists the add-on's time-driven triggers made in that document
   * too (not documented either way; false: only its edit/change/open triggers).
   */
  readonly userTriggersListClock: boolean;
  /**
   * Sheets runs the custom functions a menu script's flush touched while that script goes on
   * (sleeps, polls); false: only once it has ended (not documented either way).
   */
  readonly recalcDuringMenu: boolean;
}

export const KIND: Strictness = {
  failPastConcurrency: false,
  triggerMsPerDay: Number.POSITIVE_INFINITY,
  propertiesPerDay: Number.POSITIVE_INFINITY,
  latencySigma: 0,
  tailEvery: 0,
  tailFactor: 1,
  serverTimeOnClock: false,
  cacheDropPerMinute: 0,
  googleEviction: false,
  otherSellers: null,
  clockTrigger: "hourly",
  clockJitterMs: 0,
  installationSource: null,
  clockFromClock: false,
  rerunOnClearFlushSet: true,
  docStoresInCustomFunctions: true,
  userTriggersListClock: false,
  recalcDuringMenu: true,
};

export const STRICT: Strictness = {
  failPastConcurrency: true,
  triggerMsPerDay: 90 * 60_000,
  propertiesPerDay: 50_000,
  latencySigma: 0.5,
  tailEvery: 50,
  tailFactor: 8,
  serverTimeOnClock: true,
  // About 1 % of entries an hour.
  cacheDropPerMinute: 0.0002,
  googleEviction: true,
  otherSellers: { everyMs: 10_000, lockHoldMs: 300, cachePuts: 5 },
  clockTrigger: "jitter",
  clockJitterMs: 3 * 60_000,
  installationSource: null,
  clockFromClock: true,
  rerunOnClearFlushSet: true,
  docStoresInCustomFunctions: true,
  userTriggersListClock: false,
  recalcDuringMenu: true,
};

/** A small seeded random source (mulberry32): runs stay reproducible. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One call's time: `base` stretched by the stated distribution. */
export function drawLatency(base: number, s: Strictness, random: () => number): number {
  if (s.latencySigma === 0 && s.tailEvery === 0) return base;
  // Box-Muller: a standard normal draw.
  const z = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  let ms = base * Math.exp(s.latencySigma * z);
  if (s.tailEvery > 0 && random() < 1 / s.tailEvery) ms *= s.tailFactor;
  return Math.round(ms);
}

/** Messages Apps Script gives when its limits bite. */
export const TOO_MANY_CELLS =
  "Service invoked too many times in a short time: exec qps. Try Utilities.sleep(1000) between calls.";
export const TOO_MANY_SCRIPTS =
  "There are too many scripts running simultaneously for this Google user account.";
export const TRIGGER_TIME_USED = "Service using too much computer time for one day";
export const PROPERTIES_USED = "Service invoked too many times for one day: properties.";
