/**
 * Time that moves only when the test says, for tests over real HTTP that would otherwise wait
 * minutes: client, server and fault proxies sleep on it; the test lets real I/O finish, then
 * wakes the earliest sleeper (time jumps to it).
 */
import type { AsyncClock, Timers } from "../../src/core/clock";

export class VirtualTime implements AsyncClock {
  private t: number;
  private sleepers: Array<{ at: number; wake: () => void }> = [];

  constructor(startMs = Date.parse("2025-06-30T08:00:00Z")) {
    this.t = startMs;
  }

  now(): number {
    return this.t;
  }

  sleep(ms: number): Promise<void> {
    return new Promise((wake) => this.sleepers.push({ at: this.t + Math.max(0, ms), wake }));
  }

  /** Wake the earliest sleeper (time jumps to its hour); false when nobody sleeps. */
  next(): boolean {
    this.sleepers.sort((a, b) => a.at - b.at);
    const first = this.sleepers.shift();
    if (!first) return false;
    this.t = Math.max(this.t, first.at);
    first.wake();
    return true;
  }

  /** Move on by `ms` (waking whoever sleeps until then, in order). */
  advance(ms: number): void {
    const target = this.t + ms;
    this.sleepers.sort((a, b) => a.at - b.at);
    while ((this.sleepers[0]?.at ?? Infinity) <= target) this.next();
    this.t = target;
  }

  /** setTimeout on this time; a cleared timer leaves no sleeper behind (time does not jump to it). */
  timers(): Timers {
    return {
      setTimeout: (fn, ms) => {
        const sleeper = { at: this.t + Math.max(0, ms), wake: fn };
        this.sleepers.push(sleeper);
        return sleeper;
      },
      clearTimeout: (handle) => {
        this.sleepers = this.sleepers.filter((s) => s !== handle);
      },
    };
  }
}

/** Let real I/O (sockets, promise jobs) run for `ms` of real time. */
export const realTick = (ms = 0): Promise<void> => new Promise((r) => setTimeout(r, ms));
