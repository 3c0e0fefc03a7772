/**
 * The Apps Script driver: runs a function body to completion inside one execution.
 * UrlFetchApp is synchronous, so each yielded effect is answered before the body resumes.
 * The calls of an effect become needs, coalesced into the fewest requests (batches, shop-wide
 * lists), sent together through fetchAll under the key's quota and breaker. A wait for quota
 * sleeps only when it ends before the deadline (a cell has 30 s); otherwise the driver throws
 * WaitingForQuota with the calls still needed, for the host to finish in the background.
 */
import type { SyncClock } from "./clock";
import type { CommonEnv, DriverStats } from "./driverEnv";
import { createDriverStats, endpointLookup } from "./driverEnv";
import type { ApiCall, Effect, Program, Settled } from "./effects";
import { type ApiError, isApiError, redactKey, toApiError } from "./errors";
import type { HttpRequest } from "./request";
import { buildRequest, checkedKey } from "./request";
import type { HttpResponse } from "./response";
import { parseResponse } from "./response";
import { DEFAULT_RETRY_POLICY } from "./retry";
import { type CallPlan, planCall, storeAnswers } from "./callPlan";
import type { Fetch } from "./schedule/coalesce";
import { Gate, type GateEntry } from "./schedule/gate";
import { keepFor } from "./schedule/jobShare";
import { NeedBook } from "./schedule/needBook";
import type { QuotaTicket } from "./schedule/quota";
import { noAnswerError } from "./schedule/verdict";
import { WaitingForQuota } from "./schedule/waiting";

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
      // WaitingForQuota is not an ApiError: it passes the body by, to the host.
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

/**
 * Answer calls together (a cell's parallel rows, or a host's prefetch of sibling cells):
 * the fewest requests, as few fetchAll rounds as the quota allows. Throws WaitingForQuota
 * when the quota cannot serve them before the deadline; answers got so far are cached.
 */
export function performCallsSync(
  calls: readonly ApiCall[],
  env: SyncEnv,
  stats: DriverStats,
): Array<Settled<unknown>> {
  const plans: CallPlan[] = calls.map((c) => planCall(c, env, stats));
  const book = new NeedBook();
  const ids = plans.map((plan) =>
    plan.kind === "needs" ? plan.needs.map((n) => book.add(n)) : [],
  );
  const results = new Map<number, Settled<unknown>>();
  const waiting = book.size > 0 ? sendNeedsSync(book, results, env, stats) : null;
  if (waiting) {
    const open = calls.filter((_, i) => (ids[i] ?? []).some((id) => !results.has(id)));
    throw new WaitingForQuota(open, waiting.readyAt, waiting.paused);
  }
  return plans.map((plan, i) => {
    if (plan.kind === "done") return plan.result;
    return plan.finish(
      (ids[i] ?? []).map((id) => results.get(id) ?? { ok: false, error: noAnswerError() }),
    );
  });
}

/** Work the book until every need has a result; returns the wait when the quota runs out first. */
function sendNeedsSync(
  book: NeedBook,
  results: Map<number, Settled<unknown>>,
  env: SyncEnv,
  stats: DriverStats,
): { readyAt: number; paused: boolean } | null {
  const apiKey = checkedKey(env.apiKey);
  const lookup = endpointLookup(env);
  const gate = new Gate({
    apiKey,
    baseUrl: env.baseUrl,
    clock: env.clock,
    quota: env.quota,
    breaker: env.breaker,
  });
  const settings = {
    baseUrl: env.baseUrl,
    policy: env.retry ?? DEFAULT_RETRY_POLICY,
    random: env.random ?? Math.random,
    lookup,
    deadline: env.deadline,
  };
  const record = (settled: ReadonlyArray<{ id: number; result: Settled<unknown> }>): void => {
    for (const s of settled) results.set(s.id, s.result);
  };
  let pages: Fetch[] = [];
  while (book.size > 0) {
    const now = env.clock.now();
    const inPages = new Set(pages.flatMap((p) => p.serves));
    const ready = book.ready(now).filter((id) => !inPages.has(id));
    const fetches = [
      ...pages,
      ...book.plan(ready, { substitute: env.substituteLists ?? true, lookup }),
    ];
    if (fetches.length === 0) {
      // Only needs in backoff are left (the verdict keeps backoffs inside the deadline).
      const retryAt = book.nextRetryAt(now);
      if (retryAt === null) {
        record(book.failWaiting(noAnswerError()));
        return null;
      }
      env.clock.sleep(retryAt - now);
      continue;
    }
    const go: Array<{ fetch: Fetch; ticket: QuotaTicket | null }> = [];
    let refused: GateEntry | null = null;
    const keep = env.quota ? keepFor(env.share, env.quota.limit) : 0;
    for (const [i, entry] of gate.enterMany(fetches.length, keep).entries()) {
      const fetch = fetches[i];
      if (!entry.go || !fetch) {
        refused = entry.go ? null : entry;
        break;
      }
      go.push({ fetch, ticket: entry.ticket });
      if (entry.probe) break; // a probe goes alone
    }
    if (refused?.down) {
      record(book.failWaiting(refused.down));
      if (go.length === 0) return null;
    }
    pages = fetches.slice(go.length).filter((f) => f.page !== undefined && f.page > 1);
    if (go.length === 0 && refused && !refused.down) {
      const readyAt = now + refused.waitMs;
      if (readyAt > env.deadline) return { readyAt, paused: refused.paused };
      stats.rateLimitWaits++;
      env.clock.sleep(refused.waitMs);
      continue;
    }
    for (const g of go) book.sent(g.fetch);
    const outcomes = fetchGroup(
      go.map((g) => requestOf(g.fetch, env)),
      env,
    );
    const keyRefused = gate.leave(
      go.map((g) => g.ticket),
      outcomes,
    );
    stats.requests += go.length;
    const after = env.clock.now();
    const down = gate.isDown();
    go.forEach(({ fetch }, j) => {
      if (fetch.via === "list") stats.listRequests++;
      const outcome = outcomes[j] ?? { ok: false as const, error: noAnswerError() };
      const applied = book.apply(fetch, outcome, after, down, settings);
      if (!outcome.ok && outcome.error.retryable && outcome.error.status !== 429) stats.retries++;
      storeAnswers(env, applied.answers);
      record(applied.settled);
      if (applied.next) pages.push(applied.next);
      if (applied.down) record(book.failWaiting(applied.down));
    });
    // The API refused the key too long: the needs it sent back to wait fail instead.
    if (keyRefused) record(book.failWaiting(keyRefused));
  }
  return null;
}

function requestOf(fetch: Fetch, env: SyncEnv): HttpRequest | null {
  try {
    return buildRequest(endpointLookup(env)(fetch.endpoint), fetch.params, {
      baseUrl: env.baseUrl,
      apiKey: env.apiKey,
    });
  } catch {
    return null;
  }
}

/** Send a group with fetchAll; each outcome parsed. A request that cannot be built fails alone. */
function fetchGroup(
  group: ReadonlyArray<HttpRequest | null>,
  env: SyncEnv,
): Array<Settled<unknown>> {
  const requests = group.filter((r): r is HttpRequest => r !== null);
  let responses: HttpResponse[];
  let refused: ApiError | null = null;
  try {
    const first = requests[0];
    responses =
      requests.length === 1 && first
        ? [env.transport.fetch(first)]
        : env.transport.fetchAll(requests);
  } catch (e) {
    // UrlFetchApp throws on DNS and connection failures: status 0 maps to NETWORK. A host
    // refusal the transport named (a daily quota) keeps its own words.
    if (isApiError(e)) refused = e;
    responses = requests.map(() => ({ status: 0, headers: {}, body: "" }));
  }
  let k = 0;
  return group.map((request) => {
    if (request === null)
      return { ok: false as const, error: toApiError(new Error("bad request")) };
    if (refused) return { ok: false as const, error: refused };
    const response = responses[k++] ?? { status: 0, headers: {}, body: "" };
    try {
      return { ok: true as const, value: parseResponse(response, env.clock.now()) };
    } catch (e) {
      return { ok: false as const, error: redactKey(toApiError(e), env.apiKey) };
    }
  });
}
