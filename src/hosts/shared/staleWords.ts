/**
 * What the task pane says of cells showing their last good figures while the API does not
 * answer (stale-if-error, at most MAX_STALE_SEC old: docs/contract-notes.md).
 */
import { MAX_STALE_SEC } from "../../core/cache";

const pad = (n: number): string => String(n).padStart(2, "0");

/** "14:05", or "28 Nov 14:05" when not today (the page's own time zone). */
function shownTime(ms: number, now: number): string {
  const at = new Date(ms);
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  if (at.toDateString() === new Date(now).toDateString()) return time;
  const month = at.toLocaleString("en-US", { month: "short" });
  return `${at.getDate()} ${month} ${time}`;
}

/** The pane's line: from when the oldest figure shown is, and what happens next. */
export function staleWords(oldest: number, cells: number, now: number): string {
  const which = cells === 1 ? "1 cell shows" : `${cells} cells show`;
  return `${which} figures from ${shownTime(oldest, now)}: the API is not answering. They stay at most ${MAX_STALE_SEC / 3600} h; once it answers, press "Cells with errors" to renew them.`;
}
