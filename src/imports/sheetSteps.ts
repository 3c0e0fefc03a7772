/**
 * A sheet computed in steps (issue 34), host-free. Which requests a sheet makes follows from the
 * answers before them (a list walk's next page; the previews asked at the prices the lists gave),
 * so a sheet is a list of stages: each names its requests still to make from the state so far,
 * and folds one answer at a time into a new state. The state is plain JSON, so the job that runs
 * a sheet can keep it as its checkpoint after every step and resume from it; a step asked twice
 * folds the same answer into the same state.
 */
import type { ApiCall } from "../core/effects";
import type { CellInput } from "../functions/cells";

/** A formula cell a step answers, as a seller would type it (name and arguments). */
export interface CellAsk {
  readonly name: string;
  readonly args: readonly CellInput[];
}

/** One request of a sheet's plan. */
export interface SheetRequest {
  /** Unique in the sheet's run ("A1 at 2025-07-30 #3"): what was answered is kept by it. */
  readonly id: string;
  /** The request; or, for a row of single-endpoint answers, the cells that ask them. */
  readonly call: ApiCall | { readonly cells: readonly CellAsk[] };
  /** Rows its answer covers (a batch's), for the progress line and the request count. */
  readonly rows: number;
  /** A single request for one row the batches did not cover (counted apart). */
  readonly single?: boolean;
}

/** A cell's answer as a state keeps it (plain JSON): its value, or its error's sentence. */
export type CellAnswer = { readonly value: unknown } | { readonly error: string };

/** What one request brought: its answer, or the seller's sentence for why it failed. */
export type StepAnswer =
  { readonly ok: true; readonly data: unknown } | { readonly ok: false; readonly error: string };

/** One stage of a sheet: requests of one kind whose bodies follow from the stages before. */
export interface SheetStage<S> {
  /** What it asks for, in the seller's words ("today's figures per model (A1)"). */
  readonly name: string;
  /** Its requests not yet answered, from the state so far (empty: done). */
  pending(s: S): readonly SheetRequest[];
  /** The state after one of them was answered (or failed). */
  fold(s: S, request: SheetRequest, answer: StepAnswer): S;
  /** Requests it will make, guessed before the stages it depends on are done. */
  estimate(s: S): number;
  /**
   * Its estimate is a guess even once the lists are walked (a measured share of the rows, known
   * only from answers to come): the cost question says that part is a guess.
   */
  guessed?(s: S): boolean;
  /** A walk of a shop's list: the plan (and its cost) is known once every such stage is done. */
  readonly lists?: true;
}

/** The state every staged sheet keeps beside its own: the requests already answered. */
export interface StepState {
  readonly answered: Readonly<Record<string, true>>;
}

/** A state with `request` marked answered. */
export const markAnswered = <S extends StepState>(s: S, request: SheetRequest): S => ({
  ...s,
  answered: { ...s.answered, [request.id]: true },
});

/** Requests of `all` not yet answered. */
export const notAnswered = (s: StepState, all: readonly SheetRequest[]): readonly SheetRequest[] =>
  all.filter((r) => s.answered[r.id] !== true);

/** The next request: the first pending one of the first unfinished stage (null: complete). */
export function nextStep<S>(
  stages: readonly SheetStage<S>[],
  s: S,
): {
  readonly stage: SheetStage<S>;
  readonly index: number;
  readonly request: SheetRequest;
} | null {
  for (const [index, stage] of stages.entries()) {
    const request = stage.pending(s)[0];
    if (request) return { stage, index, request };
  }
  return null;
}

/** Every list walk of the sheet is done: its requests left are counted, no longer guessed. */
export function listsDone<S>(stages: readonly SheetStage<S>[], s: S): boolean {
  const at = nextStep(stages, s);
  return at === null || stages.slice(at.index).every((stage) => stage.lists !== true);
}

/**
 * Requests still to make: the current stage's pending ones, each later stage's estimate from
 * what is known now (its pending list once the stages before it are done).
 */
export function requestsLeft<S>(stages: readonly SheetStage<S>[], s: S): number {
  const at = nextStep(stages, s);
  if (!at) return 0;
  return stages
    .slice(at.index)
    .reduce((n, stage, i) => n + (i === 0 ? stage.pending(s).length : stage.estimate(s)), 0);
}

/** One request of a stage. */
export const requestOf = (
  id: string,
  c: SheetRequest["call"],
  rows: number,
  single = false,
): SheetRequest => ({
  id,
  call: c,
  rows,
  ...(single ? { single: true } : {}),
});
