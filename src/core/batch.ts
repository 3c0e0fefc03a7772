/**
 * Batching for batch endpoints (spec.batch): id chunking, and a Batcher that merges calls
 * arriving within a short window (Excel and the browser: many cells, one request per
 * chunk of ids). Every caller's promise settles: on success, API error, network failure
 * or timeout. (Microsoft's sample forgets the failure case; a cell then shows #BUSY! for ever.)
 */
import type { EndpointSpec } from "../api/types";
import type { Timers } from "./clock";
import { globalTimers } from "./clock";
import { ApiError, toApiError } from "./errors";
import { canonicalJson } from "./hash";

/** Ids compare as strings: "17" from a cell and 17 from JSON are the same product. */
export function idKey(id: unknown): string {
  return String(id);
}

/** Distinct ids (first occurrence kept, compared as strings). */
export function distinctIds<T>(ids: readonly T[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const id of ids) {
    const key = idKey(id);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(id);
    }
  }
  return out;
}

/** Distinct ids in chunks of at most `maxIds`. */
export function splitIds<T>(ids: readonly T[], maxIds: number): T[][] {
  if (!(maxIds >= 1)) throw new Error("maxIds must be at least 1");
  const unique = distinctIds(ids);
  const chunks: T[][] = [];
  for (let i = 0; i < unique.length; i += maxIds) chunks.push(unique.slice(i, i + maxIds));
  return chunks;
}

/** The params of a batch call without its ids. */
export function paramsWithoutIds(
  params: Readonly<Record<string, unknown>>,
  idsField: string,
): Record<string, unknown> {
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) if (k !== idsField) rest[k] = v;
  return rest;
}

/** Calls with the same key may share one request: endpoint + canonical params without ids. */
export function batchKey(
  endpoint: string,
  params: Readonly<Record<string, unknown>>,
  idsField: string,
): string {
  return `${endpoint} ${canonicalJson(paramsWithoutIds(params, idsField))}`;
}

/** Entries of a batch response grouped by their id (as a string). */
export function groupEntriesById(
  entries: readonly unknown[],
  resultIdField: string,
): Map<string, unknown[]> {
  const byId = new Map<string, unknown[]>();
  for (const entry of entries) {
    if (entry === null || typeof entry !== "object") continue;
    const id = (entry as Record<string, unknown>)[resultIdField];
    if (id === undefined || id === null) continue;
    const key = idKey(id);
    const list = byId.get(key);
    if (list) list.push(entry);
    else byId.set(key, [entry]);
  }
  return byId;
}

/** The ids array of a batch call, or an INVALID_ARGUMENT error. */
export function batchIds(spec: EndpointSpec, params: Readonly<Record<string, unknown>>): unknown[] {
  const field = spec.batch?.idsField ?? "ids";
  const ids = params[field];
  if (!Array.isArray(ids) || ids.length === 0) {
    throw new ApiError("INVALID_ARGUMENT", `${field} must list at least one id`, { field });
  }
  return ids as unknown[];
}

/** Sends one batch request and resolves with its `data` (an array of entries). */
export type BatchSend = (
  endpoint: string,
  params: Record<string, unknown>,
  signal?: AbortSignal,
) => Promise<unknown>;

export interface BatcherOptions {
  readonly send: BatchSend;
  /** How long to gather calls before sending; default 50 ms. */
  readonly windowMs?: number;
  /** Longest wait for one batch request, retries included; default 30 s. */
  readonly timeoutMs?: number;
  readonly timers?: Timers;
}

export interface BatcherStats {
  /** Calls received. */
  calls: number;
  /** Requests sent. */
  requests: number;
  /** Ids sent (after merging). */
  idsSent: number;
}

interface Deferred {
  readonly id: unknown;
  readonly promise: Promise<unknown[]>;
  resolve(entries: unknown[]): void;
  reject(error: ApiError): void;
}

interface PendingGroup {
  readonly spec: EndpointSpec;
  readonly baseParams: Record<string, unknown>;
  readonly waiting: Deferred[];
}

/** Merges concurrent calls of batch endpoints into as few requests as the id limit allows. */
export class Batcher {
  readonly stats: BatcherStats = { calls: 0, requests: 0, idsSent: 0 };
  private readonly send: BatchSend;
  private readonly windowMs: number;
  private readonly timeoutMs: number;
  private readonly timers: Timers;
  /** Per batch key, the promise of every id pending or in flight: identical calls share it. */
  private readonly known = new Map<string, Map<string, Deferred>>();
  private readonly pending = new Map<string, PendingGroup>();
  private windowTimer: unknown = undefined;

  constructor(options: BatcherOptions) {
    this.send = options.send;
    this.windowMs = options.windowMs ?? 50;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.timers = options.timers ?? globalTimers();
  }

  /** Ask for the entries of these ids; resolves with this caller's entries only. */
  request(spec: EndpointSpec, params: Readonly<Record<string, unknown>>): Promise<unknown[]> {
    this.stats.calls++;
    const batch = spec.batch;
    if (!batch) return Promise.reject(new ApiError("CONFIG", `${spec.id} is not a batch endpoint`));
    let ids: unknown[];
    try {
      ids = distinctIds(batchIds(spec, params));
    } catch (e) {
      return Promise.reject(toApiError(e));
    }
    const key = batchKey(spec.id, params, batch.idsField);
    let known = this.known.get(key);
    if (!known) {
      known = new Map();
      this.known.set(key, known);
    }
    const promises = ids.map((id) => {
      const existing = known.get(idKey(id));
      if (existing) return existing.promise;
      const deferred = makeDeferred(id);
      known.set(idKey(id), deferred);
      const group = this.groupFor(key, spec, params);
      group.waiting.push(deferred);
      if (group.waiting.length >= batch.maxIds) this.flushGroup(key);
      return deferred.promise;
    });
    if (this.pending.size > 0 && this.windowTimer === undefined) {
      this.windowTimer = this.timers.setTimeout(() => this.flush(), this.windowMs);
    }
    return Promise.all(promises).then((lists) => lists.flat());
  }

  /** Send everything gathered so far now. */
  flush(): void {
    if (this.windowTimer !== undefined) {
      this.timers.clearTimeout(this.windowTimer);
      this.windowTimer = undefined;
    }
    for (const key of [...this.pending.keys()]) this.flushGroup(key);
  }

  /** Ids waiting for the window to close. */
  get pendingIds(): number {
    let n = 0;
    for (const g of this.pending.values()) n += g.waiting.length;
    return n;
  }

  private groupFor(
    key: string,
    spec: EndpointSpec,
    params: Readonly<Record<string, unknown>>,
  ): PendingGroup {
    let group = this.pending.get(key);
    if (!group) {
      group = {
        spec,
        baseParams: paramsWithoutIds(params, spec.batch?.idsField ?? ""),
        waiting: [],
      };
      this.pending.set(key, group);
    }
    return group;
  }

  private flushGroup(key: string): void {
    const group = this.pending.get(key);
    if (!group) return;
    this.pending.delete(key);
    const batch = group.spec.batch;
    if (!batch) return;
    for (let i = 0; i < group.waiting.length; i += batch.maxIds) {
      this.sendChunk(key, group, group.waiting.slice(i, i + batch.maxIds));
    }
  }

  private sendChunk(key: string, group: PendingGroup, chunk: Deferred[]): void {
    const batch = group.spec.batch;
    if (!batch) return;
    this.stats.requests++;
    this.stats.idsSent += chunk.length;
    const params = { ...group.baseParams, [batch.idsField]: chunk.map((d) => d.id) };
    const controller = typeof AbortController === "function" ? new AbortController() : undefined;
    let settled = false;
    const finish = (error: ApiError | null, data?: unknown): void => {
      if (settled) return;
      settled = true;
      this.timers.clearTimeout(timer);
      const known = this.known.get(key);
      for (const d of chunk) if (known?.get(idKey(d.id)) === d) known.delete(idKey(d.id));
      if (known && known.size === 0) this.known.delete(key);
      if (error === null && !Array.isArray(data)) {
        error = new ApiError(
          "BAD_RESPONSE",
          `${group.spec.id} answered without a list of entries: check the base URL in Settings`,
        );
      }
      if (error !== null) {
        for (const d of chunk) d.reject(error);
        return;
      }
      const byId = groupEntriesById(data as unknown[], batch.resultIdField);
      for (const d of chunk) d.resolve(byId.get(idKey(d.id)) ?? []);
    };
    const timer = this.timers.setTimeout(() => {
      controller?.abort();
      finish(
        new ApiError(
          "TIMEOUT",
          `The API did not answer within ${Math.round(this.timeoutMs / 1000)} s: recalculate to try again`,
        ),
      );
    }, this.timeoutMs);
    let sent: Promise<unknown>;
    try {
      sent = Promise.resolve(this.send(group.spec.id, params, controller?.signal));
    } catch (e) {
      sent = Promise.reject(e);
    }
    sent.then(
      (data) => finish(null, data),
      (e: unknown) => finish(toApiError(e)),
    );
  }
}

function makeDeferred(id: unknown): Deferred {
  let resolve!: (entries: unknown[]) => void;
  let reject!: (error: ApiError) => void;
  const promise = new Promise<unknown[]>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A caller may have gone (its Promise.all rejected on another id): never leave this unhandled.
  promise.catch(() => undefined);
  return { id, promise, resolve, reject };
}
