/**
 * The Apps Script driver: runs a function body to completion inside one execution.
 * UrlFetchApp is synchronous, so each yielded effect is answered before the body resumes;
 * `parallel` and chunked batch calls go out together through fetchAll. Rate-limit and
 * retry waits sleep only when they fit before the deadline (a cell has 30 s).
 */
import type { SyncClock } from "./clock";
import type { CommonEnv, DriverStats } from "./driverEnv";
import { createDriverStats } from "./driverEnv";
import type { ApiCall, Effect, Program, Settled } from "./effects";
import { isApiError, redactKey, toApiError } from "./errors";
import type { HttpRequest } from "./request";
import type { HttpResponse } from "./response";
import { parseResponse } from "./response";
import { DEFAULT_RETRY_POLICY, decideRetry, rateLimitWaitError } from "./retry";
import type { CallPlan } from "./callPlan";
import { planCall } from "./callPlan";

/** A blocking HTTP client (UrlFetchApp). A thrown error counts as a network failure. */
export interface SyncTransport {
  fetch(request: HttpRequest): HttpResponse;
  /** Same order as the requests. */
  fetchAll(requests: readonly HttpRequest[]): HttpResponse[];
}

export interface SyncEnv extends CommonEnv {
  readonly transport: SyncTransport;
  readonly clock: SyncClock;
  /** Absolute time (ms, on `clock`) after which no wait may end. */
  readonly deadline: number;
}

/** Run a body with blocking I/O and return its result; an unhandled ApiError is thrown. */
export function runSync<T>(program: Program<T>, env: SyncEnv): T {
  const stats = env.stats ?? createDriverStats();
  let step = program.next();
  while (!step.done) {
    let reply: { ok: true; value: unknown } | { ok: false; error: unknown };
    try {
      reply = { ok: true, value: performSync(step.value, env, stats) };
    } catch (e) {
      if (!isApiError(e)) throw e;
      reply = { ok: false, error: e };
    }
    // The body's own exceptions pass straight through; only effect failures are thrown in.
    step = reply.ok ? program.next(reply.value) : program.throw(reply.error);
  }
  return step.value;
}

/** Answer one effect: a call's data (or throw its ApiError), or a parallel's Settled list. */
export function performSync(effect: Effect, env: SyncEnv, stats: DriverStats): unknown {
  if (effect.kind === "call") {
    const [result] = performCallsSync([effect], env, stats);
    if (!result) throw toApiError(new Error("no result"));
    if (!result.ok) throw result.error;
    return result.value;
  }
  return performCallsSync(effect.calls, env, stats);
}

/** Answer calls together: every request they need goes out in as few fetchAll rounds as allowed. */
export function performCallsSync(
  calls: readonly ApiCall[],
  env: SyncEnv,
  stats: DriverStats,
): Array<Settled<unknown>> {
  const plans: CallPlan[] = calls.map((c) => planCall(c, env, stats));
  const requests: HttpRequest[] = [];
  const slots: Array<{ first: number; count: number }> = plans.map((plan) => {
    const first = requests.length;
    if (plan.kind === "single") requests.push(plan.request);
    if (plan.kind === "batch") {
      const max = plan.spec.batch?.maxIds ?? plan.missingIds.length;
      for (let i = 0; i < plan.missingIds.length; i += max) {
        requests.push(plan.requestFor(plan.missingIds.slice(i, i + max)));
      }
    }
    return { first, count: requests.length - first };
  });
  const outcomes = requests.length > 0 ? sendAllSync(requests, env, stats) : [];
  return plans.map((plan, i) => {
    if (plan.kind === "done") return plan.result;
    const slot = slots[i] ?? { first: 0, count: 0 };
    const mine = outcomes.slice(slot.first, slot.first + slot.count);
    if (plan.kind === "single") return plan.finish(mine[0] ?? failed());
    const failure = mine.find((o) => !o.ok);
    if (failure && !failure.ok) return plan.finish(failure);
    const entries: unknown[] = [];
    for (const o of mine)
      if (o.ok && Array.isArray(o.value)) entries.push(...(o.value as unknown[]));
    return plan.finish({ ok: true, value: entries });
  });
}

/**
 * Send requests with the rate limiter, retries and the deadline; one Settled per request,
 * in order. Requests that are allowed together go out in one fetchAll.
 */
export function sendAllSync(
  requests: readonly HttpRequest[],
  env: SyncEnv,
  stats: DriverStats,
): Array<Settled<unknown>> {
  const policy = env.retry ?? DEFAULT_RETRY_POLICY;
  const random = env.random ?? Math.random;
  const apiKey = env.apiKey ?? "";
  const results: Array<Settled<unknown> | undefined> = requests.map(() => undefined);
  const attempts = requests.map(() => 0);
  let queue = requests.map((_, i) => i);
  while (queue.length > 0) {
    const go: number[] = [];
    let waitMs = 0;
    for (const i of queue) {
      const slot = env.limiter ? env.limiter.acquire(apiKey) : { granted: true as const };
      if (!slot.granted) {
        waitMs = slot.waitMs;
        break;
      }
      go.push(i);
    }
    const held = queue.slice(go.length);
    if (go.length === 0) {
      if (env.clock.now() + waitMs > env.deadline) {
        for (const i of held) results[i] = { ok: false, error: rateLimitWaitError(waitMs) };
        break;
      }
      stats.rateLimitWaits++;
      env.clock.sleep(waitMs);
      continue;
    }
    const responses = fetchGroup(
      go.map((i) => requests[i] as HttpRequest),
      env,
    );
    stats.requests += go.length;
    const retry: number[] = [];
    let delayMs = 0;
    go.forEach((i, j) => {
      attempts[i] = (attempts[i] ?? 0) + 1;
      try {
        const response = responses[j] ?? { status: 0, headers: {}, body: "" };
        results[i] = { ok: true, value: parseResponse(response, env.clock.now()) };
      } catch (e) {
        const error = redactKey(toApiError(e), env.apiKey);
        const decision = decideRetry(
          error,
          attempts[i] ?? 1,
          env.clock.now(),
          env.deadline,
          policy,
          random,
        );
        if (decision.retry) {
          retry.push(i);
          delayMs = Math.max(delayMs, decision.delayMs);
        } else {
          results[i] = { ok: false, error: decision.error };
        }
      }
    });
    queue = [...held, ...retry];
    if (retry.length > 0) {
      stats.retries += retry.length;
      env.clock.sleep(delayMs);
    }
  }
  return results.map((r) => r ?? failed());
}

function fetchGroup(group: readonly HttpRequest[], env: SyncEnv): HttpResponse[] {
  try {
    const first = group[0];
    if (group.length === 1 && first) return [env.transport.fetch(first)];
    return env.transport.fetchAll(group);
  } catch {
    // UrlFetchApp throws on DNS and connection failures: status 0 maps to NETWORK.
    return group.map(() => ({ status: 0, headers: {}, body: "" }));
  }
}

function failed(): Settled<unknown> {
  return { ok: false, error: toApiError(new Error("no answer")) };
}
