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

/** "14:05": a time of day on the seller's own clock. */
export function clockTime(at: number): string {
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
}

/**
 * Why a job waits and when it goes on ("Could not reach the API …. Trying again at 14:05 (in
 * about 15 s); Cancel stops it."), or null while it runs. A page's own clock names the time.
 */
export function jobWait(v: JobView, now = Date.now()): string | null {
  if (v.waitMs <= 0 || v.phase === "done" || v.phase === "confirm" || v.phase === "asking")
    return null;
  const why = (v.stopped ?? "Another sidebar or run is working on this job").trim();
  const stop = /[.!?]$/.test(why) ? why : `${why}.`;
  const at = clockTime(now + v.waitMs);
  return `${stop} Trying again at ${at} (in ${timeWords(Math.ceil(v.waitMs / 1000))}); Cancel stops it.`;
}

/** The status line under a job's bar: its wait when it waits, else that it runs. */
export function jobStatus(label: string, v: JobView): { text: string; kind: "info" | "error" } {
  const wait = jobWait(v);
  if (wait) return { text: `${label}: ${wait}`, kind: "error" };
  return { text: `${label}: ${v.phase === "planning" ? "planning" : "running"}…`, kind: "info" };
}

/** "· 29 requests answered": what the job has spent, as its last checkpoint counts it. */
const answeredWords = (v: JobView): string =>
  v.spent > 0 ? ` · ${n(v.spent)} request${v.spent === 1 ? "" : "s"} answered` : "";

/**
 * The line for a job's view. Step n moves only when a step got answers (a try that got none is
 * a wait, said as one); "of about m" only once its plan is known (a shop's lists walked), as
 * lists refine it.
 */
export function jobLine(v: JobView): string {
  const wait = v.waitMs > 0 ? `in ${timeWords(Math.ceil(v.waitMs / 1000))}` : "";
  const why = (v.stopped ?? "").trim().replace(/[.!?]$/, "");
  const waiting = wait ? ` · waiting${why ? ` (${why})` : ""}, trying again ${wait}` : "";
  if (v.phase === "planning") return `Planning: ${v.doing}${answeredWords(v)}${waiting}`;
  if (v.phase === "confirm") return "Waiting for your yes to its cost…";
  if (v.phase === "asking") return "Waiting for your answer…";
  if (v.phase === "done") return "Done.";
  const of = v.left.planned ? ` of about ${n(v.steps + Math.max(1, v.stepsLeft))}` : "";
  const step = `Step ${n(v.steps + 1)}${of}: ${v.doing}`;
  const rows =
    v.left.rows > 0 ? ` · ${n(v.left.rowsWritten)} of ${n(v.left.rows)} rows written` : "";
  return `${step}${rows}${answeredWords(v)}${waiting} · ${timeWords(v.secondsLeft)} left`;
}
