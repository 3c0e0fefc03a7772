/**
 * How long a job's rest takes, and how many steps: its requests at its pace (the job's share
 * of the key's 60 a minute, or slower where the API answered slower so far), its writes.
 */
import { JOB_REQUESTS_PER_MINUTE } from "../../core/schedule/jobShare";

/**
 * Requests a step sends at most: about a minute of the job's share, so a checkpoint is
 * written at least that often, and a step stays far inside Apps Script's 6 minutes.
 */
export const REQUESTS_PER_STEP = 50;
/** A step that writes cells (a table, its answers), as the estimate counts it. */
const WRITE_SECONDS = 5;
/**
 * Requests seen before their pace counts: the first few (a plan's lists) carry each step's
 * start, and would make a 6-minute job look like 17.
 */
const PACE_AFTER = 20;

/** What a pace is read from. */
export interface Paced {
  readonly left: { readonly requests: number; readonly writes: number };
  /** Requests a step sends at most (REQUESTS_PER_STEP unless its kind says). */
  readonly perStep?: number;
  /** Requests sent so far, and the milliseconds they took (their waits for quota included). */
  readonly spent: number;
  readonly spentMs: number;
}

/** Steps ahead: the requests in steps of the job's size, and the writes. */
export const stepsLeft = (job: Paced): number =>
  Math.ceil(job.left.requests / (job.perStep ?? REQUESTS_PER_STEP)) + job.left.writes;

/** Seconds the rest takes: its requests at its pace (never faster than its share), its writes. */
export function secondsLeft(job: Paced): number {
  const share = 60 / JOB_REQUESTS_PER_MINUTE;
  const pace = job.spent >= PACE_AFTER ? Math.max(share, job.spentMs / 1000 / job.spent) : share;
  return Math.ceil(job.left.requests * pace + job.left.writes * WRITE_SECONDS);
}
