/**
 * A job run as the Sheets sidebar runs it: sidebarJobStart, then one sidebarJobStep a server
 * call until it is done, its cost and questions answered as told. Each call is one execution
 * of the add-on (a fresh `call`), as google.script.run makes it.
 */
import type { JobView } from "../../../src/sidebar/jobs/jobRecord";

export interface SheetsJobRun {
  /** Call a top-level function of the add-on. */
  readonly call: (name: string, ...args: unknown[]) => unknown;
  /** Answers to the job's cost and questions, in order (default: yes to each). */
  readonly answers?: boolean[];
  /** Told each view. */
  readonly onView?: (view: JobView) => void;
  /** The sidebar's runner name. */
  readonly runner?: string;
  /** Most steps before the run gives up (a test's guard). */
  readonly maxSteps?: number;
  /** Wait out a job's wait (a passing stop, another runner's lease) on the test's clock. */
  readonly wait?: (ms: number) => void;
}

/** Run a job to its end; its result, or it throws the job's failure or cancellation. */
export function runSheetsJob(kind: string, input: unknown, o: SheetsJobRun): unknown {
  const answers = [...(o.answers ?? [])];
  const view = o.call("sidebarJobStart", kind, input) as JobView;
  return driveSheetsJob(view, { ...o, answers });
}

/** Go on with a started job (a resumed one) to its end. */
export function driveSheetsJob(first: JobView, o: SheetsJobRun): unknown {
  const answers = o.answers ?? [];
  const runner = o.runner ?? "sidebar-test";
  let view = first;
  for (let steps = 0; steps < (o.maxSteps ?? 500); steps++) {
    o.onView?.(view);
    if (view.phase === "done") return view.result;
    if (view.phase === "failed" || view.phase === "cancelled")
      throw new Error(view.error ?? view.phase);
    if (view.phase === "confirm")
      view = o.call(
        (answers.shift() ?? true) ? "sidebarJobConfirm" : "sidebarJobCancel",
        view.id,
      ) as JobView;
    else if (view.phase === "asking")
      view = o.call("sidebarJobAnswer", view.id, answers.shift() ?? true) as JobView;
    else {
      if (view.waitMs > 0) o.wait?.(view.waitMs);
      view = o.call("sidebarJobStep", view.id, runner) as JobView;
    }
  }
  throw new Error(
    `the job did not end in ${o.maxSteps ?? 500} steps (last: ${view.phase}, ${view.stopped ?? view.error ?? ""}, wait ${view.waitMs} ms)`,
  );
}
