/**
 * How long work (a job: an import, a pricing build, a bulk run) shares a key's requests with
 * formula cells. A job may take a slot only while CELL_ROOM of the window's slots stay free, so
 * a cell typed during a 335-request build finds one at once instead of waiting out the job;
 * cells may use every slot. Kept in the quota itself (Quota.acquire's `keep`), so it holds
 * across Apps Script executions and for every job alike, not in each job's own pacing.
 */

/** Who asks: a formula cell (or a quick sidebar ask), or a job's step. */
export type RequestShare = "cell" | "job";

/** Slots of each window a job leaves for cells (6 of 60: a tenth). */
export const CELL_ROOM = 6;

/** Slots a job may hold in a window of a quota of `limit` (at least one). */
export function jobLimit(limit: number): number {
  return Math.max(1, limit - Math.min(CELL_ROOM, Math.floor(limit / 10)));
}

/** Requests a job gets a minute on the API's 60 (the pace its plan and time left assume). */
export const JOB_REQUESTS_PER_MINUTE = jobLimit(60);

/** Slots to keep free for an ask of `share` on a quota of `limit`. */
export const keepFor = (share: RequestShare | undefined, limit: number): number =>
  share === "job" ? limit - jobLimit(limit) : 0;
