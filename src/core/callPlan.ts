/**
 * How one ApiCall is answered, shared by both drivers: look in the cache (per id for batch
 * endpoints, so ids already cached are not sent again), turn what is missing into needs for
 * the scheduler, and afterwards assemble the call's answer from its needs' outcomes or, on a
 * retryable failure, fall back to the last good value (stale-if-error). Errors are never cached.
 * Answers are cached as they arrive (storeAnswers), under each need's own key, so an answer
 * the caller no longer waits for (a cancelled cell) still lands in the cache.
 */
import type { EndpointSpec } from "../api/types";
import { batchIds, distinctIds, idKey, paramsWithoutIds } from "./batch";
import type { CacheHit, ResponseCache } from "./cache";
import type { CommonEnv, DriverStats } from "./driverEnv";
import { createDriverStats, endpointLookup } from "./driverEnv";
import type { AnswerReads, ApiCall, Settled } from "./effects";
import { ApiError, pausedError, toApiError } from "./errors";
import { buildRequest, checkedKey } from "./request";
import { pairFor } from "./schedule/listPairs";
import { type Need, needKey, readsSatisfied } from "./schedule/need";

/** A call already answered (cache hit or invalid arguments). */
export interface DonePlan {
  readonly kind: "done";
  readonly result: Settled<unknown>;
}

/** A call waiting for needs (one for a single call, one per missing id of a batch call). */
export interface NeedsPlan {
  readonly kind: "needs";
  readonly needs: readonly Need[];
  /** The call's answer from its needs' outcomes, in order. */
  finish(outcomes: ReadonlyArray<Settled<unknown>>): Settled<unknown>;
}

export type CallPlan = DonePlan | NeedsPlan;

/** Plan one call (never throws: problems become a done plan with an error). */
export function planCall(call: ApiCall, env: CommonEnv, stats: DriverStats): CallPlan {
  try {
    const apiKey = checkedKey(env.apiKey);
    const spec = lookup(env, call.endpoint);
    const target = { baseUrl: env.baseUrl, apiKey };
    const plan = spec.batch
      ? planBatch(call, spec, env, stats, target)
      : // Build first: invalid arguments fail even when something is cached.
        (buildRequest(spec, call.params, target), planSingle(call, spec, env, stats));
    return env.paused && plan.kind === "needs" ? answerPaused(plan) : plan;
  } catch (e) {
    return { kind: "done", result: { ok: false, error: toApiError(e) } };
  }
}

/** Live calls paused: the last good answer, however old (the finish's stale-if-error), or say so. */
function answerPaused(plan: NeedsPlan): CallPlan {
  const paused = pausedError();
  const stale = new ApiError("SERVER", paused.message);
  const result = plan.finish(plan.needs.map(() => ({ ok: false as const, error: stale })));
  return { kind: "done", result: result.ok ? result : { ok: false, error: paused } };
}

/** Cached answers belong to a key on one server: a test and a live server never share. */
export function cacheOwner(env: Pick<CommonEnv, "apiKey" | "baseUrl">): string {
  return `${env.apiKey ?? ""}\n${env.baseUrl}`;
}

/**
 * Where an answer taken from a shop-wide list entry is cached: beside the endpoint's own
 * answers, not under them, because the entry may carry less (only callers whose reads it
 * meets may use it).
 */
export function listCacheEndpoint(endpoint: string): string {
  return `${endpoint}~list`;
}

/** One need's answer; `fromList`: a list entry in the endpoint's shape (maybe partial). */
export interface NeedAnswer {
  readonly need: Need;
  readonly value: unknown;
  readonly fromList: boolean;
}

/** Cache answers under each need's own key, one store round trip per endpoint. */
export function storeAnswers(env: CommonEnv, answers: readonly NeedAnswer[]): void {
  const cache = env.cache;
  if (!cache) return;
  const byEndpoint = new Map<
    string,
    Array<{ params: Readonly<Record<string, unknown>>; value: unknown }>
  >();
  for (const a of answers) {
    const need = a.need;
    if (!need.cacheEach) continue;
    const endpoint = a.fromList ? listCacheEndpoint(need.endpoint) : need.endpoint;
    byEndpoint.set(endpoint, [
      ...(byEndpoint.get(endpoint) ?? []),
      { params: need.params, value: a.value },
    ]);
  }
  for (const [endpoint, writes] of byEndpoint) cache.putMany(cacheOwner(env), endpoint, writes);
}

/** The cache entries a call's answer lives in (a batch call: one per id, or one for all). */
function entriesOf(
  call: ApiCall,
  env: CommonEnv,
): Array<{ endpoint: string; params: Readonly<Record<string, unknown>> }> {
  const spec = endpointLookup(env)(call.endpoint);
  const batch = spec.batch;
  if (!batch) {
    const own = [{ endpoint: spec.id, params: call.params }];
    return pairFor(spec.id)
      ? [...own, { endpoint: listCacheEndpoint(spec.id), params: call.params }]
      : own;
  }
  const ids = Array.isArray(call.params[batch.idsField])
    ? distinctIds(call.params[batch.idsField] as unknown[])
    : [];
  const base = paramsWithoutIds(call.params, batch.idsField);
  return [
    { endpoint: spec.id, params: { ...base, [batch.idsField]: ids.map(idKey) } },
    ...ids.map((id) => ({ endpoint: spec.id, params: perIdParams(base, batch.idsField, id) })),
  ];
}

/** Forget a call's cached answers, so its next run asks the API (a refresh). */
export function forgetCall(env: CommonEnv, call: ApiCall): void {
  const cache = env.cache;
  if (!cache) return;
  try {
    // Expired, not removed: the last good answer still stands in while the API fails.
    for (const e of entriesOf(call, env)) cache.expire(cacheOwner(env), e.endpoint, e.params);
  } catch {
    // An unknown endpoint has nothing cached.
  }
}

/** Is every cached answer of this call younger than the cache time? (An unknown call: no.) */
export function answeredWithinCacheTime(env: CommonEnv, call: ApiCall): boolean {
  const cache = env.cache;
  if (!cache) return false;
  try {
    const plan = planCall(call, { ...env, paused: false }, createDriverStats());
    if (plan.kind !== "done" || !plan.result.ok) return false;
    const hits = entriesOf(call, env)
      .map((e) => cache.getStale(cacheOwner(env), e.endpoint, e.params))
      .filter((hit) => hit !== null && !hit.stale);
    return hits.length > 0 && hits.every((hit) => hit !== null && cache.withinCacheTime(hit));
  } catch {
    return false;
  }
}

/**
 * Did the API answer this call at `since` (ms) or later (its fresh cached answers all stored
 * since)? A refresh then has nothing newer to ask for.
 */
export function answeredSince(env: CommonEnv, call: ApiCall, since: number): boolean {
  const cache = env.cache;
  if (!cache) return false;
  try {
    const hits = entriesOf(call, env)
      .map((e) => cache.getStale(cacheOwner(env), e.endpoint, e.params))
      .filter((h) => h !== null && !h.stale);
    return hits.length > 0 && hits.every((h) => h !== null && h.storedAt >= since);
  } catch {
    return false;
  }
}

/** The params under which one id's entries are cached: the call's params with just that id. */
export function perIdParams(
  baseParams: Readonly<Record<string, unknown>>,
  idsField: string,
  id: unknown,
): Record<string, unknown> {
  return { ...baseParams, [idsField]: [idKey(id)] };
}

function planSingle(
  call: ApiCall,
  spec: EndpointSpec,
  env: CommonEnv,
  stats: DriverStats,
): CallPlan {
  const cache = env.cache;
  const owner = cacheOwner(env);
  const hit = cache
    ? (cachedHit(cache, owner, spec.id, call.params, call.reads, false)?.value ?? null)
    : null;
  if (hit !== null) {
    stats.cacheHits++;
    return { kind: "done", result: { ok: true, value: hit } };
  }
  if (cache) stats.cacheMisses++;
  const need: Need = {
    key: needKey(spec.id, call.params),
    endpoint: spec.id,
    params: call.params,
    ...(call.reads ? { reads: call.reads } : {}),
    ...(call.callerSplits ? { callerSplits: true } : {}),
    listOk: true,
    cacheEach: true,
  };
  return {
    kind: "needs",
    needs: [need],
    finish([outcome]) {
      const result = outcome ?? { ok: false as const, error: toApiError(new Error("no answer")) };
      keyRejected(env, result);
      if (result.ok || !cache || !result.error.retryable) return result;
      const stale = cachedHit(cache, owner, spec.id, call.params, call.reads, true);
      if (stale === null) return result;
      stats.staleServed++;
      env.onStale?.(spec.id, stale.storedAt);
      return { ok: true, value: stale.value };
    },
  };
}

/** A rejected key (401/403): its cached answers go, and the host is told. */
function keyRejected(env: CommonEnv, outcome: Settled<unknown>): void {
  if (outcome.ok || outcome.error.code !== "AUTH") return;
  env.cache?.forgetKey(cacheOwner(env));
  env.onRejectedKey?.();
}

/**
 * A cached answer, with when it was stored: the endpoint's own, else one from a list entry
 * that meets the reads.
 */
function cachedHit(
  cache: ResponseCache,
  owner: string,
  endpoint: string,
  params: Readonly<Record<string, unknown>>,
  reads: readonly AnswerReads[] | undefined,
  staleOk: boolean,
): CacheHit<unknown> | null {
  const read = (e: string) =>
    staleOk ? cache.getStale(owner, e, params) : cache.get(owner, e, params);
  const own = read(endpoint);
  if (own) return own;
  if (reads === undefined || !pairFor(endpoint)?.partial) return null;
  const fromList = read(listCacheEndpoint(endpoint));
  return fromList && readsSatisfied(fromList.value, reads) ? fromList : null;
}

function planBatch(
  call: ApiCall,
  spec: EndpointSpec,
  env: CommonEnv,
  stats: DriverStats,
  target: { baseUrl: string; apiKey: string },
): CallPlan {
  const batch = spec.batch;
  if (!batch) throw new ApiError("CONFIG", `${spec.id} is not a batch endpoint`);
  const ids = distinctIds(batchIds(spec, call.params));
  const baseParams = paramsWithoutIds(call.params, batch.idsField);
  // Validate the other params once with the first id, before touching the cache.
  buildRequest(spec, { ...baseParams, [batch.idsField]: ids.slice(0, 1) }, target);
  const cache = env.cache;
  const owner = cacheOwner(env);
  // Many ids: one entry for the whole call rather than one per id (see maxPerIdEntries).
  const wholeParams =
    cache && ids.length > cache.maxPerIdEntries
      ? { ...baseParams, [batch.idsField]: ids.map(idKey) }
      : null;
  if (cache && wholeParams) {
    const hit = cache.get<unknown[]>(owner, spec.id, wholeParams);
    if (hit && Array.isArray(hit.value)) {
      stats.cacheHits += ids.length;
      return { kind: "done", result: { ok: true, value: hit.value } };
    }
  }
  const known = new Map<string, unknown[]>();
  const idParams = (id: unknown) => perIdParams(baseParams, batch.idsField, id);
  if (cache && !wholeParams) {
    const hits = cache.getMany<unknown[]>(owner, spec.id, ids.map(idParams));
    hits.forEach((hit, i) => {
      if (hit && Array.isArray(hit.value)) known.set(idKey(ids[i]), hit.value);
    });
    stats.cacheHits += known.size;
    stats.cacheMisses += ids.length - known.size;
  }
  const missingIds = ids.filter((id) => !known.has(idKey(id)));
  const assemble = (): unknown[] => ids.flatMap((id) => known.get(idKey(id)) ?? []);
  if (missingIds.length === 0) return { kind: "done", result: { ok: true, value: assemble() } };
  const needs: Need[] = missingIds.map((id) => ({
    key: needKey(spec.id, idParams(id)),
    endpoint: spec.id,
    params: idParams(id),
    batchId: id,
    listOk: true,
    cacheEach: wholeParams === null,
    ...(call.callerSplits ? { callerSplits: true } : {}),
  }));
  return {
    kind: "needs",
    needs,
    finish(outcomes) {
      const failure = outcomes.find((o) => !o.ok);
      if (failure) keyRejected(env, failure);
      if (!failure) {
        missingIds.forEach((id, i) => {
          const o = outcomes[i];
          known.set(idKey(id), o?.ok && Array.isArray(o.value) ? (o.value as unknown[]) : []);
        });
        const value = assemble();
        if (wholeParams) cache?.put(owner, spec.id, wholeParams, value);
        return { ok: true, value };
      }
      if (failure.ok || !cache || !failure.error.retryable) return failure;
      const whole = wholeParams ? cache.getStale<unknown[]>(owner, spec.id, wholeParams) : null;
      if (whole && Array.isArray(whole.value)) {
        stats.staleServed++;
        env.onStale?.(spec.id, whole.storedAt);
        return { ok: true, value: whole.value };
      }
      const stale = missingIds.map((id, i) =>
        outcomes[i]?.ok ? null : cache.getStale<unknown[]>(owner, spec.id, idParams(id)),
      );
      const usable = missingIds.every((_, i) => outcomes[i]?.ok || Array.isArray(stale[i]?.value));
      if (!usable) return failure;
      missingIds.forEach((id, i) => {
        const o = outcomes[i];
        known.set(idKey(id), (o?.ok ? o.value : stale[i]?.value) as unknown[]);
      });
      stats.staleServed++;
      env.onStale?.(
        spec.id,
        Math.min(...stale.map((h) => h?.storedAt ?? Number.POSITIVE_INFINITY)),
      );
      return { ok: true, value: assemble() };
    },
  };
}

function lookup(env: CommonEnv, endpoint: string): EndpointSpec {
  try {
    return endpointLookup(env)(endpoint);
  } catch {
    throw new ApiError("CONFIG", `Unknown endpoint ${endpoint}: update the add-on`);
  }
}
