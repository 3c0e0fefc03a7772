/**
 * Circuit breaker per API key and base URL. A server that is down is reported as down, at
 * once, and requests against it neither wait for quota nor spend it: after `threshold`
 * connection failures in a row (no answer at all; an HTTP error is an answer) the breaker
 * opens; while open every call fails with "Could not reach the API at <url>"; when its
 * cool-down is over exactly one probe request goes out; success closes it, failure re-opens
 * it with twice the cool-down. State lives in a KeyValueStore so Sheets executions share it.
 */
import { ApiError } from "../errors";
import type { KeyValueStore } from "../store";
import { hashedStoreKey, readShared, type WithLock, withoutLock, writeShared } from "./sharedState";

export interface BreakerOptions {
  readonly store: KeyValueStore;
  readonly clock: { now(): number };
  /** Connection failures in a row that open the breaker; default 3. */
  readonly threshold?: number;
  /** First cool-down; default 5 s. */
  readonly cooldownMs?: number;
  /** Longest cool-down; default 2 min. */
  readonly maxCooldownMs?: number;
  /** A probe that never reported back frees the way for another after this; default 30 s. */
  readonly probeTimeoutMs?: number;
  readonly withLock?: WithLock;
}

/** Closed: requests go. Open: they fail at once. Probing: one request is testing the server. */
export type BreakerState = "closed" | "open" | "probing";

/** What a request may do now. */
export type BreakerDecision =
  | { readonly go: true; readonly probe: boolean }
  | { readonly go: false; readonly error: ApiError; readonly retryAt: number };

/** What the sidebar shows. */
export interface BreakerStatus {
  readonly state: BreakerState;
  /** Connection failures in a row. */
  readonly failures: number;
  /** When the next probe may go (ms), or null while closed. */
  readonly retryAt: number | null;
}

interface BreakerRecord {
  failures: number;
  /** 0 while closed. */
  openUntil: number;
  cooldownMs: number;
  /** When the probe in flight left, 0 if none. */
  probeAt: number;
}

/** The detail of a request that timed out. */
export const NO_ANSWER_IN_TIME = "no answer in time";

/** The error every call gets while the breaker is open. */
export function unreachableError(baseUrl: string, detail?: string): ApiError {
  const why = detail ? ` (${detail})` : "";
  // Never a user name or password, however the base URL was typed.
  const shown = baseUrl.replace(/\/\/[^/@]*@/, "//");
  // A timeout reached the API (or its network) and got no answer: slow or busy, not wrong.
  if (detail === NO_ANSWER_IN_TIME)
    return new ApiError(
      "NETWORK",
      `The API at ${shown} did not answer in time (slow or busy): in a minute, refresh the cells with errors from the add-in's menu or pane; if it keeps happening, check your connection and the base URL in Settings`,
    );
  return new ApiError(
    "NETWORK",
    `Could not reach the API at ${shown}${why}: check your connection and the base URL in Settings`,
  );
}

/** Per key + base URL circuit breaker over a KeyValueStore (see the file comment). */
export class Breaker {
  private readonly store: KeyValueStore;
  private readonly clock: { now(): number };
  private readonly threshold: number;
  private readonly cooldownMs: number;
  private readonly maxCooldownMs: number;
  private readonly probeTimeoutMs: number;
  private readonly withLock: WithLock;

  constructor(options: BreakerOptions) {
    this.store = options.store;
    this.clock = options.clock;
    this.threshold = Math.max(1, options.threshold ?? 3);
    this.cooldownMs = options.cooldownMs ?? 5000;
    this.maxCooldownMs = Math.max(this.cooldownMs, options.maxCooldownMs ?? 120_000);
    this.probeTimeoutMs = options.probeTimeoutMs ?? 30_000;
    this.withLock = options.withLock ?? withoutLock;
  }

  /** May a request go now? Open: no (with the error to show); due: yes, as the one probe. */
  check(apiKey: string, baseUrl: string): BreakerDecision {
    const key = storeKey(apiKey, baseUrl);
    const peek = this.read(key);
    if (peek.openUntil === 0) return { go: true, probe: false };
    return this.withLock(() => {
      const now = this.clock.now();
      const r = this.read(key);
      if (r.openUntil === 0) return { go: true as const, probe: false };
      const probeLive = r.probeAt > 0 && now - r.probeAt < this.probeTimeoutMs;
      if (now >= r.openUntil && !probeLive) {
        r.probeAt = now;
        this.write(key, r);
        return { go: true as const, probe: true };
      }
      const retryAt = probeLive ? r.probeAt + this.probeTimeoutMs : r.openUntil;
      return { go: false as const, error: unreachableError(baseUrl), retryAt };
    });
  }

  /** The server answered (any HTTP status): close. */
  success(apiKey: string, baseUrl: string): void {
    const key = storeKey(apiKey, baseUrl);
    const r = this.read(key);
    if (r.failures === 0 && r.openUntil === 0) return;
    this.withLock(() => this.write(key, closed(this.cooldownMs)));
  }

  /** No answer at all (connection refused, reset, DNS, timeout). True when now open. */
  failure(apiKey: string, baseUrl: string): boolean {
    const key = storeKey(apiKey, baseUrl);
    return this.withLock(() => {
      const now = this.clock.now();
      const r = this.read(key);
      if (r.openUntil > 0) {
        // A failed probe (or a straggler): re-open, longer.
        const cooldown =
          r.probeAt > 0 ? Math.min(this.maxCooldownMs, r.cooldownMs * 2) : r.cooldownMs;
        this.write(key, {
          failures: r.failures + 1,
          openUntil: now + cooldown,
          cooldownMs: cooldown,
          probeAt: 0,
        });
        return true;
      }
      const failures = r.failures + 1;
      const open = failures >= this.threshold;
      this.write(key, {
        failures,
        openUntil: open ? now + this.cooldownMs : 0,
        cooldownMs: this.cooldownMs,
        probeAt: 0,
      });
      return open;
    });
  }

  /** State for the sidebar. */
  status(apiKey: string, baseUrl: string): BreakerStatus {
    const now = this.clock.now();
    const r = this.read(storeKey(apiKey, baseUrl));
    if (r.openUntil === 0) return { state: "closed", failures: r.failures, retryAt: null };
    const probing = r.probeAt > 0 && now - r.probeAt < this.probeTimeoutMs;
    return { state: probing ? "probing" : "open", failures: r.failures, retryAt: r.openUntil };
  }

  private read(key: string): BreakerRecord {
    const raw = readShared(this.store, key);
    const parts = (raw ?? "").split(";").map(Number);
    if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n)))
      return closed(this.cooldownMs);
    const [failures, openUntil, cooldownMs, probeAt] = parts as [number, number, number, number];
    return { failures, openUntil, cooldownMs, probeAt };
  }

  private write(key: string, r: BreakerRecord): void {
    const text = [r.failures, r.openUntil, r.cooldownMs, r.probeAt].join(";");
    // Kept a while after the last cool-down so a re-open doubles it; then forgotten (closed).
    writeShared(this.store, key, text, (this.maxCooldownMs * 2 + this.probeTimeoutMs) / 1000);
  }
}

function closed(cooldownMs: number): BreakerRecord {
  return { failures: 0, openUntil: 0, cooldownMs, probeAt: 0 };
}

function storeKey(apiKey: string, baseUrl: string): string {
  return hashedStoreKey("br1", `breaker\n${baseUrl}`, apiKey);
}
