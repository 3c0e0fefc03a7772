/**
 * Virtual time for the async hosts' sequences: setTimeout, clearTimeout and Date.now of this
 * test's global scope answer from a clock that jumps to the next timer as soon as nothing else
 * is left to run (each timer fires from a setImmediate, after every promise job), so a
 * scheduler's 50 ms batch window, a page turn of the web demo or a wait for the API's quota
 * cost no real time. The scripted API answers at once, so no request waits on real I/O; the
 * run over real HTTP keeps real time.
 */

interface Timer {
  readonly at: number;
  readonly seq: number;
  readonly fire: () => void;
}

/** Install virtual time; returns the function that puts the real timers back. */
export function installVirtualTime(start = Date.parse("2025-06-30T09:00:00Z")): () => void {
  const g = globalThis as unknown as {
    setTimeout: unknown;
    clearTimeout: unknown;
  };
  const real = { setTimeout: g.setTimeout, clearTimeout: g.clearTimeout, now: Date.now };
  let now = start;
  let seq = 0;
  const timers = new Map<number, Timer>();
  let ticking = false;
  const tick = (): void => {
    ticking = false;
    let next: Timer | undefined;
    for (const t of timers.values())
      if (!next || t.at < next.at || (t.at === next.at && t.seq < next.seq)) next = t;
    if (!next) return;
    timers.delete(next.seq);
    now = Math.max(now, next.at);
    schedule();
    next.fire();
  };
  const schedule = (): void => {
    if (ticking || timers.size === 0) return;
    ticking = true;
    setImmediate(tick);
  };
  g.setTimeout = (fn: (...a: unknown[]) => void, ms = 0, ...args: unknown[]) => {
    const id = ++seq;
    timers.set(id, { at: now + Math.max(0, Number(ms) || 0), seq: id, fire: () => fn(...args) });
    schedule();
    // Node's Timeout: code may unref it, or use it as a number.
    return {
      id,
      unref() {
        return this;
      },
      ref() {
        return this;
      },
      hasRef: () => true,
      [Symbol.toPrimitive]: () => id,
    };
  };
  g.clearTimeout = (handle: unknown) => {
    const id =
      typeof handle === "object" && handle !== null ? (handle as { id: number }).id : handle;
    timers.delete(Number(id));
  };
  Date.now = () => now;
  return () => {
    g.setTimeout = real.setTimeout;
    g.clearTimeout = real.clearTimeout;
    Date.now = real.now;
  };
}
