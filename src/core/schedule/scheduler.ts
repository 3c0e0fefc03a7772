/**
 * The async request scheduler: one per API key and base URL in a runtime (Excel's shared
 * runtime, a browser tab), shared by every cell and the sidebar. Calls queue; they never fail
 * for waiting. Whenever a request may go (quota, breaker, a few in flight at most) the pending
 * needs are planned afresh, so a batch or list keeps absorbing new ids while quota is short,
 * and the next request is taken from the lanes (one per endpoint) in turn, so batched and
 * single requests share the budget fairly. 429: the key pauses for Retry-After and the
 * request queues again, unless the API has refused the key too long (Quota's MAX_REFUSED_MS):
 * then, as when the breaker finds the server down, everything pending fails at once.
 */
import type { AsyncClock, Timers } from "../clock";
import { globalTimers } from "../clock";
import { type CallPlan, planCall, storeAnswers } from "../callPlan";
import type { CommonEnv, DriverStats } from "../driverEnv";
import { createDriverStats, endpointLookup } from "../driverEnv";
import type { ApiCall, Settled } from "../effects";
import { ApiError, redactKey, toApiError } from "../errors";
import type { HttpRequest } from "../request";
import { buildRequest, checkedKey } from "../request";
import type { HttpResponse } from "../response";
import { parseResponse } from "../response";
import { DEFAULT_RETRY_POLICY } from "../retry";
import type { BreakerStatus } from "./breaker";
import type { Fetch } from "./coalesce";
import { Gate } from "./gate";
import { keepFor, type RequestShare } from "./jobShare";
import { NeedBook } from "./needBook";
import type { QuotaStatus, QuotaTicket } from "./quota";
import { noAnswerError } from "./verdict";

/**
 * How long one request may take: a browser's fetch is the CORS preflight and the request
 * together (two legs it cannot time apart), so a proxy taking 15 s a leg still answers inside.
 * A request that takes longer fails as "did not answer in time"; the cell then asks again by
 * itself (src/hosts/shared/reask.ts).
 */
export const REQUEST_TIMEOUT_MS = 45_000;

/** A promise-based HTTP client (fetch). It should abort when the signal fires. */
export interface AsyncTransport {
  fetch(request: HttpRequest, options?: { signal?: AbortSignal }): Promise<HttpResponse>;
}

export interface SchedulerEnv extends CommonEnv {
  readonly transport: AsyncTransport;
  readonly clock: AsyncClock;
  readonly timers?: Timers;
  /** Longest wait for one HTTP request, its CORS preflight included; default 45 s. */
  readonly requestTimeoutMs?: number;
  /** How long the first call of a burst waits for others to join it; default 50 ms. */
  readonly batchWindowMs?: number;
  /** Requests in flight at most (browsers open six connections per host); default 6. */
  readonly maxInFlight?: number;
}

/** The scheduler at a glance (the sidebar's status line). */
export interface SchedulerStatus {
  /** Calls (cells, sidebar asks) waiting for an answer; a job's are not among them. */
  readonly queuedCalls: number;
  /** Calls of jobs (imports, pricing builds) waiting: the job's own line counts its work. */
  readonly jobCalls?: number;
  /** Requests the queue needs now, as planned (before new cells join). */
  readonly queuedRequests: number;
  readonly inFlight: number;
  /** Estimated ms until the queue is done, at the quota's pace. */
  readonly etaMs: number;
  readonly quota: QuotaStatus | null;
  readonly breaker: BreakerStatus | null;
  /** When a request last went out or came back (ms): a queue that moves is healthy. */
  readonly lastActivityAt: number;
  /** Requests sent since the scheduler started (every caller on this key and address). */
  readonly requestsSent: number;
}

type Listener = () => void;

export interface RequestOptions {
  readonly signal?: AbortSignal;
  readonly env?: CommonEnv;
  /**
   * At cancel, also abort the request in flight when nobody else waits for it (an import
   * page: nothing is cached, so its answer is worth nothing). Cells leave this off: their
   * answer in flight completes into the cache for the restarted cell.
   */
  readonly abortInFlight?: boolean;
  /** A job's call: it leaves cells their room in the quota (jobShare.ts). */
  readonly share?: RequestShare;
}

/** One key's request scheduler (see the file comment). */
export class Scheduler {
  readonly stats: DriverStats;
  private readonly env: SchedulerEnv;
  private readonly timers: Timers;
  private readonly gate: Gate;
  private readonly book = new NeedBook();
  private readonly waiters = new Map<number, Set<(s: Settled<unknown>) => void>>();
  private readonly listPages = new Map<string, number>();
  private readonly listeners = new Set<Listener>();
  private pages: Fetch[] = [];
  /** Requests in flight and how to abort them. */
  private readonly flying = new Map<
    Fetch,
    { controller: AbortController | undefined; aborted: boolean }
  >();
  private lane = 0;
  private inFlight = 0;
  private calls = 0;
  private jobCalls = 0;
  /** Waiters of jobs' calls: a fetch only they wait for goes in the job's share. */
  private readonly jobWaiters = new WeakSet<(s: Settled<unknown>) => void>();
  private lastActivityAt = 0;
  /** Where answers are cached: the latest caller's env that has a cache (its TTL may change). */
  private storeEnv: CommonEnv;
  private wake: { at: number } | undefined;
  private wakeToken = 0;

  constructor(env: SchedulerEnv) {
    this.env = env;
    this.storeEnv = env;
    this.stats = env.stats ?? createDriverStats();
    this.timers = env.timers ?? globalTimers();
    this.gate = new Gate({
      apiKey: env.apiKey ?? "",
      baseUrl: env.baseUrl,
      clock: env.clock,
      quota: env.quota,
      breaker: env.breaker,
    });
  }

  /**
   * Answer one call; never rejects. An aborted signal withdraws it (an answer in flight
   * still lands in the cache). `env`: the caller's cache and counters (the sidebar's imports
   * plan without a cache, so they are always fresh); the key and server are the scheduler's.
   */
  request(call: ApiCall, options: RequestOptions = {}): Promise<Settled<unknown>> {
    const signal = options.signal;
    const callerEnv = options.env ?? this.env;
    // The caller's settings of the moment: its cache answers, its cache stores what comes back.
    if (callerEnv.cache) this.storeEnv = callerEnv;
    const plan: CallPlan = planCall(call, callerEnv, this.stats);
    if (plan.kind === "done") return Promise.resolve(plan.result);
    if (signal?.aborted) return Promise.resolve({ ok: false, error: cancelledError() });
    const job = options.share === "job";
    this.calls++;
    if (job) this.jobCalls++;
    // "Answer from shop-wide lists" off for this caller: its needs ask their own endpoints.
    const noLists = callerEnv.substituteLists === false;
    const ids = plan.needs.map((n) => this.book.add(noLists ? { ...n, listOk: false } : n));
    return new Promise<Settled<unknown>>((resolve) => {
      const outcomes = new Map<number, Settled<unknown>>();
      const mine = new Map<number, (s: Settled<unknown>) => void>();
      let done = false;
      const finish = (result: Settled<unknown>): void => {
        if (done) return;
        done = true;
        this.calls--;
        if (job) this.jobCalls--;
        for (const [id, w] of mine) this.waiters.get(id)?.delete(w);
        signal?.removeEventListener("abort", onAbort);
        resolve(result);
        this.changed();
      };
      const onAbort = (): void => {
        for (const [id, w] of mine) {
          const set = this.waiters.get(id);
          set?.delete(w);
          if (set && set.size === 0 && this.book.withdraw(id)) this.waiters.delete(id);
        }
        if (options.abortInFlight) this.abortUnwanted();
        finish({ ok: false, error: cancelledError() });
      };
      for (const id of new Set(ids)) {
        const w = (s: Settled<unknown>): void => {
          outcomes.set(id, s);
          if (outcomes.size < new Set(ids).size) return;
          finish(
            plan.finish(ids.map((i) => outcomes.get(i) ?? { ok: false, error: noAnswerError() })),
          );
        };
        mine.set(id, w);
        if (job) this.jobWaiters.add(w);
        let set = this.waiters.get(id);
        if (!set) this.waiters.set(id, (set = new Set()));
        set.add(w);
      }
      signal?.addEventListener("abort", onAbort);
      this.schedule(this.env.batchWindowMs ?? 50);
      this.changed();
    });
  }

  /** Queue, quota and breaker at a glance. */
  status(): SchedulerStatus {
    const now = this.env.clock.now();
    const queuedRequests = this.pages.length + this.planNow(this.book.waiting()).length;
    const { quota, breaker } = this.gate.status();
    let etaMs = 0;
    if (quota && queuedRequests > 0) {
      const free = Math.max(0, quota.limit - quota.used);
      const start = Math.max(0, quota.nextSlotAt - now, (quota.pausedUntil ?? 0) - now);
      const later = Math.max(0, queuedRequests - free);
      etaMs = start + Math.ceil(later / quota.limit) * 61_000;
    }
    return {
      queuedCalls: this.calls - this.jobCalls,
      jobCalls: this.jobCalls,
      queuedRequests,
      inFlight: this.inFlight,
      etaMs,
      quota,
      breaker,
      lastActivityAt: this.lastActivityAt,
      requestsSent: this.stats.requests,
    };
  }

  /** Be told when the queue changes (throttle on your side). */
  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }

  private planNow(ids: readonly number[]): Fetch[] {
    const inPages = new Set(this.pages.flatMap((p) => p.serves));
    return this.book.plan(
      ids.filter((id) => !inPages.has(id)),
      {
        substitute: true, // per need: a caller with lists off adds its needs with listOk false
        lookup: endpointLookup(this.env),
        listPages: (scope) => this.listPages.get(scope),
      },
    );
  }

  /**
   * Run the pump after `ms` (the earliest wanted time wins). Waits go through the clock, so a
   * fake clock drives the whole scheduler; a later wake made stale by an earlier one is ignored.
   */
  private schedule(ms: number): void {
    const at = this.env.clock.now() + Math.max(0, ms);
    if (this.wake && this.wake.at <= at) return;
    const token = (this.wakeToken += 1);
    this.wake = { at };
    void this.env.clock.sleep(Math.max(0, ms)).then(() => {
      if (token !== this.wakeToken) return;
      this.wake = undefined;
      this.pump();
    });
  }

  /** Send what may go now; come back when quota, a backoff or an answer allows more. */
  private pump(): void {
    const maxInFlight = this.env.maxInFlight ?? 6;
    while (this.inFlight < maxInFlight) {
      const now = this.env.clock.now();
      let fetch = this.next(now);
      if (!fetch) {
        const retryAt = this.book.nextRetryAt(now);
        if (retryAt !== null) this.schedule(retryAt - now);
        break;
      }
      const limit = this.env.quota?.limit ?? 0;
      const job = this.jobOnly(fetch);
      let entry = this.gate.enter(job ? keepFor("job", limit) : 0);
      // A job at its share: a cell's request takes the slot it left free.
      const cell = job && !entry.go && !entry.down ? this.next(now, true) : undefined;
      if (cell) [fetch, entry] = [cell, this.gate.enter()];
      if (!entry.go) {
        if (entry.down) {
          this.settleAll(this.book.failWaiting(entry.down));
          this.pages = [];
          continue;
        }
        this.stats.rateLimitWaits++;
        this.schedule(entry.waitMs);
        break;
      }
      const [sent, ticket] = [fetch, entry.ticket];
      this.pages = this.pages.filter((p) => p !== sent);
      this.book.sent(sent);
      this.inFlight++;
      this.lastActivityAt = now;
      const controller = typeof AbortController === "function" ? new AbortController() : undefined;
      this.flying.set(sent, { controller, aborted: false });
      void this.send(sent, controller).then((outcome) => this.land(sent, ticket, outcome));
      if (entry.probe) break; // the probe goes alone; its answer runs the pump again
    }
    this.changed();
  }

  /** Does only a job wait for this request? */
  private jobOnly(fetch: Fetch): boolean {
    return fetch.serves.every((id) =>
      [...(this.waiters.get(id) ?? [])].every((w) => this.jobWaiters.has(w)),
    );
  }

  /** The next request: pages first within their lane, lanes (endpoints) in turn. */
  private next(now: number, cellsOnly = false): Fetch | undefined {
    const all = [...this.pages, ...this.planNow(this.book.ready(now))];
    const fetches = cellsOnly ? all.filter((f) => !this.jobOnly(f)) : all;
    if (fetches.length === 0) return undefined;
    const lanes = [...new Set(fetches.map((f) => f.endpoint))].sort();
    const lane = lanes[this.lane % lanes.length];
    this.lane = (this.lane + 1) % Math.max(1, lanes.length);
    return fetches.find((f) => f.endpoint === lane) ?? fetches[0];
  }

  /** Abort requests in flight whose needs nobody waits for any more. */
  private abortUnwanted(): void {
    for (const [fetch, flight] of this.flying) {
      if (flight.aborted || fetch.serves.some((id) => (this.waiters.get(id)?.size ?? 0) > 0))
        continue;
      flight.aborted = true;
      flight.controller?.abort();
    }
  }

  private land(fetch: Fetch, ticket: QuotaTicket | null, outcome: Settled<unknown>): void {
    this.inFlight--;
    this.lastActivityAt = this.env.clock.now();
    const aborted = this.flying.get(fetch)?.aborted ?? false;
    this.flying.delete(fetch);
    if (aborted) {
      // Our own abort says nothing about the server: spend the slot, leave the breaker be.
      this.env.quota?.settleAll(this.env.apiKey ?? "", ticket ? [ticket] : []);
      for (const id of fetch.serves) this.book.drop(id);
      this.schedule(0);
      return;
    }
    const refused = this.gate.leave([ticket], [outcome]);
    this.stats.requests++;
    if (fetch.via === "list") this.stats.listRequests++;
    if (!outcome.ok && outcome.error.retryable && outcome.error.status !== 429)
      this.stats.retries++;
    const applied = this.book.apply(fetch, outcome, this.env.clock.now(), this.gate.isDown(), {
      baseUrl: this.env.baseUrl,
      policy: this.env.retry ?? DEFAULT_RETRY_POLICY,
      random: this.env.random ?? Math.random,
      lookup: endpointLookup(this.env),
    });
    storeAnswers(this.storeEnv, applied.answers);
    if (applied.listPages) this.listPages.set(applied.listPages.scope, applied.listPages.pages);
    if (applied.next) this.pages.push(applied.next);
    this.settleAll(applied.settled);
    // The server down, or the key refused too long: nothing waiting will get an answer.
    const end = applied.down ?? refused;
    if (end) {
      this.settleAll(this.book.failWaiting(end));
      this.pages = [];
    }
    this.schedule(0);
  }

  private settleAll(settled: ReadonlyArray<{ id: number; result: Settled<unknown> }>): void {
    for (const { id, result } of settled) {
      const set = this.waiters.get(id);
      this.waiters.delete(id);
      for (const w of set ?? []) w(result);
    }
  }

  /** One request with a timeout; never rejects. */
  private async send(
    fetch: Fetch,
    controller: AbortController | undefined,
  ): Promise<Settled<unknown>> {
    const env = this.env;
    try {
      const spec = endpointLookup(env)(fetch.endpoint);
      const request = buildRequest(spec, fetch.params, {
        baseUrl: env.baseUrl,
        apiKey: checkedKey(env.apiKey),
      });
      const response = await this.fetchWithTimeout(request, controller);
      return { ok: true, value: parseResponse(response, env.clock.now()) };
    } catch (e) {
      return { ok: false, error: redactKey(toApiError(e), env.apiKey) };
    }
  }

  private fetchWithTimeout(
    request: HttpRequest,
    controller: AbortController | undefined,
  ): Promise<HttpResponse> {
    const timeoutMs = this.env.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
    return new Promise<HttpResponse>((resolve, reject) => {
      const timer = this.timers.setTimeout(() => {
        controller?.abort();
        reject(
          new ApiError(
            "TIMEOUT",
            `The API did not answer within ${Math.round(timeoutMs / 1000)} s`,
          ),
        );
      }, timeoutMs);
      let pending: Promise<HttpResponse>;
      try {
        pending = this.env.transport.fetch(
          request,
          controller ? { signal: controller.signal } : {},
        );
      } catch (e) {
        pending = Promise.reject(e);
      }
      pending.then(resolve, reject).finally(() => this.timers.clearTimeout(timer));
    });
  }
}

/** What a withdrawn call resolves with (a cancelled Excel cell; nobody shows it). */
function cancelledError(): ApiError {
  return new ApiError(
    "TIMEOUT",
    "Cancelled: refresh the cells with errors from the add-in's menu or pane to ask again",
    { retryable: false },
  );
}
