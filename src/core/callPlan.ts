/**
 * How one ApiCall is answered, shared by both drivers: look in the cache (per id for batch
 * endpoints, so ids already cached are not sent again), build the request(s) for what is
 * missing, and afterwards cache the answer or, on a retryable failure, fall back to the
 * last good value (stale-if-error). Errors are never cached.
 */
import type { EndpointSpec } from "../api/types";
import { batchIds, distinctIds, groupEntriesById, idKey, paramsWithoutIds } from "./batch";
import type { CommonEnv, DriverStats } from "./driverEnv";
import { endpointLookup } from "./driverEnv";
import type { ApiCall, Settled } from "./effects";
import { ApiError, toApiError } from "./errors";
import type { HttpRequest } from "./request";
import { buildRequest, checkedKey } from "./request";

/** A call already answered (cache hit or invalid arguments). */
export interface DonePlan {
  readonly kind: "done";
  readonly result: Settled<unknown>;
}

/** A call needing one request. */
export interface SinglePlan {
  readonly kind: "single";
  readonly spec: EndpointSpec;
  readonly request: HttpRequest;
  finish(outcome: Settled<unknown>): Settled<unknown>;
}

/** A batch call whose ids not in the cache must be fetched. */
export interface BatchPlan {
  readonly kind: "batch";
  readonly spec: EndpointSpec;
  readonly baseParams: Record<string, unknown>;
  readonly missingIds: unknown[];
  /** The request for some of the missing ids (a chunk of at most maxIds). */
  requestFor(ids: readonly unknown[]): HttpRequest;
  /** Finish with the entries of all missing ids (any order), or the failure. */
  finish(outcome: Settled<unknown[]>): Settled<unknown>;
}

export type CallPlan = DonePlan | SinglePlan | BatchPlan;

/** Plan one call (never throws: problems become a done plan with an error). */
export function planCall(call: ApiCall, env: CommonEnv, stats: DriverStats): CallPlan {
  try {
    const apiKey = checkedKey(env.apiKey);
    const spec = lookup(env, call.endpoint);
    const target = { baseUrl: env.baseUrl, apiKey };
    // Cached answers belong to a key on one server: the same key against a test and a live
    // server must not share entries.
    const owner = `${apiKey}\n${env.baseUrl}`;
    if (spec.batch) return planBatch(call, spec, env, stats, owner, target);
    const cache = env.cache;
    // Build first: invalid arguments fail even when something is cached.
    const request = buildRequest(spec, call.params, target);
    const hit = cache?.get(owner, spec.id, call.params);
    if (hit) {
      stats.cacheHits++;
      return { kind: "done", result: { ok: true, value: hit.value } };
    }
    if (cache) stats.cacheMisses++;
    return {
      kind: "single",
      spec,
      request,
      finish(outcome) {
        if (outcome.ok) {
          cache?.put(owner, spec.id, call.params, outcome.value);
          return outcome;
        }
        if (cache && outcome.error.retryable) {
          const stale = cache.getStale(owner, spec.id, call.params);
          if (stale) {
            stats.staleServed++;
            env.onStale?.(spec.id);
            return { ok: true, value: stale.value };
          }
        }
        return outcome;
      },
    };
  } catch (e) {
    return { kind: "done", result: { ok: false, error: toApiError(e) } };
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

function planBatch(
  call: ApiCall,
  spec: EndpointSpec,
  env: CommonEnv,
  stats: DriverStats,
  owner: string,
  target: { baseUrl: string; apiKey: string },
): CallPlan {
  const batch = spec.batch;
  if (!batch) throw new ApiError("CONFIG", `${spec.id} is not a batch endpoint`);
  const ids = distinctIds(batchIds(spec, call.params));
  const baseParams = paramsWithoutIds(call.params, batch.idsField);
  // Validate the other params once with the first id, before touching the cache.
  buildRequest(spec, { ...baseParams, [batch.idsField]: ids.slice(0, 1) }, target);
  const cache = env.cache;
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
  if (cache) {
    const hits = cache.getMany<unknown[]>(
      owner,
      spec.id,
      ids.map((id) => perIdParams(baseParams, batch.idsField, id)),
    );
    hits.forEach((hit, i) => {
      if (hit && Array.isArray(hit.value)) known.set(idKey(ids[i]), hit.value);
    });
    stats.cacheHits += known.size;
    stats.cacheMisses += ids.length - known.size;
  }
  const missingIds = ids.filter((id) => !known.has(idKey(id)));
  const assemble = (): unknown[] => ids.flatMap((id) => known.get(idKey(id)) ?? []);
  if (missingIds.length === 0) return { kind: "done", result: { ok: true, value: assemble() } };
  return {
    kind: "batch",
    spec,
    baseParams,
    missingIds,
    requestFor: (chunk) =>
      buildRequest(spec, { ...baseParams, [batch.idsField]: [...chunk] }, target),
    finish(outcome) {
      if (outcome.ok) {
        const byId = groupEntriesById(outcome.value, batch.resultIdField);
        const writes = missingIds.map((id) => {
          // An id with no entry is cached as an empty list: repeating it costs nothing.
          const entries = byId.get(idKey(id)) ?? [];
          known.set(idKey(id), entries);
          return { params: perIdParams(baseParams, batch.idsField, id), value: entries };
        });
        const value = assemble();
        if (wholeParams) cache?.put(owner, spec.id, wholeParams, value);
        else cache?.putMany(owner, spec.id, writes);
        return { ok: true, value };
      }
      if (cache && outcome.error.retryable) {
        const whole = wholeParams ? cache.getStale<unknown[]>(owner, spec.id, wholeParams) : null;
        if (whole && Array.isArray(whole.value)) {
          stats.staleServed++;
          env.onStale?.(spec.id);
          return { ok: true, value: whole.value };
        }
        const stale = missingIds.map((id) =>
          cache.getStale<unknown[]>(owner, spec.id, perIdParams(baseParams, batch.idsField, id)),
        );
        if (stale.every((s) => s !== null && Array.isArray(s.value))) {
          missingIds.forEach((id, i) => known.set(idKey(id), stale[i]?.value ?? []));
          stats.staleServed++;
          env.onStale?.(spec.id);
          return { ok: true, value: assemble() };
        }
      }
      return outcome;
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
