/**
 * Steps of a document's jobs run by whoever has time and nobody to ask: a Sheets trigger run
 * with the sidebar closed, a daily or menu refresh. Jobs waiting for the seller (their cost,
 * a question) are left for the sidebar; each step ends by the deadline.
 */
import type { Op } from "../op";
import { isOver, type JobView } from "./jobRecord";
import type { JobOps } from "./jobRunner";

/** What is left after a run. */
export interface JobsLeft {
  /** Steps run. */
  readonly steps: number;
  /** Jobs a later run can go on with (not done, not waiting for the seller). */
  readonly remaining: number;
  /** Jobs waiting for the seller in the sidebar (their cost, a question). */
  readonly waiting: number;
  /** When the earliest remaining job may take its next step (ms), or null when none. */
  readonly nextAt: number | null;
  /** Jobs that ended in this run, with how. */
  readonly ended: readonly JobView[];
}

/** A step needs at least this much of a run's time left to start (a unit may take a minute). */
export const STEP_MIN_MS = 60_000;

const runnable = (v: JobView): boolean =>
  !isOver(v.phase) && v.phase !== "confirm" && v.phase !== "asking";

/** Run steps of the document's jobs (`only` those, when given) until `deadline`. */
export function* continueJobs(
  ops: JobOps,
  runner: string,
  now: () => number,
  deadline: number,
  only?: (view: JobView) => boolean,
): Op<JobsLeft> {
  let steps = 0;
  const ended: JobView[] = [];
  const left = new Map<string, JobView>();
  for (const first of yield* ops.list()) {
    if (only && !only(first)) continue;
    let view = first;
    while (runnable(view) && view.waitMs === 0 && deadline - now() >= STEP_MIN_MS) {
      view = yield* ops.step(view.id, runner, deadline);
      steps++;
    }
    if (isOver(view.phase)) ended.push(view);
    else left.set(view.id, view);
  }
  const going = [...left.values()].filter(runnable);
  const at = going.map((v) => now() + v.waitMs);
  return {
    steps,
    remaining: going.length,
    waiting: left.size - going.length,
    nextAt: at.length ? Math.min(...at) : null,
    ended,
  };
}
