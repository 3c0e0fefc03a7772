/**
 * What one kind of long work (a pricing build, an import, a bulk run, a snapshot) tells the job
 * runner: how it begins, one step of it, what is left, how a stop is undone. The runner
 * (jobRunner.ts) keeps the checkpoint, the steps' budget, the cost question and the pace; a
 * kind only works through its state. A kind's step changes its state in place, one finished
 * unit at a time (a request answered and kept, a block written), so whatever stops the step
 * keeps every unit before it; a unit run twice writes the same cells.
 */
import type { CallHow, Program } from "../../core/effects";
import type { Op } from "../op";
import type { SidebarPorts } from "../ports";
import type { JobLeft, JobQuestion } from "./jobRecord";

/** What a step may use of the runner. */
export interface StepContext {
  /** May another unit start in this step (its time, its requests, no cancel asked)? */
  more(): Op<boolean>;
  /**
   * Ask the API as this job: fresh, in the job's share of the quota, counted. `how`: a batch
   * the job splits itself gets the server's 503 back at once (splitAsk.ts).
   */
  ask(endpoint: string, params: Record<string, unknown>, how?: CallHow): Op<unknown>;
  /**
   * Send the next units' requests together where the host can (UrlFetchApp.fetchAll), as many
   * as the key's job share has free now and the step's budget allows, from the first: each
   * unit's own `ask` of the same endpoint and params then takes its answer (or its error)
   * without asking again. A null ends the run of asks sent (a unit asked in parts, whose
   * requests are not known before). Nothing where the host sends one at a time.
   */
  ahead(asks: readonly (JobAsk | null)[]): Op<void>;
  /** Run a body (a list's page, which may ask twice) as this job, counted as one request. */
  run<T>(program: Program<T>): Op<T>;
  /**
   * Keep the state as it is now in the document (a unit answered and folded), at most every
   * few seconds: a reload mid-step does not ask those requests again.
   */
  checkpoint(): Op<void>;
  /** Nobody is there to answer a question (a trigger's or daily run). */
  readonly unattended: boolean;
  /** Words for the stamp of a table left unfinished: when it goes on. */
  readonly continues: string;
}

/** One request a unit will make. */
export interface JobAsk {
  readonly endpoint: string;
  readonly params: Record<string, unknown>;
  /** As the unit's own ask will go (StepContext.ask's `how`). */
  readonly how?: CallHow;
}

/** How a step ended: still working, a question to ask, or done with its result. */
export type StepEnd =
  | { readonly kind: "more" }
  | { readonly kind: "ask"; readonly question: JobQuestion }
  | { readonly kind: "done"; readonly result: unknown };

/** What a kind's begin gives the runner. */
export interface Begun<S> {
  readonly state: S;
  readonly title: string;
  readonly sheet: string | null;
  /** Asked before anything is spent (replace a sheet that holds data). */
  readonly question?: JobQuestion;
}

/** One kind of job. */
export interface JobKind<I, S> {
  /** Requests a step sends at most (default REQUESTS_PER_STEP): fewer, finer progress. */
  readonly perStep?: number;
  /** Check the input and make the first state; nothing is asked of the API here. */
  begin(p: SidebarPorts, input: I, unattended: boolean): Op<Begun<S>>;
  /** The seller's answer to the question the job waits on; a text: the job ends, cancelled. */
  answer(p: SidebarPorts, state: S, yes: boolean): Op<string | null>;
  /** Work while `ctx.more()`; a step that writes cells ends after its write. */
  step(p: SidebarPorts, state: S, ctx: StepContext): Op<StepEnd>;
  /** What is left of it. */
  left(state: S): JobLeft;
  /** What its next step does, in the seller's words ("writing 1,329 rows"). */
  doing(state: S): string;
  /** Undo what a stopped job left outside its target (a staging sheet): cancel or failure. */
  drop(p: SidebarPorts, state: S): Op<void>;
}

/** A kind whose input and state types are its own business. */
export type AnyJobKind = JobKind<never, never>;
