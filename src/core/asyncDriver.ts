/**
 * The Excel and browser driver. Bodies run concurrently (one per cell); every call goes to
 * the one Scheduler of its key and base URL, which queues, coalesces and paces them. There
 * is no fixed run timeout: a call waiting for quota is healthy and keeps waiting; each
 * request has its own timeout, and the breaker fails calls at once when the server is down.
 */
import type { ApiCall, Effect, Program, Settled } from "./effects";
import { isApiError } from "./errors";
import type { CommonEnv } from "./driverEnv";
import { jobLimit, type RequestShare } from "./schedule/jobShare";
import { Scheduler, type SchedulerEnv } from "./schedule/scheduler";
import type { SchedulerRegistry } from "./schedule/registry";

export type { AsyncTransport } from "./schedule/scheduler";

export interface AsyncEnv extends SchedulerEnv {
  /** The runtime's schedulers (one per key and base URL); without it, one per env object. */
  readonly schedulers?: SchedulerRegistry;
}

export interface RunOptions {
  /** Withdraws the body's queued calls (a cancelled Excel cell, a cancelled import). */
  readonly signal?: AbortSignal;
  /** At cancel, abort its request in flight too when nobody else waits for it (imports). */
  readonly abortInFlight?: boolean;
  /** Told of every call the body asks (a host tracks which cell used which answers). */
  readonly onCall?: (call: ApiCall) => void;
  /**
   * An answer the host already holds for this call, sent for no request (the API refused these
   * very arguments with a 400: asking again answers the same); undefined: ask.
   */
  readonly known?: (call: ApiCall) => Settled<unknown> | undefined;
  /** Told how each call the scheduler answered came out (a host remembers such a refusal). */
  readonly onSettled?: (call: ApiCall, outcome: Settled<unknown>) => void;
  /** A job's body: its requests leave cells their room in the quota (jobShare.ts). */
  readonly share?: RequestShare;
}

const ownSchedulers = new WeakMap<AsyncEnv, Scheduler>();

/** The scheduler of an env: the runtime's for its key and base URL, else one per env object. */
export function schedulerFor(env: AsyncEnv): Scheduler {
  if (env.schedulers) return env.schedulers.forEnv(env);
  let scheduler = ownSchedulers.get(env);
  if (!scheduler) {
    scheduler = new Scheduler(env);
    ownSchedulers.set(env, scheduler);
  }
  return scheduler;
}

/**
 * Requests a job may send at once now (a step's asks sent ahead together): the free slots of
 * the job's share of the key's quota (jobShare.ts: cells keep their room), and no more than the
 * runtime opens at once; 0 while the key is paused. As Sheets' fetchAll group: a group never
 * waits for quota, so a step's budget is not spent waiting on asks it may not need.
 */
export function jobRoom(env: AsyncEnv): number {
  const status = schedulerFor(env).status();
  const open = (env.maxInFlight ?? 6) - status.inFlight;
  const quota = status.quota;
  if (!quota) return Math.max(0, open);
  if (quota.pausedUntil !== null) return 0;
  return Math.max(0, Math.min(open, jobLimit(quota.limit) - quota.used));
}

/** Run a body with async I/O (Excel, browser). Rejects only with the body's own unhandled error. */
export async function runAsync<T>(
  program: Program<T>,
  env: AsyncEnv,
  options: RunOptions = {},
): Promise<T> {
  const scheduler = schedulerFor(env);
  let step = program.next();
  while (!step.done) {
    const reply = await perform(step.value, scheduler, env, options);
    if (reply.ok) {
      step = program.next(reply.value);
    } else {
      if (!isApiError(reply.error)) throw reply.error;
      step = program.throw(reply.error);
    }
  }
  return step.value;
}

async function perform(
  effect: Effect,
  scheduler: Scheduler,
  env: CommonEnv,
  run: RunOptions,
): Promise<Settled<unknown>> {
  const options = { env, ...run };
  const calls = effect.kind === "call" ? [effect] : effect.calls;
  for (const c of calls) run.onCall?.(c);
  const ask = async (call: ApiCall): Promise<Settled<unknown>> => {
    const known = run.known?.(call);
    if (known) return known;
    const outcome = await scheduler.request(call, options);
    run.onSettled?.(call, outcome);
    return outcome;
  };
  if (effect.kind === "call") return ask(effect);
  const all = await Promise.all(effect.calls.map(ask));
  return { ok: true, value: all };
}
