/**
 * Runs a sheet's steps (imports/sheetSteps.ts) over the host's API port, one request a step,
 * folding each answer into the state; `after` hears every step with the state (the checkpoint a
 * job keeps) and what is left. A failed request is a step too: its rows say why, and the sheet
 * goes on. Requests are counted as the issue counts them: batches, and single requests for rows
 * the batches did not cover.
 */
import { call } from "../core/effects";
import { messageOf } from "../core/errors";
import { Figure } from "../core/figure";
import { CellError } from "../core/shape";
import {
  nextStep,
  requestsLeft,
  type CellAnswer,
  type CellAsk,
  type SheetStage,
  type StepAnswer,
} from "../imports/sheetSteps";
import { io, type Op } from "./op";
import type { SidebarPorts } from "./ports";

/** What a run cost. */
export interface StepCount {
  /** Batch and list requests. */
  readonly batches: number;
  /** Single requests for rows no batch covered. */
  readonly singles: number;
}

/** Where a run is, for the progress line. */
export interface StepProgress {
  readonly stage: string;
  readonly done: number;
  readonly left: number;
}

/**
 * Formula cells answered as a seller's cells are (the host's cache, queue and batching: cells
 * asking the same request share it), each kept as its value or its error's sentence.
 */
export function* cellAnswers(p: SidebarPorts, cells: readonly CellAsk[]): Op<CellAnswer[]> {
  const out: CellAnswer[] = [];
  for (const c of cells) {
    const result = yield* io(() => p.api.answer(c.name, [...c.args]));
    const first = Array.isArray(result) ? result[0]?.[0] : result;
    const value = first instanceof Figure ? first.value : (first ?? null);
    out.push(value instanceof CellError ? { error: value.message } : { value });
  }
  return out;
}

/**
 * Run the steps of `stagesOf(state)` from `state` on: every one, or (with `more`) until the
 * host's call has no time for another after at least one; the state, the count and whether the
 * sheet's requests are all answered (false: call again from the state, its checkpoint).
 */
export function* runSteps<S>(
  p: SidebarPorts,
  stagesOf: (s: S) => readonly SheetStage<S>[],
  state: S,
  after?: (s: S, at: StepProgress) => Op<void>,
  more?: () => boolean,
): Op<{ state: S; count: StepCount; done: boolean }> {
  let s = state;
  let batches = 0;
  let singles = 0;
  for (;;) {
    const stages = stagesOf(s);
    const at = nextStep(stages, s);
    if (!at) break;
    if (more && batches + singles > 0 && !more())
      return { state: s, count: { batches, singles }, done: false };
    const { request } = at;
    let answer: StepAnswer;
    try {
      const asked = request.call;
      const data =
        "cells" in asked
          ? yield* cellAnswers(p, asked.cells)
          : yield* io(() => p.api.run(call(asked.endpoint, asked.params), { fresh: true }));
      answer = { ok: true, data };
    } catch (e) {
      answer = { ok: false, error: p.api.explain(e) || messageOf(e) };
    }
    if (request.single) singles++;
    else batches++;
    s = at.stage.fold(s, request, answer);
    if (after)
      yield* after(s, {
        stage: at.stage.name,
        done: batches + singles,
        left: requestsLeft(stagesOf(s), s),
      });
  }
  return { state: s, count: { batches, singles }, done: true };
}
