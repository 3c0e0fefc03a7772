/**
 * Running a function body without the network: its first calls (what a cell will ask for),
 * or its whole answer from the cache alone (a paused cell, a check for stale answers).
 */
import {
  createDriverStats,
  planCall,
  type ApiCall,
  type CommonEnv,
  type Effect,
  type Program,
} from "../../../core";

function callsOf(effect: Effect): readonly ApiCall[] {
  return effect.kind === "call" ? [effect] : effect.calls;
}

/** The calls a body makes first; none when its arguments are bad or it needs no call. */
export function firstCalls(start: () => Program<unknown>): ApiCall[] {
  try {
    const program = start();
    const step = program.next();
    program.return(undefined);
    return step.done ? [] : [...callsOf(step.value)];
  } catch {
    return [];
  }
}

/** The body's answer from cached answers alone, or the calls it still needs. */
export function runFromCache<T>(
  program: Program<T>,
  env: CommonEnv,
): { readonly value: T } | { readonly missing: readonly ApiCall[] } {
  const stats = createDriverStats();
  let step = program.next();
  while (!step.done) {
    const effect = step.value;
    const calls = callsOf(effect);
    const plans = calls.map((c) => planCall(c, env, stats));
    const missing = calls.filter((_, i) => plans[i]?.kind !== "done");
    if (missing.length > 0) {
      program.return(undefined as T);
      return { missing };
    }
    const results = plans.map((p) => (p.kind === "done" ? p.result : null));
    if (effect.kind === "parallel") step = program.next(results);
    else {
      const [r] = results;
      step = r && !r.ok ? program.throw(r.error) : program.next(r?.ok ? r.value : undefined);
    }
  }
  return { value: step.value };
}
