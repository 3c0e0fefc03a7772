/**
 * The schedulers of one runtime, one per API key and base URL, so every cell and the sidebar
 * of an Excel runtime (or a browser tab) share one queue and one budget. Excel's task pane is
 * another bundle in the same runtime: it reaches this registry through the runtime handle.
 */
import { sha256Hex } from "../hash";
import { MemoryStore } from "../store";
import { Breaker } from "./breaker";
import { Quota } from "./quota";
import {
  REQUEST_TIMEOUT_MS,
  Scheduler,
  type SchedulerEnv,
  type SchedulerStatus,
} from "./scheduler";

export class SchedulerRegistry {
  private readonly byTarget = new Map<string, Scheduler>();
  private readonly listeners = new Set<() => void>();

  /** The scheduler of this env's key and base URL (created with this env the first time). */
  forEnv(env: SchedulerEnv): Scheduler {
    const id = targetId(env.apiKey ?? "", env.baseUrl);
    let scheduler = this.byTarget.get(id);
    if (!scheduler) {
      scheduler = new Scheduler(env);
      scheduler.onChange(() => this.changed());
      this.byTarget.set(id, scheduler);
    }
    return scheduler;
  }

  /** The status of the scheduler for this key and base URL, or null before its first call. */
  status(apiKey: string, baseUrl: string): SchedulerStatus | null {
    return this.byTarget.get(targetId(apiKey, baseUrl))?.status() ?? null;
  }

  /** Be told when any queue changes. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }
}

/** Never the key itself as a map key (heap dumps, logs): a hash. */
function targetId(apiKey: string, baseUrl: string): string {
  return sha256Hex(`scheduler\n${apiKey}\n${baseUrl}`);
}

/** What one async runtime shares across cells and sidebar: the schedulers, the quota, the breaker. */
export interface Scheduling {
  readonly schedulers: SchedulerRegistry;
  readonly quota: Quota;
  readonly breaker: Breaker;
}

/** The scheduling of a runtime; their state needs no persistence (an in-memory store). */
export function createScheduling(clock: { now(): number }): Scheduling {
  const store = new MemoryStore({ clock });
  return {
    schedulers: new SchedulerRegistry(),
    quota: new Quota({ store, clock }),
    // A probe is lost only once its request's own time limit is past.
    breaker: new Breaker({ store, clock, probeTimeoutMs: REQUEST_TIMEOUT_MS + 5_000 }),
  };
}
