/**
 * The request quota of one API key: at most `limit` requests in any rolling window, kept so
 * the server (a sliding 60 s window counted when a request ARRIVES, src/server/rateLimit.ts)
 * never has to refuse one in normal use.
 *
 * Why the old limiter lost a minute at the boundary: it stamped a request when it granted it,
 * but the server stamps it when it arrives, later (the batch window, the browser's six
 * connections per host, a slow network). 60 requests granted at t = 0 arrived at up to
 * t = 0.5 s; at t = 60 s the client's window was empty and it let 60 more through, which
 * reached the server while its window still held the first ones: all refused.
 *
 * So a grant is stamped twice: while the request is in flight it holds its slot as if it
 * were sent "now" (it has not even arrived), and when its answer (or failure) is back it is
 * stamped with that time, which is never earlier than its arrival at the server. The window
 * is 60 s plus a margin for clocks that disagree (Apps Script executions run on different
 * machines) and timer rounding. A 429's Retry-After pauses the key for everyone sharing it.
 *
 * A 429 storm is bounded: the server's Retry-After is at most one 60 s window, after which our
 * own requests always fit, so a key still refused after that is being spent by someone else
 * and waiting longer helps nobody. When a 429 lands and the refusals since the first 429 in a
 * row, counting the new pause, span more than MAX_REFUSED_MS, `settleAll` says so and the
 * drivers fail their waiting cells with a message, instead of leaving them loading for
 * minutes. A cell that asks later waits out the pause and fails on its own 429; one answer
 * that gets through ends the storm.
 *
 * State lives in a KeyValueStore under a hash of the key, so Sheets executions share it
 * (with the host's lock) and the key itself is never stored.
 */
import type { KeyValueStore } from "../store";
import {
  decodeTimes,
  encodeTimes,
  hashedStoreKey,
  readShared,
  type WithLock,
  withoutLock,
  writeShared,
} from "./sharedState";

export interface QuotaOptions {
  readonly store: KeyValueStore;
  readonly clock: { now(): number };
  /** Requests per window; default 60. */
  readonly limit?: number;
  /** The server's window; default 60,000 ms. */
  readonly windowMs?: number;
  /** Added to the window against clock skew and timer rounding; default 1,000 ms. */
  readonly marginMs?: number;
  /**
   * A grant never settled (its execution was killed) stops holding its slot after this long
   * and counts as sent then; default 90 s (longer than any request may take).
   */
  readonly openTtlMs?: number;
  readonly withLock?: WithLock;
}

/**
 * How long the API may refuse a key (429s in a row, their pauses included) before waiting
 * cells fail: one Retry-After of at most 60 s and the retry after it, plus a half window of
 * slack. A cell therefore waits at most 90 s (and one request) after the first 429.
 */
export const MAX_REFUSED_MS = 90_000;

/** 429s further apart than this belong to different storms. */
const REFUSAL_GAP_MS = 90_000;

/** What the answers of a settled group said about the key. */
interface KeyAnswer {
  /** A 429 paused the key until then (ms). */
  readonly pauseUntil?: number;
  /** The server answered something other than a 429: the key is not being refused. */
  readonly accepted?: boolean;
}

/** A granted slot; hand it back to `settle` when the request is over. */
export interface QuotaTicket {
  readonly grantedAt: number;
}

/** Either go now (settle the ticket afterwards), or wait this long and ask again. */
export type Acquisition =
  | { readonly granted: true; readonly ticket: QuotaTicket }
  | { readonly granted: false; readonly waitMs: number; readonly paused: boolean };

/** What the sidebar shows about a key's quota. */
export interface QuotaStatus {
  /** Requests sent or in flight in the last window. */
  readonly used: number;
  readonly limit: number;
  /** Until when a 429 paused the key (ms), or null. */
  readonly pausedUntil: number | null;
  /** When the next request may go (ms); now when a slot is free. */
  readonly nextSlotAt: number;
  /**
   * Requests granted on this key since the count began (it restarts when the key sat idle
   * past the store's time-to-live): a refresh's requests are the difference across it.
   */
  readonly sent: number;
}

interface QuotaState {
  /** Settled requests: when their answer came back. */
  done: number[];
  /** Requests in flight: when they were granted. */
  open: number[];
  pauseUntil: number;
  /** Slots granted since the entry was made (QuotaStatus.sent). */
  sent: number;
  /** The first 429 of the current storm (ms), 0 when none. */
  refusedSince: number;
  /** The latest 429 (ms), 0 when none. */
  refusedAt: number;
}

/** Rolling-window request quota shared through a KeyValueStore (see the file comment). */
export class Quota {
  readonly limit: number;
  /** The window the quota keeps: the server's plus the margin. */
  readonly windowMs: number;
  private readonly store: KeyValueStore;
  private readonly clock: { now(): number };
  private readonly openTtlMs: number;
  private readonly withLock: WithLock;
  private lastKey: { apiKey: string; storeKey: string } | undefined;

  constructor(options: QuotaOptions) {
    this.store = options.store;
    this.clock = options.clock;
    this.limit = options.limit ?? 60;
    this.windowMs = (options.windowMs ?? 60_000) + (options.marginMs ?? 1000);
    this.openTtlMs = options.openTtlMs ?? 90_000;
    this.withLock = options.withLock ?? withoutLock;
    if (!(this.limit >= 1) || !(this.windowMs >= 1))
      throw new Error("Quota needs limit >= 1 and windowMs >= 1");
  }

  /**
   * Take one request slot for this key, or learn how long to wait for one. `keep`: slots that
   * must stay free after this one (a job leaves room for cells: jobShare.ts).
   */
  acquire(apiKey: string, keep = 0): Acquisition {
    return this.locked(apiKey, (state, now, save) => {
      const wait = this.waitMs(state, now, keep);
      if (wait > 0)
        return { granted: false as const, waitMs: wait, paused: state.pauseUntil > now };
      state.open.push(now);
      state.sent++;
      save();
      return { granted: true as const, ticket: { grantedAt: now } };
    });
  }

  /**
   * Take up to `count` slots at once (one lock and one store round trip, for a fetchAll group:
   * in Apps Script each lock and cache call takes tens of ms, so 60 single grants would spread
   * a minute's requests over seconds). `waitMs` says when the next slot frees if fewer came.
   */
  acquireMany(
    apiKey: string,
    count: number,
    keep = 0,
  ): { readonly tickets: QuotaTicket[]; readonly waitMs: number; readonly paused: boolean } {
    return this.locked(apiKey, (state, now, save) => {
      const tickets: QuotaTicket[] = [];
      while (tickets.length < count && this.waitMs(state, now, keep) === 0) {
        state.open.push(now);
        state.sent++;
        tickets.push({ grantedAt: now });
      }
      if (tickets.length > 0) save();
      return { tickets, waitMs: this.waitMs(state, now, keep), paused: state.pauseUntil > now };
    });
  }

  /** The request of `ticket` is over (answered or failed): it counts as sent now. */
  settle(apiKey: string, ticket: QuotaTicket): void {
    this.settleAll(apiKey, [ticket]);
  }

  /**
   * Settle many tickets with one store round trip (a fetchAll group), and record what their
   * answers said about the key: a 429's pause, or an answer that ends a storm of 429s.
   * True when the key has now been refused longer than MAX_REFUSED_MS.
   */
  settleAll(apiKey: string, tickets: readonly QuotaTicket[], answer: KeyAnswer = {}): boolean {
    const { pauseUntil = 0, accepted = false } = answer;
    if (tickets.length === 0 && pauseUntil === 0 && !accepted) return false;
    return this.locked(apiKey, (state, now, save) => {
      for (const ticket of tickets) {
        const i = state.open.indexOf(Math.min(ticket.grantedAt, now));
        if (i >= 0) state.open.splice(i, 1);
        state.done.push(now);
      }
      if (accepted) state.refusedSince = 0;
      if (pauseUntil > 0) refusedUntil(state, now, pauseUntil, accepted);
      save();
      return state.refusedSince > 0 && state.pauseUntil - state.refusedSince > MAX_REFUSED_MS;
    });
  }

  /** Give back a slot whose request never went (the breaker refused it at the last moment). */
  cancel(apiKey: string, ticket: QuotaTicket): void {
    this.locked(apiKey, (state, now, save) => {
      const i = state.open.indexOf(Math.min(ticket.grantedAt, now));
      if (i < 0) return;
      state.open.splice(i, 1);
      state.sent = Math.max(0, state.sent - 1);
      save();
    });
  }

  /** The server said 429 with Retry-After: nobody using this key sends before `untilMs`. */
  pause(apiKey: string, untilMs: number): void {
    this.locked(apiKey, (state, now, save) => {
      refusedUntil(state, now, untilMs, false);
      save();
    });
  }

  /** Requests used in the window, the pause and when the next slot frees (no lock: a read). */
  status(apiKey: string): QuotaStatus {
    const now = this.clock.now();
    const state = this.current(this.storeKey(apiKey), now);
    return {
      used: state.done.length + state.open.length,
      limit: this.limit,
      pausedUntil: state.pauseUntil > now ? state.pauseUntil : null,
      nextSlotAt: now + this.waitMs(state, now),
      sent: state.sent,
    };
  }

  /** Slots free now for this key. */
  remaining(apiKey: string): number {
    const s = this.status(apiKey);
    return s.pausedUntil === null ? Math.max(0, this.limit - s.used) : 0;
  }

  /** Read the key's state under the lock; `save` writes back what `change` did to it. */
  private locked<T>(
    apiKey: string,
    change: (state: QuotaState, now: number, save: () => void) => T,
  ): T {
    const key = this.storeKey(apiKey);
    return this.withLock(() => {
      const now = this.clock.now();
      const state = this.current(key, now);
      return change(state, now, () => this.write(key, state, now));
    });
  }

  private waitMs(state: QuotaState, now: number, keep = 0): number {
    if (state.pauseUntil > now) return state.pauseUntil - now;
    const used = state.done.length + state.open.length;
    const limit = Math.max(1, this.limit - keep);
    if (used < limit) return 0;
    // A request in flight will be stamped no earlier than now: count it as sent now.
    const stamps = [...state.done, ...state.open.map(() => now)].sort((a, b) => a - b);
    const freeing = stamps[used - limit] ?? now;
    return Math.max(1, freeing + this.windowMs - now);
  }

  private current(key: string, now: number): QuotaState {
    const state = this.read(key);
    const expired = now - this.openTtlMs;
    for (const t of state.open.filter((t) => t <= expired)) state.done.push(t + this.openTtlMs);
    // A clock that stepped back must not lock the key out: stamps "in the future" become now.
    state.open = state.open.filter((t) => t > expired).map((t) => Math.min(t, now));
    state.done = state.done.map((t) => Math.min(t, now)).filter((t) => t > now - this.windowMs);
    if (state.pauseUntil <= now) state.pauseUntil = 0;
    if (state.refusedAt <= now - REFUSAL_GAP_MS) state.refusedSince = state.refusedAt = 0;
    return state;
  }

  private storeKey(apiKey: string): string {
    if (this.lastKey?.apiKey !== apiKey) {
      this.lastKey = { apiKey, storeKey: hashedStoreKey("q2", "quota", apiKey) };
    }
    return this.lastKey.storeKey;
  }

  private read(key: string): QuotaState {
    const raw = readShared(this.store, key);
    const empty: QuotaState = {
      done: [],
      open: [],
      pauseUntil: 0,
      sent: 0,
      refusedSince: 0,
      refusedAt: 0,
    };
    if (!raw) return empty;
    // base;pauseUntil;done offsets;open offsets;sent;refusedSince;refusedAt (base 36; sent absent
    // before it was kept; single offsets may be < 0)
    const [baseText, pauseText, doneText, openText, sentText, sinceText, atText] = raw.split(";");
    const sent = sentText ? parseInt(sentText, 36) : 0;
    const base = Number(baseText);
    if (!Number.isFinite(base)) return empty;
    const at = (text: string | undefined): number => {
      const t = text ? base + parseInt(text, 36) : 0;
      return Number.isFinite(t) ? t : 0;
    };
    return {
      done: decodeTimes(base, doneText),
      open: decodeTimes(base, openText),
      pauseUntil: at(pauseText),
      sent: Number.isFinite(sent) ? sent : 0,
      refusedSince: at(sinceText),
      refusedAt: at(atText),
    };
  }

  private write(key: string, state: QuotaState, now: number): void {
    const done = [...state.done].sort((a, b) => a - b).slice(-this.limit * 2);
    const all = [...done, ...state.open];
    const base = all.length > 0 ? Math.min(...all) : now;
    const offset = (t: number): string => (t > 0 ? Math.round(t - base).toString(36) : "");
    const text = [String(base), offset(state.pauseUntil), encodeTimes(base, done)];
    text.push(encodeTimes(base, state.open), state.sent.toString(36));
    if (state.refusedSince > 0) text.push(offset(state.refusedSince), offset(state.refusedAt));
    const ttlMs = Math.max(this.windowMs + this.openTtlMs, state.pauseUntil - now);
    writeShared(this.store, key, text.join(";"), ttlMs / 1000 + 1);
  }
}

/** A 429 paused the key until `untilMs`: the pause (never shortened) and the storm it belongs to. */
function refusedUntil(state: QuotaState, now: number, untilMs: number, accepted: boolean): void {
  state.pauseUntil = Math.max(state.pauseUntil, untilMs);
  if (accepted) return; // another request of the same group got through: no storm
  if (state.refusedSince === 0) state.refusedSince = now;
  state.refusedAt = now;
}
