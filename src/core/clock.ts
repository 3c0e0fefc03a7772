/**
 * Time and randomness are inputs, so retry, rate limit and cache tests run on a fake clock
 * and a seeded random source. Apps Script sleeps synchronously (Utilities.sleep); Excel and
 * the browser sleep with a timer.
 */

/** A clock whose sleep blocks (Apps Script). */
export interface SyncClock {
  now(): number;
  sleep(ms: number): void;
}

/** A clock whose sleep is a promise (Excel, browser). */
export interface AsyncClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** Either kind of clock. */
export interface Clock {
  now(): number;
  sleep(ms: number): void | Promise<void>;
}

/** A source of uniform numbers in [0, 1). */
export type RandomSource = () => number;

/** Timers as the async runtime uses them; injectable so tests control time. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Deterministic random numbers (mulberry32) for reproducible jitter. */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The global timers, looked up when used (Apps Script has none; it never needs them). */
export function globalTimers(): Timers {
  return {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
}

/** The real async clock of Excel and the browser. */
export function realAsyncClock(timers: Timers = globalTimers()): AsyncClock {
  return {
    now: () => Date.now(),
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        timers.setTimeout(resolve, Math.max(0, ms));
      }),
  };
}

/** A clock that only moves when slept or advanced: tests and simulations. */
export class ManualClock implements SyncClock {
  private time: number;
  /** Every sleep asked for, in order. */
  readonly sleeps: number[] = [];

  constructor(startMs = 0) {
    this.time = startMs;
  }

  now(): number {
    return this.time;
  }

  sleep(ms: number): void {
    this.sleeps.push(ms);
    this.time += Math.max(0, ms);
  }

  /** Move time forward without recording a sleep. */
  advance(ms: number): void {
    this.time += Math.max(0, ms);
  }
}
