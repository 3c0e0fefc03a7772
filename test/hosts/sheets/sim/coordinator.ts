/**
 * The discrete-event core of the Sheets simulator. Executions run for real in worker threads,
 * at the same time; every host call blocks its worker until the coordinator serves it at the
 * simulated time it completes. Simulated time advances only when every running execution is
 * blocked and no HTTP exchange is in flight, so "60 a minute" and "30 s" are judged on the
 * simulated clock, which is also the reference server's clock.
 */
import { boxA1 } from "./a1";
import { Agenda } from "./events";
import { handle, type CallResult, type ExecRecord, type HandlerContext } from "./handlers";
import type { HostState, SimDoc, SimLock, TriggerRecord } from "./hostState";
import type { DoneMessage, HttpAnswer, HttpRequestSpec, Reply, WorkerMessage } from "./protocol";
import { commitWrites } from "./commit";
import { latencyOf } from "./latency";
import { customOutcome } from "./recalc";
import { sendToServer, type HttpLogEntry } from "./simHttp";
import { WorkerSlot } from "./workerSlot";
import { Execution, type ExecutionLog, type ExecutionSpec } from "./execution";
import { countProperties, triggerTimeLeft } from "./quotas";
import { NO_OWNER, type CoordinatorOptions } from "./coordinatorOptions";
import * as strict from "./strict";

export type { ExecutionSpec, CoordinatorOptions };
export { NO_OWNER };

type Slot = WorkerSlot<Execution>;

export class Coordinator {
  readonly agenda: Agenda;
  readonly httpLog: HttpLogEntry[] = [];
  readonly logs: Array<{ at: number; exec: number; text: string }> = [];
  /** Every execution that ended: kind, function, start/end and how. */
  readonly executions: ExecutionLog[] = [];
  /** Strict: the server's wall compute time put on the simulated clock, in all (ms). */
  serverMsOnClock = 0;
  /** Simulated time each kind of host call took, summed over executions (where time goes). */
  readonly hostCallTime = new Map<string, { n: number; ms: number }>();
  readonly strict: strict.Strictness;
  readonly random: () => number;
  private readonly slots: Slot[] = [];
  private readonly waiting: Execution[] = [];
  private readonly live = new Map<number, Execution>();
  private readonly running = new Set<number>();
  /** When true the API cannot be reached (connections are refused), as when its server is down. */
  apiDown = false;
  private io = 0;
  private nextId = 0;
  private quiet: (() => void) | null = null;
  private crash: Error | null = null;

  constructor(
    readonly state: HostState,
    private readonly options: CoordinatorOptions,
  ) {
    this.agenda = new Agenda(options.seed ?? null);
    this.strict = options.strict ?? strict.KIND;
    this.random = strict.seededRandom(options.seed ?? 1);
  }

  now(): number {
    return this.state.clock.now();
  }

  /** Executions started and not ended, and those waiting for a slot. */
  busy(): number {
    return this.live.size + this.waiting.length;
  }

  /** Queue an execution for a free slot (strict: past the user's ~30 at once, it fails). */
  start(spec: ExecutionSpec): number {
    const exec = new Execution(++this.nextId, spec);
    const mine = [...this.live.values()].filter((e) => e.user === spec.user).length;
    if (this.strict.failPastConcurrency && mine >= this.options.maxConcurrent) {
      const message = spec.kind === "custom" ? strict.TOO_MANY_CELLS : strict.TOO_MANY_SCRIPTS;
      this.agenda.system(this.now() + this.options.latency.start, () => {
        exec.done = true;
        this.end(exec, false, { ok: false, message });
      });
      return exec.id;
    }
    this.waiting.push(exec);
    this.pump();
    return exec.id;
  }

  private pump(): void {
    const cap = this.strict.failPastConcurrency ? Infinity : this.options.maxConcurrent;
    while (this.live.size < cap && this.waiting.length > 0) {
      const exec = this.waiting.shift() as Execution;
      this.live.set(exec.id, exec);
      this.agenda.system(this.now() + this.options.latency.start, () => this.launch(exec));
    }
  }

  private slot(): Slot {
    const idle = this.slots.find((s) => s.exec === null);
    if (idle) return idle;
    const { workerFile, code, stubs, html } = this.options;
    const slot: Slot = new WorkerSlot(
      workerFile,
      { code, stubs, html },
      (from, m) => this.onMessage(from, m),
      (err) => {
        this.crash = err;
        this.wake();
      },
    );
    this.slots.push(slot);
    return slot;
  }

  private launch(exec: Execution): void {
    if (exec.done) return;
    const slot = this.slot();
    slot.exec = exec;
    exec.slot = slot;
    exec.startedAt = this.now();
    let limit = exec.kind === "custom" ? this.options.customLimitMs : this.options.longLimitMs;
    if (exec.kind === "trigger") {
      const left = triggerTimeLeft(this.state, exec.user, this.strict);
      if (left <= 0) {
        exec.done = true;
        slot.exec = null;
        exec.slot = null;
        return this.end(exec, false, { ok: false, message: strict.TRIGGER_TIME_USED });
      }
      limit = Math.min(limit, left);
    }
    const kill = this.agenda.system(this.now() + limit, () => this.kill(exec));
    exec.cancelKill = () => (kill.cancelled = true);
    this.running.add(exec.id);
    const s = exec.spec;
    slot.worker.postMessage({
      type: "run",
      exec: exec.id,
      kind: s.kind,
      fn: s.fn,
      args: s.args,
      ...(s.event ? { event: s.event } : {}),
      now: this.now(),
      doc: s.doc ? { id: s.doc.book.id, name: s.doc.book.name } : null,
      active: s.active,
      user: s.user,
      ...(s.kind === "custom" && !this.strict.docStoresInCustomFunctions
        ? { noDocStores: true }
        : {}),
    });
  }

  private onMessage(slot: Slot, m: WorkerMessage): void {
    const exec = slot.exec;
    if (!exec || exec.id !== m.exec) return;
    if (m.type === "log") {
      this.logs.push({ at: this.now(), exec: m.exec, text: m.text });
      return;
    }
    this.running.delete(exec.id);
    if (m.type === "done") {
      slot.exec = null;
      exec.slot = null;
      // An end is an event like a call's (not handled in the threads' arrival order), so runs
      // are reproducible; its results show at the simulated time the execution ended.
      if (!exec.killed)
        this.agenda.call(this.now(), exec.id, Number.MAX_SAFE_INTEGER, () => {
          if (!exec.killed && !exec.done) this.finish(exec, m);
        });
    } else if (exec.killed) {
      this.reply(exec, { killed: true, now: this.now() });
    } else {
      const latency = strict.drawLatency(
        latencyOf(this.options.latency, m.name),
        this.strict,
        this.random,
      );
      const spent = this.hostCallTime.get(`${exec.kind} ${m.name}`) ?? { n: 0, ms: 0 };
      this.hostCallTime.set(`${exec.kind} ${m.name}`, { n: spent.n + 1, ms: spent.ms + latency });
      this.agenda.call(this.now() + latency, exec.id, m.seq, () =>
        this.serve(exec, m.name, m.args),
      );
    }
    this.wake();
  }

  private serve(exec: Execution, name: string, args: readonly unknown[]): void {
    if (exec.killed || exec.done) return;
    const refused = countProperties(this.state, exec, name, this.strict);
    if (refused) return this.reply(exec, { ok: false, message: refused, now: this.now() });
    const result: CallResult = handle(this.context, exec, name, args);
    const send = (r: { value: unknown } | { error: string }): void => {
      if (exec.killed || exec.done) return;
      this.reply(
        exec,
        "error" in r
          ? { ok: false, message: r.error, now: this.now() }
          : { ok: true, value: r.value, now: this.now() },
      );
    };
    if ("later" in result) result.later(send);
    else send(result);
  }

  private reply(exec: Execution, reply: Reply): void {
    if (!exec.slot) return;
    this.running.add(exec.id);
    exec.slot.answer(reply);
  }

  private finish(exec: Execution, m: DoneMessage): void {
    exec.done = true;
    exec.cancelKill?.();
    if (m.ok) this.commit(exec);
    this.end(
      exec,
      m.ok,
      m.ok ? { ok: true, value: m.value } : { ok: false, message: m.message ?? "" },
    );
  }

  /** The execution ran out of time: Apps Script ends it where it stands. */
  private kill(exec: Execution): void {
    if (exec.done) return;
    exec.done = true;
    exec.killed = true;
    exec.pending.clear();
    this.reply(exec, { killed: true, now: this.now() });
    this.end(exec, false, { ok: false, message: "Exceeded maximum execution time" });
  }

  private end(
    exec: Execution,
    ok: boolean,
    outcome: { ok: boolean; value?: unknown; message?: string },
  ): void {
    // Apps Script releases an execution's locks when it ends; a dead execution waits for none.
    for (const lock of this.state.allLocks()) {
      const at = lock.waiters.findIndex((w) => w.exec === exec.id);
      if (at >= 0) lock.waiters.splice(at, 1);
    }
    for (const lock of [...exec.locks]) this.release(lock, exec);
    this.live.delete(exec.id);
    if (exec.kind === "trigger" && exec.startedAt > 0)
      this.state.today(exec.user).triggerMsToday += this.now() - exec.startedAt;
    this.executions.push({
      id: exec.id,
      kind: exec.kind,
      fn: exec.spec.fn,
      start: exec.startedAt || this.now(),
      end: this.now(),
      ok,
      properties: exec.propertiesCalls,
      ...(outcome.message !== undefined ? { message: outcome.message } : {}),
      ...(exec.kind === "custom" && exec.spec.active
        ? { cell: boxA1(exec.spec.active, true) }
        : {}),
    });
    exec.spec.onDone(outcome);
    if (exec.kind === "menu") for (const doc of this.state.docs.values()) this.recalculate(doc);
    this.pump();
  }

  /** Commit an execution's pending writes and recalculate what they touched. */
  commit(exec: Execution): void {
    for (const [docId, writes] of exec.pending) {
      const doc = this.state.doc(docId);
      commitWrites(doc, writes);
      if (exec.kind !== "menu" || this.strict.recalcDuringMenu) this.recalculate(doc);
    }
    exec.pending.clear();
  }

  /** Run whatever custom-function cells of the document must run now. */
  recalculate(doc: SimDoc): void {
    for (const run of doc.recalc.pass()) {
      this.start({
        kind: "custom",
        fn: run.name,
        args: run.args,
        user: doc.owner ?? NO_OWNER,
        doc,
        active: {
          doc: doc.book.id,
          sheet: run.sheet,
          row: run.row,
          col: run.col,
          rows: 1,
          cols: 1,
        },
        onDone: (o) => {
          doc.recalc.finish(run, customOutcome(o, run.name));
          this.recalculate(doc);
        },
      });
    }
  }

  release(lock: SimLock, exec: ExecRecord): void {
    if (lock.holder !== exec.id) return;
    exec.locks.delete(lock);
    lock.holder = null;
    const next = lock.waiters.shift();
    if (next) {
      lock.holder = next.exec;
      next.grant();
    }
  }

  /** Fire a clock trigger at its time (as its creator, with no document open). */
  armClock(trigger: TriggerRecord): void {
    const at = trigger.nextAt;
    if (at === undefined) return;
    const late = trigger.jitterMs ? Math.round(this.random() * trigger.jitterMs) : 0;
    this.agenda.system(at + late, () => {
      if (!this.state.triggers.includes(trigger) || trigger.nextAt !== at) return;
      // A recurring trigger keeps its period from its own schedule; each run may start late.
      trigger.nextAt = trigger.everyMs !== undefined ? at + trigger.everyMs : undefined;
      this.armClock(trigger);
      this.start({
        kind: "trigger",
        fn: trigger.fn,
        args: [],
        user: trigger.user,
        doc: null,
        ...(trigger.doc ? { clockDoc: trigger.doc } : {}),
        active: null,
        event: { kind: "clock", triggerUid: trigger.uid, authMode: "FULL", user: trigger.user },
        onDone: () => undefined,
      });
    });
  }

  private get context(): HandlerContext {
    return {
      state: this.state,
      now: () => this.now(),
      after: (ms, fn) => {
        const e = this.agenda.system(this.now() + ms, fn);
        return () => (e.cancelled = true);
      },
      http: (specs, exec) => this.http(specs, exec),
      commit: (exec) => this.commit(exec as Execution),
      release: (lock, exec) => this.release(lock, exec),
      armClock: (t) => this.armClock(t),
      random: () => this.random(),
    };
  }

  /** The requests reach the server now (on its clock, which is ours); answers come back later. */
  private async http(specs: readonly HttpRequestSpec[], exec: ExecRecord): Promise<HttpAnswer[]> {
    this.io++;
    let answers: HttpAnswer[];
    const wallStart = performance.now();
    try {
      answers = await sendToServer(
        specs,
        { at: this.now(), exec: exec.id },
        this.httpLog,
        this.apiDown,
      );
    } finally {
      this.io--;
      this.wake();
    }
    // Strict: what the server spent computing is time on the clock too.
    const compute = this.strict.serverTimeOnClock ? Math.round(performance.now() - wallStart) : 0;
    this.serverMsOnClock += compute;
    // A fetchAll group's requests travel at once: it returns with its slowest (FAKES.md S-U36).
    let back = 0;
    for (let i = 0; i < specs.length; i++)
      back = Math.max(
        back,
        strict.drawLatency(this.options.latency.http / 2, this.strict, this.random),
      );
    await new Promise<void>((resolve) => this.agenda.system(this.now() + back + compute, resolve));
    return answers;
  }

  private wake(): void {
    const q = this.quiet;
    if (q && ((this.running.size === 0 && this.io === 0) || this.crash)) {
      this.quiet = null;
      q();
    }
  }

  /** Wait until every execution is blocked and no HTTP is in flight. */
  async settle(): Promise<void> {
    for (;;) {
      await new Promise<void>((r) => setImmediate(r));
      if (this.crash) throw this.crash;
      if (this.running.size === 0 && this.io === 0) return;
      await new Promise<void>((r) => (this.quiet = r));
    }
  }

  /** Advance the simulation until `done()` holds or the clock passes `until`; returns whether done. */
  async runUntil(done: () => boolean, until: number): Promise<boolean> {
    for (;;) {
      await this.settle();
      if (done()) return true;
      const next = this.agenda.peek();
      if (!next || next.at > until) {
        this.state.clock.ms = Math.max(this.now(), Math.min(until, next?.at ?? until));
        return done();
      }
      this.agenda.pop();
      this.state.clock.ms = next.at;
      await next.run();
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
