/**
 * A job's checkpoint as the document keeps it, and the view a client reads. The head is small
 * (phase, progress, the question asked, the last stop) and read often; the body is the kind's
 * state, linear in the job's rows, read and written once a step. Both are plain JSON: they
 * cross google.script.run and live in a hidden sheet, document settings or the workbook.
 */
import type { QuestionAnswers } from "../importQuestions";
import { secondsLeft, stepsLeft } from "./jobPace";

/** Where a job is. */
export type JobPhase =
  /** Asking what its plan needs (a shop's lists), before its cost is known. */
  | "planning"
  /** Its cost is above a minute: waiting for the seller's yes. */
  | "confirm"
  /** Waiting for the seller's answer to a question (replace a sheet, keep edited cells). */
  | "asking"
  | "running"
  | "done"
  | "failed"
  | "cancelled";

/** What is left of a job, as its kind measures its state. */
export interface JobLeft {
  /** Requests still to send (planned; 0 when not known yet). */
  readonly requests: number;
  /** Steps that write cells and make no request. */
  readonly writes: number;
  /** Rows the job writes in all, and of them written so far (0 and 0 when none). */
  readonly rows: number;
  readonly rowsWritten: number;
  /** The plan is known (its requests are counted, not guessed). */
  readonly planned: boolean;
  /** Of `requests`, those only guessed from a measured share until answers to come (absent: 0). */
  readonly guessed?: number;
  /** Its write to the seller's sheet is done; only its log and clean-up are left. */
  readonly committed?: boolean;
}

/** A question the seller answers before the job goes on. */
export interface JobQuestion {
  readonly text: string;
  readonly answers: QuestionAnswers;
}

/** A job's head: everything but its state. */
export interface JobHead {
  readonly v: 1;
  readonly id: string;
  /** The kind's name (jobKinds.ts). */
  readonly kind: string;
  /** What the seller reads: "Pricing sheet · A 100001 SG → Pricing". */
  readonly title: string;
  /** The sheet it builds (its stamp says the job is unfinished), or null. */
  readonly sheet: string | null;
  readonly phase: JobPhase;
  /** Nobody to ask (a daily or menu refresh): questions take their safe answer. */
  readonly unattended: boolean;
  /** The seller said yes to its cost. */
  readonly confirmed: boolean;
  /** Steps done so far. */
  readonly steps: number;
  /** Requests answered so far (a try that got no answer is not counted), and their ms. */
  readonly spent: number;
  readonly spentMs: number;
  readonly left: JobLeft;
  /** Requests a step sends at most (its kind's). */
  readonly perStep: number;
  /** What its next step does, in the seller's words ("asking each model's figures"). */
  readonly doing: string;
  readonly question?: JobQuestion;
  /** A passing stop (no quota, a 5xx burst, no connection): the next step not before. */
  readonly waitUntil?: number;
  /** Passing stops in a row, and why the last one happened. */
  readonly stops: number;
  readonly stopped?: string;
  readonly error?: string;
  readonly result?: unknown;
  readonly createdAt: number;
  /**
   * When it ended (its phase done, failed or cancelled): a head kept so is either an end not yet
   * finished (its body still there: the next caller finishes it, its log row once) or the
   * document's last outcome (no body: the sidebar shows it after a clock run ended the job).
   */
  readonly endedAt?: number;
}

/** A job as a client sees it. */
export interface JobView extends JobHead {
  /** Milliseconds before the next step may go (a passing stop, another runner on it). */
  readonly waitMs: number;
  /** Steps ahead, and the seconds they take at the job's pace. */
  readonly stepsLeft: number;
  readonly secondsLeft: number;
}

/** Parse a head; null for anything that is not one (a stranger's text, an old version). */
export function parseHead(text: string | null): JobHead | null {
  if (!text) return null;
  try {
    const head = JSON.parse(text) as Partial<JobHead>;
    return head && head.v === 1 && typeof head.id === "string" && typeof head.kind === "string"
      ? (head as JobHead)
      : null;
  } catch {
    return null;
  }
}

/** A phase the job never leaves. */
export const isOver = (phase: JobPhase): boolean =>
  phase === "done" || phase === "failed" || phase === "cancelled";

/** The view of a head at `now`. */
export function viewOf(head: JobHead, now: number, busyUntil = 0): JobView {
  const waitMs = Math.max(0, (head.waitUntil ?? 0) - now, busyUntil - now);
  // The time left includes the wait the job knows of (a stop's, another runner's lease).
  return {
    ...head,
    waitMs,
    stepsLeft: stepsLeft(head),
    secondsLeft: secondsLeft(head) + Math.ceil(waitMs / 1000),
  };
}
