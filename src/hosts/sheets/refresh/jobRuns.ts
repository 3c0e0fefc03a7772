/**
 * Jobs run with nobody in the sidebar (src/sidebar/jobs/): `continueJobs` runs steps of a
 * spreadsheet's pending jobs until a deadline (the trigger runs call it: sidebar/README.md),
 * `importInto` refreshes one saved import (the menu's and the daily run's) as a job that goes
 * on at the add-in's next run when this one's time is up.
 */
import { counted } from "../../../core/counted";
import type { ImportDefinition } from "../../../imports/definitions";
import { leftOutText } from "../../../imports/plan";
import { continueJobs, type JobsLeft } from "../../../sidebar/jobs/continueJobs";
import { RUNNABLE_KINDS } from "../../../sidebar/jobs/jobKinds";
import { jobOps } from "../../../sidebar/jobs/jobRunner";
import { runOpSync } from "../../../sidebar/op";
import type { ImportResult } from "../../../sidebar/views";
import { sheetsPorts, type SidebarServerDeps } from "../sidebar/sheetsPorts";
import type { SbSpreadsheet } from "../sheet/sheetTypes";

/**
 * What an unattended refresh left as the seller typed it, and the rows it left out because
 * the API sent them out of bounds, for the run's notes.
 */
function keptNote(result: ImportResult): string | null {
  const cells = result.edited ?? [];
  const notes: string[] = [];
  if (cells.length > 0) {
    const named = cells
      .slice(0, 10)
      .map((e) => e.cell)
      .join(", ");
    const more = cells.length > 10 ? ` and ${cells.length - 10} more` : "";
    notes.push(
      `kept ${counted(cells.length, "cell")} you changed by hand (${named}${more}); refresh from the sidebar to choose`,
    );
  }
  const leftOut = leftOutText(result.leftOut);
  if (leftOut !== "") notes.push(`${leftOut}: tell your API provider`);
  return notes.length > 0 ? notes.join("; ") : null;
}

/** What `importInto` says of a refresh its run had no time to finish (it is not refreshed yet). */
export const GOES_ON = "goes on at the add-in's next run (out of time in this one)";

/** What `importInto` says of a refresh written whose log its run had no time to write. */
const LOG_GOES_ON = "refreshed; its Refresh log line is written at the add-in's next run";

/** The job runs of Sheets over explicit dependencies. */
export function sheetsJobRuns(deps: SidebarServerDeps) {
  const ports = sheetsPorts(deps);
  const runner = `run-${Math.random().toString(36).slice(2, 10)}`;
  const now = (): number => deps.now().getTime();
  return {
    /**
     * Run steps of `book`'s jobs until `deadlineMs` (a time on the run's clock); what is left,
     * and when the next step may go. Jobs waiting for the seller stay for the sidebar.
     */
    continueJobs(book: SbSpreadsheet, deadlineMs: number): JobsLeft {
      const ops = jobOps(
        ports(() => book, true),
        RUNNABLE_KINDS,
      );
      return runOpSync(continueJobs(ops, runner, now, deadlineMs));
    },

    /**
     * One saved import into `book`, as an unattended job (an earlier run's, if one is pending
     * for its sheet): its note when done (cells kept as the seller typed them), or a note that
     * it goes on at the next run. Throws the job's failure.
     */
    importInto(book: SbSpreadsheet, def: ImportDefinition, deadlineMs: number): string | null {
      const ops = jobOps(
        ports(() => book, true),
        RUNNABLE_KINDS,
      );
      const pending = runOpSync(ops.list()).find(
        (v) => v.kind === "import" && v.sheet === def.sheetName,
      );
      const view = pending ?? runOpSync(ops.start("import", { def, saved: true }, true));
      const left = runOpSync(continueJobs(ops, runner, now, deadlineMs, (v) => v.id === view.id));
      const ended = left.ended[0];
      if (ended?.phase === "done") return keptNote(ended.result as ImportResult);
      if (ended) throw new Error(ended.error ?? `the refresh was ${ended.phase}`);
      // Out of time after the table was written: refreshed, its log goes on.
      const kept = runOpSync(ops.list()).find((v) => v.id === view.id);
      return kept?.left.committed ? LOG_GOES_ON : GOES_ON;
    },
  };
}
