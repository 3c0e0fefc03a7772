/**
 * One Apps Script execution as the coordinator tracks it: what started it, its worker, its
 * pending writes and held locks, and whether it ended or was stopped at its time limit.
 */
import type { ExecRecord } from "./handlers";
import type { SimDoc, SimLock } from "./hostState";
import type { ExecutionKind, RangeHandle, TriggerEvent } from "./protocol";
import type { WorkerSlot } from "./workerSlot";

export interface ExecutionSpec {
  readonly kind: ExecutionKind;
  readonly fn: string;
  readonly args: readonly unknown[];
  readonly user: string;
  readonly doc: SimDoc | null;
  readonly active: RangeHandle | null;
  readonly event?: TriggerEvent;
  /** A clock trigger's run: the document the trigger was made in (it runs with none open). */
  readonly clockDoc?: string;
  readonly onDone: (outcome: { ok: boolean; value?: unknown; message?: string }) => void;
}

/** An execution that ended: kind, function, start/end and how. */
export interface ExecutionLog {
  readonly id: number;
  readonly kind: ExecutionKind;
  readonly fn: string;
  readonly start: number;
  readonly end: number;
  readonly ok: boolean;
  readonly message?: string;
  /** The cell a custom function ran for ("Sheet1!C2"). */
  readonly cell?: string;
  /** Properties calls it made. */
  readonly properties: number;
}

/** One execution as the coordinator tracks it. */
export class Execution implements ExecRecord {
  readonly pending = new Map();
  readonly locks = new Set<SimLock>();
  slot: WorkerSlot<Execution> | null = null;
  killed = false;
  done = false;
  startedAt = 0;
  propertiesCalls = 0;
  cancelKill: (() => void) | null = null;
  constructor(
    readonly id: number,
    readonly spec: ExecutionSpec,
  ) {}
  get kind(): ExecutionKind {
    return this.spec.kind;
  }
  get user(): string {
    return this.spec.user;
  }
  get doc(): SimDoc | null {
    return this.spec.doc;
  }
  get clockDoc(): string | undefined {
    return this.spec.clockDoc;
  }
}
