/**
 * Cancel that really stops an import: the driver's sleeps (rate-limit waits, retry pauses)
 * end at cancel, and the request in flight is aborted, so no page is sent or awaited after
 * the seller pressed Cancel.
 */
import type { AsyncTransport } from "../core/asyncDriver";
import type { AsyncClock } from "../core/clock";

/** The error a cancelled wait or request ends with (the runner reports ImportCancelled). */
export class RunCancelled extends Error {
  constructor() {
    super("Cancelled");
    this.name = "RunCancelled";
  }
}

/** Settle as `work` does, or reject as soon as `signal` fires. */
function untilAbort<T>(signal: AbortSignal, work: Promise<T>): Promise<T> {
  if (signal.aborted) return Promise.reject(new RunCancelled());
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new RunCancelled());
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** A clock whose sleeps end (rejected) at cancel. */
export function cancellableClock(clock: AsyncClock, signal: AbortSignal): AsyncClock {
  return {
    now: () => clock.now(),
    sleep: (ms) => untilAbort(signal, clock.sleep(ms)),
  };
}

/** A transport that aborts its request at cancel and does not wait for the answer. */
export function cancellableTransport(
  transport: AsyncTransport,
  signal: AbortSignal,
): AsyncTransport {
  return {
    fetch(request, options) {
      if (signal.aborted) return Promise.reject(new RunCancelled());
      const controller = new AbortController();
      const abort = (): void => controller.abort();
      signal.addEventListener("abort", abort, { once: true });
      const inner = options?.signal;
      if (inner?.aborted) controller.abort();
      inner?.addEventListener("abort", abort, { once: true });
      return untilAbort(signal, transport.fetch(request, { signal: controller.signal })).finally(
        () => {
          signal.removeEventListener("abort", abort);
          inner?.removeEventListener("abort", abort);
        },
      );
    },
  };
}
