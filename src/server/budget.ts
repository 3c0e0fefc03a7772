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
/** A counted clock's step (ms a check costs), or 0: the real clock. */
let checkMs = 0;
let counted = 0;

/**
 * Runs `compute` with `ms` milliseconds to finish; checkRequestBudget throws past that.
 * `msPerCheck` (tests, bench): time is counted, not measured, each check costing that much,
 * so a slow server is the same on any machine (a 500-row preview past the budget, 250 inside).
 */
export function runWithBudget<T>(ms: number, compute: () => T, msPerCheck = 0): T {
  const outer = { deadline, budgetMs, checkMs, counted };
  checkMs = msPerCheck;
  counted = 0;
  deadline = (msPerCheck > 0 ? 0 : performance.now()) + ms;
  budgetMs = ms;
  try {
    return compute();
  } finally {
    ({ deadline, budgetMs, checkMs, counted } = outer);
  }
}

/** Throws a 503 when the current request has used up its budget; free when none is open. */
export function checkRequestBudget(): void {
  if (checkMs > 0) counted += checkMs;
  if ((checkMs > 0 ? counted : performance.now()) <= deadline) return;
  deadline = Number.POSITIVE_INFINITY; // one throw per request, even if a caller catches it
  throw new ApiProblem(
    503,
    `The server could not finish this request within ${budgetMs} ms. Ask for fewer ids or rows per request, or try again later.`,
    [{ field: "request", problem: `must be computable within ${budgetMs} ms` }],
  );
}
