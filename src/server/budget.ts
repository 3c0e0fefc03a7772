/**
 * The time budget of one request. Handlers are synchronous, so exactly one computes at a time:
 * the HTTP layer opens a budget around each handler call, and every loop whose length the
 * caller controls (solver steps, per-element previews, per-order aggregation) checks it. Past
 * the budget the request ends with a 503 and the event loop is free for everyone else.
 */
import { ApiProblem } from "./problem";

/** Default budget of one request's computation (the fuzz test allows an answer 1 s). */
export const REQUEST_BUDGET_MS = 500;

let deadline = Number.POSITIVE_INFINITY;
let budgetMs = 0;

/** Runs `compute` with `ms` milliseconds to finish; checkRequestBudget throws past that. */
export function runWithBudget<T>(ms: number, compute: () => T): T {
  const outer = { deadline, budgetMs };
  deadline = performance.now() + ms;
  budgetMs = ms;
  try {
    return compute();
  } finally {
    deadline = outer.deadline;
    budgetMs = outer.budgetMs;
  }
}

/** Throws a 503 when the current request has used up its budget; free when none is open. */
export function checkRequestBudget(): void {
  if (performance.now() <= deadline) return;
  deadline = Number.POSITIVE_INFINITY; // one throw per request, even if a caller catches it
  throw new ApiProblem(
    503,
    `The server could not finish this request within ${budgetMs} ms. Ask for fewer ids or rows per request, or try again later.`,
    [{ field: "request", problem: `must be computable within ${budgetMs} ms` }],
  );
}
