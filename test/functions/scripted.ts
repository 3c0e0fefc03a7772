/** Drive a catalog body with a scripted API: every call is recorded and answered by a function. */
import type { ApiCall, Program, Settled } from "../../src/core/effects";
import { ApiError } from "../../src/core/errors";

export interface Scripted<T> {
  readonly result: T;
  readonly calls: ApiCall[];
}

/** Answer each call; return an ApiError to make that call fail. */
export type Answer = (call: ApiCall) => unknown;

export function runScripted<T>(program: Program<T>, answer: Answer): Scripted<T> {
  const calls: ApiCall[] = [];
  const settle = (c: ApiCall): Settled<unknown> => {
    calls.push(c);
    const value = answer(c);
    return value instanceof ApiError ? { ok: false, error: value } : { ok: true, value };
  };
  let step = program.next();
  while (!step.done) {
    const effect = step.value;
    if (effect.kind === "call") {
      const outcome = settle(effect);
      step = outcome.ok ? program.next(outcome.value) : program.throw(outcome.error);
    } else {
      step = program.next(effect.calls.map(settle));
    }
  }
  return { result: step.value, calls };
}

/** A breakdown result as the reference server shapes it (contract-notes). */
export function fakeBreakdown(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...extra,
    breakdown: {
      originalPrice: { amount: 100, label: "Original price" },
      commissionFee: { amount: -6, label: "Commission fee" },
      cogs: { amount: -40, label: "COGS" },
    },
    metadata: { currency: "SGD", netProfit: 54, revenue: 100, margin: 54 },
  };
}
