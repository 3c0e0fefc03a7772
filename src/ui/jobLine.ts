/**
 * A job's line in the sidebar while it works: "Step 3 of 12: asking each model's own figures ·
 * 1,200 of 10,000 rows written · about 4 min left", with why it waits when it does.
 */
import type { JobView } from "./bridge";

const n = (x: number): string => x.toLocaleString("en-US");

/** "about 4 min", "about 40 s". */
export function timeWords(seconds: number): string {
  return seconds >= 90
    ? `about ${Math.round(seconds / 60)} min`
    : `about ${Math.max(1, seconds)} s`;
}

/** The line for a job's view. */
export function jobLine(v: JobView): string {
  if (v.phase === "planning") return `Planning: ${v.doing}…`;
  if (v.phase === "confirm") return "Waiting for your yes to its cost…";
  if (v.phase === "asking") return "Waiting for your answer…";
  if (v.phase === "done") return "Done.";
  const step = `Step ${n(v.steps + 1)} of ${n(v.steps + Math.max(1, v.stepsLeft))}: ${v.doing}`;
  const rows =
    v.left.rows > 0 ? ` · ${n(v.left.rowsWritten)} of ${n(v.left.rows)} rows written` : "";
  const wait =
    v.waitMs > 0
      ? ` · next step in ${timeWords(Math.ceil(v.waitMs / 1000))}${v.stopped ? ` (${v.stopped})` : ""}`
      : "";
  return `${step}${rows} · ${timeWords(v.secondsLeft)} left${wait}`;
}
