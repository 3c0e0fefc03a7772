/** The sidebar's "done in about N s" falls steadily while nothing new is queued. */
import type { SchedulerStatus } from "../../../src/core/schedule/scheduler";
import { steadyQueueView } from "../../../src/hosts/shared/queueView";

const status = (queuedCalls: number, etaMs: number): SchedulerStatus => ({
  queuedCalls,
  queuedRequests: queuedCalls,
  inFlight: 0,
  etaMs,
  quota: null,
  breaker: null,
  lastActivityAt: 0,
  requestsSent: 0,
});

test("the estimate never jumps back up while the queue only shrinks", () => {
  const view = steadyQueueView();
  // The scheduler's own estimates as a queue drains (the 62 s, 78 s, 66 s, 87 s ...).
  const seen = [
    [40, 62_000, 0],
    [38, 78_000, 5_000],
    [35, 66_000, 10_000],
    [30, 87_000, 20_000],
    [31 - 6, 0, 65_000],
  ].map(([cells, eta, at]) => view(status(cells ?? 0, eta ?? 0), at ?? 0, true).secondsToDone);
  expect(seen).toEqual([62, 57, 52, 42, 1]);
});

test("more cells queued may push it later; an empty queue says 0 s", () => {
  const view = steadyQueueView();
  expect(view(status(10, 20_000), 0, true).secondsToDone).toBe(20);
  expect(view(status(50, 80_000), 1_000, true).secondsToDone).toBe(80);
  expect(view(status(0, 0), 2_000, true).secondsToDone).toBe(0);
});
