/** The sidebar's "done in about N s" falls steadily while nothing new is queued. */
import type { SchedulerStatus } from "../../../src/core/schedule/scheduler";
import { steadyQueueView } from "../../../src/hosts/shared/queueView";
import { queueText } from "../../../src/ui/queueSection";

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

test("cells whose request is out are said, not 'No cells waiting.' (issue 35)", () => {
  const view = steadyQueueView();
  const out = (n: number) => queueText(view({ ...status(0, 0), inFlight: n }, 0, true));
  expect(out(1)).toBe("1 request on its way: its cells answer when it comes back.");
  expect(out(3)).toBe("3 requests on their way: their cells answer when they come back.");
  expect(out(0)).toBe("No cells waiting.");
  // A finished queue clears with its next reading: nothing of "7 cells queued" stays.
  view(status(7, 1_000), 0, true);
  expect(queueText(view(status(0, 0), 2_000, true))).toBe("No cells waiting.");
});
