/**
 * A function body at the team's costs (issue 34 item 5, formula cells where the seller turned
 * the cost book on): the body's requests go out as they were (coalesced, batched and cached by
 * the host as ever); each answer it gets back is costed from the book before the body reads it
 * (bookAnswers.ts), so a cell's field, table or card shows the book's cost on the answer's day.
 */
import { answerAtBookCosts } from "./bookAnswers";
import type { CostBook } from "./costBook";
import type { Effect, Program, Settled } from "./effects";

/** The answer to `effect` at the book's costs. */
function costed(effect: Effect, answer: unknown, book: CostBook): unknown {
  if (effect.kind === "call")
    return answerAtBookCosts(effect.endpoint, effect.params, answer, book);
  if (!Array.isArray(answer)) return answer;
  return (answer as Settled<unknown>[]).map((outcome, i) => {
    const asked = effect.calls[i];
    return outcome.ok && asked
      ? { ok: true, value: answerAtBookCosts(asked.endpoint, asked.params, outcome.value, book) }
      : outcome;
  });
}

/** `program` reading every answer at `book`'s costs. */
export function* withBookCosts<T>(program: Program<T>, book: CostBook): Program<T> {
  let step = program.next();
  while (!step.done) {
    const effect = step.value;
    let answer: unknown;
    try {
      answer = yield effect;
    } catch (error) {
      step = program.throw(error);
      continue;
    }
    step = program.next(costed(effect, answer, book));
  }
  return step.value;
}
