/**
 * Fill-down coalescing inside one cell's execution. Sheets runs each cell of a fill-down on
 * its own, so 300 cells of model ids would ask 300 times. A cell reads its column's formulas
 * and argument cells (read-only, as custom functions may), runs each sibling's body to its
 * first call and sends all of them through the planner at once: batch ids share requests of
 * 100, product calls may be answered from a shop-wide list. The answers land in the document
 * cache, where the siblings' own executions find them.
 *
 * About 30 siblings run at the same time and would all do this; one claims the fill-down
 * (script lock + a short-lived claim entry) and the others wait briefly for the cache.
 */
import {
  batchIds,
  canonicalJson,
  endpointLookup,
  paramsWithoutIds,
  performCallsSync,
  planCall,
  createDriverStats,
  isWaitingForQuota,
  sha256Hex,
  apiCall,
  type ApiCall,
  type CommonEnv,
  type EndpointLookup,
} from "../../../core";
import type { SheetFunction } from "../../../functions/define";
import type { CellInput } from "../../../functions";
import { firstCalls } from "./cacheOnly";
import type { CacheLike, LockLike } from "../stores/gas";
import { cacheKeysOf } from "../fill/readAhead";
import type { Session } from "./session";
import { fillDownOf, type ReadableBook, type ReadableSheet } from "./siblingCells";
import { noteQueue, ownerTag } from "../fill/waitingCells";
import { isWaitingText } from "./cellTexts";

/** Where the calling cell is, readable. */
export interface Place {
  readonly book: ReadableBook;
  readonly sheet: ReadableSheet;
  readonly row: number;
  readonly col: number;
}

export interface PrefetchDeps {
  readonly cache: CacheLike;
  readonly lock: () => LockLike;
  readonly session: Session;
  readonly sleep: (ms: number) => void;
  /** Siblings to fetch for (a refreshed cell fetches only for cells refreshed with it). */
  readonly include?: (row: number) => boolean;
}

/** A claim outlives no custom function (30 s). */
const CLAIM_TTL_SEC = 30;
const POLL_MS = 1000;
/** The longest a cell waits (for quota or a retry) to fetch its siblings' answers. */
const PREFETCH_MS = 5000;
/** Ids of one batch call cached one entry each (ResponseCache's maxPerIdEntries in Sheets). */
const IDS_PER_CALL = 100;

/** Batch calls with the same other params merged into calls of at most 100 ids; others as they are. */
export function mergeCalls(calls: readonly ApiCall[], lookup: EndpointLookup): ApiCall[] {
  const out: ApiCall[] = [];
  const groups = new Map<
    string,
    { call: ApiCall; field: string; ids: unknown[]; seen: Set<string> }
  >();
  const singles = new Set<string>();
  for (const c of calls) {
    let spec;
    try {
      spec = lookup(c.endpoint);
    } catch {
      continue;
    }
    if (!spec.batch) {
      const key = `${c.endpoint}\n${canonicalJson(c.params)}\n${canonicalJson(c.reads ?? null)}`;
      if (!singles.has(key)) out.push(c);
      singles.add(key);
      continue;
    }
    const field = spec.batch.idsField;
    const base = paramsWithoutIds(c.params, field);
    const key = `${c.endpoint}\n${canonicalJson(base)}\n${canonicalJson(c.reads ?? null)}`;
    const g = groups.get(key) ?? { call: c, field, ids: [], seen: new Set<string>() };
    groups.set(key, g);
    let ids: unknown[] = [];
    try {
      ids = batchIds(spec, c.params);
    } catch {
      continue;
    }
    for (const id of ids)
      if (!g.seen.has(String(id))) {
        g.seen.add(String(id));
        g.ids.push(id);
      }
  }
  for (const g of groups.values()) {
    const base = paramsWithoutIds(g.call.params, g.field);
    for (let i = 0; i < g.ids.length; i += IDS_PER_CALL)
      out.push(
        apiCall(
          g.call.endpoint,
          { ...base, [g.field]: g.ids.slice(i, i + IDS_PER_CALL) },
          g.call.reads,
        ),
      );
  }
  return out;
}

/** Requests these calls need at most (batch ids 100 a request; lists may need fewer). */
export function requestsFor(calls: readonly ApiCall[], lookup: EndpointLookup): number {
  const ids = new Map<string, number>();
  let singles = 0;
  for (const c of calls) {
    const n = idsIn(c, lookup);
    if (n === null) singles++;
    else ids.set(c.endpoint, (ids.get(c.endpoint) ?? 0) + n);
  }
  return singles + [...ids.values()].reduce((n, k) => n + Math.ceil(k / IDS_PER_CALL), 0);
}

/** Ids a batch call asks for; null for other calls. */
function idsIn(call: ApiCall, lookup: EndpointLookup): number | null {
  try {
    const spec = lookup(call.endpoint);
    return spec.batch ? batchIds(spec, call.params).length : null;
  } catch {
    return null;
  }
}

/** Cells these calls answer (one per id of a merged batch call). */
function cellsFor(calls: readonly ApiCall[], lookup: EndpointLookup): number {
  return calls.reduce((n, c) => n + (idsIn(c, lookup) ?? 1), 0);
}

function allCached(calls: readonly ApiCall[], env: CommonEnv): boolean {
  const stats = createDriverStats();
  return calls.every((c) => planCall(c, env, stats).kind === "done");
}

/** What each sibling shows now (one read of the column's block). */
function shownBy(place: Place, siblings: readonly { row: number }[]): Map<number, unknown> {
  const top = Math.min(...siblings.map((s) => s.row));
  const bottom = Math.max(...siblings.map((s) => s.row));
  const out = new Map<number, unknown>();
  try {
    const values = place.sheet.getRange(top, place.col, bottom - top + 1, 1).getValues();
    for (const s of siblings) out.set(s.row, values[s.row - top]?.[0]);
  } catch {
    // Unreadable: every sibling counts as needing its answer.
  }
  return out;
}

/**
 * A sibling that shows an answer already (a number, or text that is neither a waiting text,
 * Loading... nor an error) is never fetched for: its answer may have expired from the cache,
 * and fetching it again would spend the quota the waiting cells need.
 */
function needsAnswer(shown: unknown): boolean {
  if (shown === undefined || shown === null || shown === "") return true;
  if (typeof shown !== "string") return false;
  return shown === "Loading..." || shown.startsWith("#") || isWaitingText(shown);
}

function claim(deps: PrefetchDeps, key: string): boolean {
  const lock = deps.lock();
  if (!lock.tryLock(1000)) return false;
  try {
    if (deps.cache.get(key) !== null) return false;
    deps.cache.put(key, String(deps.session.clock.now()), CLAIM_TTL_SEC);
    return true;
  } finally {
    lock.releaseLock();
  }
}

/**
 * Answer the fill-down this cell belongs to in as few requests as the planner finds, or wait
 * briefly for the sibling that does. Returns how many cells the fill-down has (1: none).
 */
export function prefetchFillDown(
  fn: SheetFunction,
  ownArgs: readonly CellInput[],
  place: Place,
  deps: PrefetchDeps,
): number {
  const env = deps.session.env;
  // A server that is down: no prefetch, no waiting for a sibling; the cell says so at once.
  const down = (): boolean =>
    (env.breaker?.status(deps.session.apiKey, env.baseUrl).state ?? "closed") !== "closed";
  const own = firstCalls(() => fn.program(ownArgs, deps.session.basis));
  if (own.length === 0 || allCached(own, env) || down()) return 1;
  const fill = fillDownOf(place.book, place.sheet, place.row, place.col);
  if (!fill || fill.siblings.length < 2) return 1;
  const key = `mkc1:${sha256Hex(`${ownerTag(env)}\n${place.sheet.getName()}\n${place.col}\n${fill.r1c1}`).slice(0, 32)}`;
  const clock = deps.session.clock;
  if (!claim(deps, key)) {
    const until = Math.min(env.deadline - 5000, clock.now() + 20_000);
    while (clock.now() + POLL_MS < until) {
      deps.sleep(POLL_MS);
      deps.session.readAhead.forget();
      if (allCached(own, env) || deps.cache.get(key) === null || down()) break;
    }
    return fill.siblings.length;
  }
  const lookup = endpointLookup(env);
  const shown = shownBy(place, fill.siblings);
  const others = fill.siblings.filter(
    (s) => s.row !== place.row && (deps.include?.(s.row) ?? true) && needsAnswer(shown.get(s.row)),
  );
  const calls = mergeCalls(
    [...own, ...others.flatMap((s) => firstCalls(() => fn.program(s.args, deps.session.basis)))],
    lookup,
  );
  try {
    if (env.cache) deps.session.readAhead.prime(cacheKeysOf(calls, env.cache, env));
    // Short: siblings are not worth this cell's time (a failing server retries until the deadline).
    const deadline = Math.min(env.deadline - 2000, clock.now() + PREFETCH_MS);
    performCallsSync(calls, { ...env, deadline }, createDriverStats());
  } catch (err) {
    if (!isWaitingForQuota(err)) throw err;
    noteQueue(deps.cache, {
      cells: Math.max(1, cellsFor(err.calls, lookup)),
      requests: requestsFor(err.calls, lookup),
      readyAt: err.readyAt,
      pausedUntil: err.paused ? err.readyAt : null,
      at: clock.now(),
    });
  } finally {
    deps.cache.remove(key);
  }
  return fill.siblings.length;
}
