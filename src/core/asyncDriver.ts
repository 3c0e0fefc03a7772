/**
 * The Excel and browser driver. Bodies run concurrently (one per cell); calls of batch
 * endpoints go through one shared Batcher so calls from many cells merge into few
 * requests; every request has a timeout so no cell waits for ever (#BUSY!).
 */
import type { AsyncClock, Timers } from "./clock";
import { globalTimers } from "./clock";
import { Batcher } from "./batch";
import type { CallPlan } from "./callPlan";
import { planCall } from "./callPlan";
import type { CommonEnv, DriverStats } from "./driverEnv";
import { createDriverStats, endpointLookup } from "./driverEnv";
import type { ApiCall, Effect, Program, Settled } from "./effects";
import { ApiError, isApiError, redactKey, toApiError } from "./errors";
import type { HttpRequest } from "./request";
import { buildRequest, checkedKey } from "./request";
import type { HttpResponse } from "./response";
import { parseResponse } from "./response";
import { DEFAULT_RETRY_POLICY, decideRetry, rateLimitWaitError } from "./retry";

/** A promise-based HTTP client (fetch). It should abort when the signal fires. */
export interface AsyncTransport {
  fetch(request: HttpRequest, options?: { signal?: AbortSignal }): Promise<HttpResponse>;
}

export interface AsyncEnv extends CommonEnv {
  readonly transport: AsyncTransport;
  readonly clock: AsyncClock;
  readonly timers?: Timers;
  /** Longest wait for one HTTP request; default 20 s. */
  readonly requestTimeoutMs?: number;
  /** Longest a body may spend waiting (rate limit, retries); default 120 s. */
  readonly runTimeoutMs?: number;
  /** Batch window; default 50 ms. */
  readonly batchWindowMs?: number;
}

/** Runs bodies for one host session; holds the shared Batcher and the counters. */
export class AsyncDriver {
  readonly stats: DriverStats;
  readonly batcher: Batcher;
  private readonly env: AsyncEnv;
  private readonly timers: Timers;

  constructor(env: AsyncEnv) {
    this.env = env;
    this.stats = env.stats ?? createDriverStats();
    this.timers = env.timers ?? globalTimers();
    const requestTimeoutMs = env.requestTimeoutMs ?? 20_000;
    this.batcher = new Batcher({
      timers: this.timers,
      windowMs: env.batchWindowMs ?? 50,
      // The batch as a whole may retry once after a timeout, and wait for the limiter.
      timeoutMs: Math.max(requestTimeoutMs * 2, env.runTimeoutMs ?? 120_000),
      send: (endpoint, params, signal) => {
        const spec = endpointLookup(env)(endpoint);
        const request = buildRequest(spec, params, {
          baseUrl: env.baseUrl,
          apiKey: checkedKey(env.apiKey),
        });
        return this.send(request, this.deadline(), signal);
      },
    });
  }

  /** Run one body to completion. Rejects only with the body's own unhandled error. */
  async run<T>(program: Program<T>, options: { deadline?: number } = {}): Promise<T> {
    const deadline = options.deadline ?? this.deadline();
    let step = program.next();
    while (!step.done) {
      let reply: { ok: true; value: unknown } | { ok: false; error: unknown };
      try {
        reply = { ok: true, value: await this.perform(step.value, deadline) };
      } catch (e) {
        if (!isApiError(e)) throw e;
        reply = { ok: false, error: e };
      }
      step = reply.ok ? program.next(reply.value) : program.throw(reply.error);
    }
    return step.value;
  }

  /** Answer one effect. */
  async perform(effect: Effect, deadline: number): Promise<unknown> {
    if (effect.kind === "call") {
      const result = await this.performCall(effect, deadline);
      if (!result.ok) throw result.error;
      return result.value;
    }
    return Promise.all(effect.calls.map((c) => this.performCall(c, deadline)));
  }

  /** Answer one call; never rejects. */
  async performCall(call: ApiCall, deadline: number): Promise<Settled<unknown>> {
    const plan: CallPlan = planCall(call, this.env, this.stats);
    switch (plan.kind) {
      case "done":
        return plan.result;
      case "single":
        return plan.finish(await settle(this.send(plan.request, deadline)));
      case "batch": {
        const idsField = plan.spec.batch?.idsField ?? "";
        const outcome = await settle(
          this.batcher.request(plan.spec, { ...plan.baseParams, [idsField]: plan.missingIds }),
        );
        return plan.finish(outcome);
      }
    }
  }

  /** One request with the rate limiter, a timeout per try and retries up to the deadline. */
  async send(request: HttpRequest, deadline: number, signal?: AbortSignal): Promise<unknown> {
    const env = this.env;
    const policy = env.retry ?? DEFAULT_RETRY_POLICY;
    const random = env.random ?? Math.random;
    for (let attempt = 1; ; attempt++) {
      await this.waitForSlot(deadline);
      if (signal?.aborted) throw abortedError();
      this.stats.requests++;
      try {
        const response = await this.fetchWithTimeout(request, signal);
        return parseResponse(response, env.clock.now());
      } catch (e) {
        const error = redactKey(toApiError(e), env.apiKey);
        const decision = decideRetry(error, attempt, env.clock.now(), deadline, policy, random);
        if (!decision.retry || signal?.aborted) throw decision.retry ? error : decision.error;
        this.stats.retries++;
        await env.clock.sleep(decision.delayMs);
      }
    }
  }

  private deadline(): number {
    return this.env.clock.now() + (this.env.runTimeoutMs ?? 120_000);
  }

  private async waitForSlot(deadline: number): Promise<void> {
    const limiter = this.env.limiter;
    if (!limiter) return;
    for (;;) {
      const slot = limiter.acquire(this.env.apiKey ?? "");
      if (slot.granted) return;
      if (this.env.clock.now() + slot.waitMs > deadline) throw rateLimitWaitError(slot.waitMs);
      this.stats.rateLimitWaits++;
      await this.env.clock.sleep(slot.waitMs);
    }
  }

  private fetchWithTimeout(request: HttpRequest, outer?: AbortSignal): Promise<HttpResponse> {
    const timeoutMs = this.env.requestTimeoutMs ?? 20_000;
    const controller = typeof AbortController === "function" ? new AbortController() : undefined;
    const onOuterAbort = (): void => controller?.abort();
    outer?.addEventListener("abort", onOuterAbort);
    return new Promise<HttpResponse>((resolve, reject) => {
      const timer = this.timers.setTimeout(() => {
        controller?.abort();
        reject(
          new ApiError(
            "TIMEOUT",
            `The API did not answer within ${Math.round(timeoutMs / 1000)} s: recalculate to try again`,
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
      pending.then(resolve, reject).finally(() => {
        this.timers.clearTimeout(timer);
        outer?.removeEventListener("abort", onOuterAbort);
      });
    });
  }
}

const drivers = new WeakMap<AsyncEnv, AsyncDriver>();

/** The driver of an env (created once, so every body run with this env shares one Batcher). */
export function driverFor(env: AsyncEnv): AsyncDriver {
  let driver = drivers.get(env);
  if (!driver) {
    driver = new AsyncDriver(env);
    drivers.set(env, driver);
  }
  return driver;
}

/** Run a body with async I/O (Excel, browser); calls from concurrent runs with the same env merge. */
export function runAsync<T>(
  program: Program<T>,
  env: AsyncEnv,
  options: { deadline?: number } = {},
): Promise<T> {
  return driverFor(env).run(program, options);
}

function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (e: unknown) => ({ ok: false as const, error: toApiError(e) }),
  );
}

function abortedError(): ApiError {
  return new ApiError(
    "TIMEOUT",
    "The request was cancelled after a timeout: recalculate to try again",
  );
}
