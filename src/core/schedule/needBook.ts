/**
 * The book of needs a driver is working on: each need once (identical needs merge), its
 * tries, its 429s, whether a list may still answer it, when it may go again, and its result.
 * Both drivers keep one: the sync driver for one execution's calls, the async scheduler for
 * every cell of the runtime. Applying a fetch's verdict here is the one place outcomes land.
 */
import type { EndpointSpec } from "../../api/types";
import type { RandomSource } from "../clock";
import type { Settled } from "../effects";
import { type ApiError, isRateLimit } from "../errors";
import type { RetryPolicy } from "../retry";
import { type CoalesceOptions, type Fetch, coalesce } from "./coalesce";
import type { NeedAnswer } from "../callPlan";
import { type Need, mergeReads } from "./need";
import { type Verdict, verdictOf } from "./verdict";

interface Entry {
  need: Need;
  attempts: number;
  rateLimited: number;
  notBefore: number;
  /** A fetch serving it is out. */
  inFlight: boolean;
}

/** What applying a verdict produced. */
export interface Applied {
  /** Needs settled now (answered or failed). */
  readonly settled: ReadonlyArray<{ readonly id: number; readonly result: Settled<unknown> }>;
  /** Answers to cache under each need's own key (storeAnswers). */
  readonly answers: readonly NeedAnswer[];
  /** The next page of a list to fetch. */
  readonly next?: Fetch;
  /** The server is down: every open need should fail with this. */
  readonly down?: ApiError;
  /** A cursor list reached its end after this many pages (remember for the planner). */
  readonly listPages?: { readonly scope: string; readonly pages: number };
}

export interface VerdictSettings {
  readonly baseUrl: string;
  readonly policy: RetryPolicy;
  readonly random: RandomSource;
  readonly lookup: (id: string) => EndpointSpec;
  readonly deadline?: number | undefined;
}

/** Needs by id (see the file comment). */
export class NeedBook {
  private readonly entries = new Map<number, Entry>();
  private readonly byKey = new Map<string, number>();
  private nextId = 0;

  /** Add a need (or merge it into the identical one); returns its id. */
  add(need: Need): number {
    const existing = this.byKey.get(need.key);
    const entry = existing === undefined ? undefined : this.entries.get(existing);
    if (existing !== undefined && entry) {
      const reads = mergeReads(entry.need.reads, need.reads);
      const { reads: _old, callerSplits: _splits, ...rest } = entry.need;
      // A 503 is given back at once only when every caller of the need splits it itself.
      const callerSplits = entry.need.callerSplits === true && need.callerSplits === true;
      entry.need = {
        ...rest,
        ...(reads ? { reads } : {}),
        ...(callerSplits ? { callerSplits } : {}),
        cacheEach: rest.cacheEach || need.cacheEach,
      };
      return existing;
    }
    const id = this.nextId++;
    this.entries.set(id, { need, attempts: 0, rateLimited: 0, notBefore: 0, inFlight: false });
    this.byKey.set(need.key, id);
    return id;
  }

  /** The need of an id. */
  need(id: number): Need | undefined {
    return this.entries.get(id)?.need;
  }

  /** Ids not settled and not in flight. */
  waiting(): number[] {
    return [...this.entries].filter(([, e]) => !e.inFlight).map(([id]) => id);
  }

  /** Open needs (not in flight) that may go now. */
  ready(now: number): number[] {
    return [...this.entries].filter(([, e]) => !e.inFlight && e.notBefore <= now).map(([id]) => id);
  }

  /** The earliest time a need in backoff may go again, or null. */
  nextRetryAt(now: number): number | null {
    let at: number | null = null;
    for (const e of this.entries.values()) {
      if (!e.inFlight && e.notBefore > now)
        at = at === null ? e.notBefore : Math.min(at, e.notBefore);
    }
    return at;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The fewest fetches for these ids (serves are book ids). */
  plan(ids: readonly number[], options: CoalesceOptions): Fetch[] {
    const needs = ids.map((id) => this.entries.get(id)?.need as Need);
    return coalesce(needs, options).map((f) => ({
      ...f,
      serves: f.serves.map((i) => ids[i] as number),
    }));
  }

  /** A fetch goes out: its needs are in flight, one more try each. */
  sent(fetch: Fetch): void {
    for (const id of fetch.serves) {
      const e = this.entries.get(id);
      if (!e) continue;
      e.inFlight = true;
      e.attempts++;
    }
  }

  /** Drop a need nobody waits for any more (a cancelled cell); not while in flight. */
  withdraw(id: number): boolean {
    const e = this.entries.get(id);
    if (!e || e.inFlight) return false;
    this.remove(id);
    return true;
  }

  /** Forget a need whatever its state (its request was aborted because nobody wants it). */
  drop(id: number): void {
    this.remove(id);
  }

  /** The verdict on a fetch's outcome, applied to its needs. */
  apply(
    fetch: Fetch,
    outcome: Settled<unknown>,
    now: number,
    breakerOpen: boolean,
    settings: VerdictSettings,
  ): Applied {
    const live = fetch.serves.filter((id) => this.entries.has(id));
    const needs = new Map(live.map((id) => [id, this.entries.get(id) as Entry]));
    for (const e of needs.values())
      if (outcome.ok === false && isRateLimit(outcome.error)) e.rateLimited++;
    const local = { ...fetch, serves: live.map((_, i) => i) };
    const verdict: Verdict = verdictOf(local, outcome, {
      needs: live.map((id) => (needs.get(id) as Entry).need),
      attempt: Math.max(0, ...[...needs.values()].map((e) => e.attempts)),
      rateLimited: Math.max(0, ...[...needs.values()].map((e) => e.rateLimited)),
      breakerOpen,
      now,
      ...settings,
    });
    for (const e of needs.values()) e.inFlight = false;
    const settled: Array<{ id: number; result: Settled<unknown> }> = [];
    const settle = (id: number, result: Settled<unknown>): void => {
      settled.push({ id, result });
      this.remove(id);
    };
    switch (verdict.kind) {
      case "answered": {
        const d = verdict.delivery;
        const answers = d.answers.map((a) => ({
          need: (needs.get(live[a.need] as number) as Entry).need,
          value: a.value,
          fromList: a.fromList,
        }));
        for (const a of d.answers) settle(live[a.need] as number, { ok: true, value: a.value });
        // A batch's fallback: ids its answer could not tell apart, asked again one a request.
        for (const i of d.fallback) this.noList(live[i] as number, fetch.via === "batch");
        const next = d.next
          ? { ...d.next, serves: d.next.serves.map((i) => live[i] as number) }
          : undefined;
        const pages =
          d.pages !== undefined && fetch.scope ? { scope: fetch.scope, pages: d.pages } : undefined;
        return {
          settled,
          answers,
          ...(next ? { next } : {}),
          ...(pages ? { listPages: pages } : {}),
        };
      }
      case "fallback":
        for (const id of live) this.noList(id);
        return { settled, answers: [] };
      case "again":
        for (const e of needs.values()) e.notBefore = now + verdict.delayMs;
        return { settled, answers: [] };
      case "down":
        for (const id of live) settle(id, { ok: false, error: verdict.error });
        return { settled, answers: [], down: verdict.error };
      case "failed":
        for (const id of live) settle(id, { ok: false, error: verdict.error });
        return { settled, answers: [] };
    }
  }

  /** Fail every need not in flight (the server is down); returns them. */
  failWaiting(error: ApiError): Array<{ id: number; result: Settled<unknown> }> {
    return this.waiting().map((id) => {
      this.remove(id);
      return { id, result: { ok: false as const, error } };
    });
  }

  private noList(id: number, alone = false): void {
    const e = this.entries.get(id);
    if (e) e.need = { ...e.need, listOk: false, ...(alone ? { alone } : {}) };
  }

  private remove(id: number): void {
    const e = this.entries.get(id);
    if (!e) return;
    this.entries.delete(id);
    if (this.byKey.get(e.need.key) === id) this.byKey.delete(e.need.key);
  }
}
