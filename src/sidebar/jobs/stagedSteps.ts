/**
 * A sheet's steps (imports/sheetSteps.ts) run as a job's units: each unit one request (or one
 * row of formula cells) asked as the job, folded into the state, counted. A stop the job waits
 * out (no quota yet, a 5xx burst, no connection) is thrown, so the job's checkpoint keeps every
 * unit before it and the unit is asked again on resume; a request the API refuses is folded as
 * that row's reason, and the sheet goes on.
 */
import { messageOf } from "../../core/errors";
import { nextStep, type SheetStage, type StepAnswer } from "../../imports/sheetSteps";
import type { Op } from "../op";
import type { SidebarPorts } from "../ports";
import { cellAnswers } from "../runSteps";
import type { StepContext } from "./jobKind";
import { isPassing } from "./passing";
import { askSplit, asksFor, type Split } from "./splitAsk";

/** The part of a job's state the steps keep: the sheet's own state and what it cost. */
export interface StagedProgress<S> {
  sheet: S;
  batches: number;
  singles: number;
  /** Rows a batch carries since the API could not finish one in time (splitAsk.ts). */
  split?: Split;
}

/** Run units while the step may; true when every request of the sheet is answered. */
export function* stagedUnits<S>(
  p: SidebarPorts,
  stagesOf: (s: S) => readonly SheetStage<S>[],
  box: StagedProgress<S>,
  ctx: StepContext,
  /** Units a step runs at most (formula-cell units are not counted as the job's requests). */
  most = Infinity,
  /** Ends the step once this holds after a unit (the plan known: its cost is asked first). */
  until?: (s: S) => boolean,
): Op<boolean> {
  for (let units = 0; ; units++) {
    const at = nextStep(stagesOf(box.sheet), box.sheet);
    if (!at) return true;
    if (units > 0 && until?.(box.sheet)) return false;
    if (units >= most || !(yield* ctx.more())) return false;
    const asked = at.request.call;
    let answer: StepAnswer;
    try {
      if ("cells" in asked) {
        const cells = yield* cellAnswers(p, asked.cells);
        // A cell that failed for a passing reason is asked again, not kept as the row's answer.
        const passing = cells.find((c) => "error" in c && isPassing(new Error(c.error)));
        if (passing && "error" in passing) throw new Error(passing.error);
        answer = { ok: true, data: cells };
      } else {
        // A batch split into parts is one answer; its parts past the first are batches too.
        let parts = 0;
        const data = yield* askSplit(
          ctx.ask,
          asked.endpoint,
          asked.params,
          (box.split ??= {}),
          () => {
            if (parts++ > 0) box.batches++;
          },
        );
        answer = { ok: true, data };
      }
    } catch (e) {
      if (isPassing(e) || /^Cancelled/.test(messageOf(e))) throw e;
      answer = { ok: false, error: p.api.explain(e) || messageOf(e) };
    }
    if (at.request.single) box.singles++;
    else box.batches++;
    box.sheet = at.stage.fold(box.sheet, at.request, answer);
    yield* ctx.checkpoint();
  }
}

/**
 * Requests still to make: the current stage's pending ones (each in its parts since a split),
 * each later stage's estimate from what is known now.
 */
export function stagedLeft<S>(
  stagesOf: (s: S) => readonly SheetStage<S>[],
  box: StagedProgress<S>,
): number {
  const stages = stagesOf(box.sheet);
  const at = nextStep(stages, box.sheet);
  if (!at) return 0;
  const now = at.stage
    .pending(box.sheet)
    .reduce((n, r) => n + ("cells" in r.call ? 1 : asksFor(r.call.endpoint, r.rows, box.split)), 0);
  return stages.slice(at.index + 1).reduce((n, stage) => n + stage.estimate(box.sheet), now);
}

/** Requests of the later stages' estimates that are a guess (SheetStage.guessed), not counted. */
export function stagedGuess<S>(
  stagesOf: (s: S) => readonly SheetStage<S>[],
  box: StagedProgress<S>,
): number {
  const stages = stagesOf(box.sheet);
  const at = nextStep(stages, box.sheet);
  if (!at) return 0;
  return stages
    .slice(at.index + 1)
    .reduce((n, stage) => n + (stage.guessed?.(box.sheet) ? stage.estimate(box.sheet) : 0), 0);
}
