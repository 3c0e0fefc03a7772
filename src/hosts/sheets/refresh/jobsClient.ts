/**
 * The resumable table jobs (imports, managed-table refreshes, pricing builds and refreshes,
 * snapshots: src/sidebar/jobs/) as a background client (fill/background.ts): with the sidebar
 * closed, every trigger run goes on with a spreadsheet's jobs from their checkpoints in the
 * hidden "~mkt jobs" sheet, within its share of the run's time, until none is left. A job's
 * step asks for the clock itself (sidebarServer.ts, keepJobsGoing), so closing the sidebar
 * after any step leaves it to the next clock run: within minutes for a bound script, hourly
 * for an editor add-on.
 */
import type { BackgroundClient } from "../fill/background";
import type { SbSpreadsheet } from "../sheet/sheetTypes";
import { jobsPending } from "../sheet/sheetJobs";
import { continueTableJobs } from "../sidebar/sidebarServer";

export const tableJobsClient: BackgroundClient = {
  name: "table jobs",
  // Cheap, and no Properties read: the checkpoint sheet holds an unfinished job (the last
  // outcome's row has no body).
  pending: (doc) => jobsPending(doc.book as unknown as SbSpreadsheet),
  // A trigger run's book is a whole Spreadsheet (the active one, or openById's).
  run: (doc, until) =>
    continueTableJobs(doc.book as unknown as SbSpreadsheet, until).remaining === 0,
};
