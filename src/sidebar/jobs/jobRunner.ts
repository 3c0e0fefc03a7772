/**
 * The job runner, written once over the ports: start a job (its checkpoint in the document),
 * run one step of it, take the seller's yes to its cost or answer to its question, cancel it,
 * list the jobs a document holds. Whoever wakes a job (the Sheets sidebar, one step per
 * google.script.run call; a Sheets trigger run; the Excel or web page's loop) calls these;
 * the checkpoint after each step is what the next caller goes on from. A lease keeps two
 * runners (a trigger and an open sidebar, two teammates) off the same job at once.
 */
import { apiCall, call, parallel, type ApiCall, type Settled } from "../../core/effects";
import { messageOf } from "../../core/errors";
import { io, type Io, type Op } from "../op";
import type { JobStore, SidebarPorts } from "../ports";
import { logRefresh } from "../refreshLog";
import type { AnyJobKind, StepContext, StepEnd } from "./jobKind";
import { REQUESTS_PER_STEP, secondsLeft } from "./jobPace";

import { isPassing } from "./passing";
import {
  isOver,
  parseHead,
  viewOf,
  type JobHead,
  type JobLeft,
  type JobPhase,
  type JobView,
} from "./jobRecord";
import { sheetNameTooLong } from "../sheetNameLimit";

/** A step stops starting units after this long: far inside Apps Script's 6-minute call. */
export const STEP_MS = 100_000;
/** A lease outlives its step's last unit by this much (a request may take a minute). */
const LEASE_SLACK_MS = 90_000;
/**
 * Where steps are joined (a host whose every step is a new call: JobStore.joinSteps), the next
 * after a step that asked nothing starts only while this much of the step's time is left: a step that writes 10,000 rows takes
 * about 35 s in Apps Script, so the call still ends far inside its 6 minutes.
 */
const JOIN_ROOM_MS = 40_000;
/** A step's state is kept mid-step at most this often (a state may be megabytes). */
const CHECKPOINT_MS = 5_000;
/** Waits after passing stops in a row (no quota, a 5xx burst, no connection). */
const STOP_WAITS_MS = [15_000, 30_000, 60_000, 120_000, 300_000];

/** Thrown when a job is no longer in the document (finished or cancelled by another runner). */
export class JobGone extends Error {
  constructor() {
    super("This job is no longer in the document: it finished or was cancelled elsewhere");
    this.name = "JobGone";
  }
}

/** Above a minute the seller says yes to the cost first (unless nobody is there). */
const needsYes = (head: JobHead): boolean =>
  !head.confirmed && !head.unattended && secondsLeft({ ...head, spent: 0, spentMs: 0 }) > 60;

const phaseAfter = (head: JobHead, left: JobLeft): JobPhase =>
  !left.planned ? "planning" : needsYes({ ...head, left }) ? "confirm" : "running";

const newId = (now: number): string =>
  `j${now.toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`;

/** The job operations over one host's ports and the kinds it runs. */
export function jobOps(p: SidebarPorts, kinds: Readonly<Record<string, AnyJobKind>>) {
  const store: JobStore = p.jobs;
  const kindOf = (name: string): AnyJobKind => {
    const k = kinds[name];
    if (!k) throw new Error(`This add-in cannot run a job of kind ${name}: update it`);
    return k;
  };
  function* head(id: string): Op<JobHead> {
    const found = parseHead(yield* io(() => store.read(id, "head")));
    if (!found) throw new JobGone();
    return found;
  }
  function* save(h: JobHead, state?: unknown): Op<JobView> {
    if (state !== undefined) yield* io(() => store.write(h.id, "body", JSON.stringify(state)));
    yield* io(() => store.write(h.id, "head", JSON.stringify(h)));
    return viewOf(h, p.now());
  }
  function* body(id: string): Op<never> {
    const text = yield* io(() => store.read(id, "body"));
    if (!text) throw new JobGone();
    return JSON.parse(text) as never;
  }
  /** Take the job until `until` unless another runner holds it: 0, or when its lease ends. */
  function* claim(id: string, runner: string, until: number): Op<number> {
    yield* io(() => store.lock?.());
    try {
      const [by, end] = String((yield* io(() => store.read(id, "lease"))) ?? "").split(" ");
      const held = Number(end) || 0;
      if (by && by !== runner && held > p.now()) return held;
      yield* io(() => store.write(id, "lease", `${runner} ${until}`));
      return 0;
    } finally {
      yield* io(() => store.unlock?.());
    }
  }
  /**
   * The job is over: its state dropped and its body forgotten, its head kept as the document's
   * last outcome (the sidebar that drove it shows it after a clock run ended it), any older
   * outcome removed.
   */
  function* keepOutcome(over: JobHead): Op<JobView> {
    yield* io(() => store.remove(over.id));
    for (const other of yield* io(() => store.ids())) {
      if (other === over.id) continue;
      const old = parseHead(yield* io(() => store.read(other, "head")));
      if (old && isOver(old.phase) && old.endedAt !== undefined) {
        // An outcome, not an end still to finish (that one keeps its body).
        if (!(yield* io(() => store.read(other, "body")))) yield* io(() => store.remove(other));
      }
    }
    yield* io(() => store.write(over.id, "head", JSON.stringify(over)));
    return viewOf(over, p.now());
  }

  /**
   * The job is over: undone where `drop`, logged where it failed, its outcome kept. Its end is
   * in the head first, so a stop anywhere after is finished by the next caller with the same
   * time: the log's row is written once (logRefresh's `once`).
   */
  function* finish(h: JobHead, state: never | null, phase: JobPhase, error?: string) {
    const { question: _q, waitUntil: _w, ...rest } = h;
    const over: JobHead = {
      ...rest,
      phase,
      ...(error ? { error } : {}),
      endedAt: h.endedAt ?? p.now(),
    };
    yield* io(() => store.write(h.id, "head", JSON.stringify(over)));
    if (state !== null && phase !== "done") yield* kindOf(h.kind).drop(p, state);
    if (phase === "failed") {
      const stamp = yield* io(() => p.stamp(new Date(over.endedAt as number).toISOString()));
      const entry = {
        what: h.title,
        requests: h.spent,
        rowsChanged: 0,
        errors: String(error).slice(0, 500),
      };
      yield* logRefresh(p.tables, stamp, entry, true);
    }
    return yield* keepOutcome(over);
  }

  /** A head that says the job ended: its end finished now if a stop cut it, else its outcome. */
  function* ended(h: JobHead): Op<JobView> {
    const text = yield* io(() => store.read(h.id, "body"));
    if (!text) return viewOf(h, p.now());
    return yield* finish(h, JSON.parse(text) as never, h.phase, h.error);
  }

  const ops = {
    /** Start a job: its checkpoint is in the document before anything is asked. */
    *start(kind: string, input: unknown, unattended = false): Op<JobView> {
      const k = kindOf(kind);
      const begun = yield* k.begin(p, input as never, unattended);
      // A sheet the host would refuse (Excel: over 31 characters) is refused before any ask.
      const tooLong = sheetNameTooLong(begun.sheet ?? "", p.sheetNameLimit);
      if (tooLong) throw new Error(tooLong);
      const left = k.left(begun.state as never);
      const now = p.now();
      const first: JobHead = {
        v: 1,
        id: newId(now),
        kind,
        title: begun.title,
        sheet: begun.sheet,
        phase: "planning",
        unattended,
        confirmed: unattended,
        steps: 0,
        spent: 0,
        spentMs: 0,
        left,
        perStep: k.perStep ?? REQUESTS_PER_STEP,
        doing: k.doing(begun.state as never),
        stops: 0,
        createdAt: now,
      };
      const h: JobHead = begun.question
        ? { ...first, phase: "asking", question: begun.question }
        : { ...first, phase: phaseAfter(first, left) };
      return yield* save(h, begun.state);
    },

    /** One step of a job, then its checkpoint; `deadline`: a trigger run's own end. */
    *step(id: string, runner: string, deadline?: number): Op<JobView> {
      const session = store.session?.();
      if (session) return yield* jobOps({ ...p, jobs: session }, kinds).step(id, runner, deadline);
      let h = yield* head(id);
      const now = p.now();
      if (isOver(h.phase)) return yield* ended(h);
      if (h.phase === "confirm" || h.phase === "asking") return viewOf(h, now);
      if ((h.waitUntil ?? 0) > now) return viewOf(h, now);
      const end = Math.min(deadline ?? Infinity, now + STEP_MS);
      const busy = yield* claim(id, runner, end + LEASE_SLACK_MS);
      if (busy) return viewOf(h, now, busy);
      const k = kindOf(h.kind);
      const state = yield* body(id);
      // `lost`: asks that got no answer (a passing stop): not spent, not progress. Counted per
      // kind's step: joined steps (JobStore.joinSteps) each keep their own checkpoint.
      let [asks, lost, askMs, checked] = [0, 0, 0, now];
      let cancel = false;
      let units = 0;
      let kept = now;
      /** Answers sent ahead (ctx.ahead) by their request, each taken once by its unit's ask. */
      const early = new Map<string, Settled<unknown>>();
      const keyOf = (endpoint: string, params: unknown): string =>
        `${endpoint} ${JSON.stringify(params)}`;
      /**
       * Endpoints that answered in this call: only their asks go ahead. The first of each goes
       * alone, so a batch the server cannot finish in time (a 503 on a loaded server, which
       * splits it: splitAsk.ts) fails once, not once for every batch of a group.
       */
      const answering = new Set<string>();
      /** Count what a body's run cost: a passing failure got no answer, so it is not spent. */
      function* counted<T>(n: number, run: () => Io<T>): Op<T> {
        const started = p.now();
        asks += n;
        try {
          return yield* io(run);
        } catch (e) {
          if (isPassing(e) || /^Cancelled/.test(messageOf(e))) lost += n;
          throw e;
        } finally {
          askMs += p.now() - started;
        }
      }
      const ctx: StepContext = {
        unattended: h.unattended,
        continues:
          p.jobsContinue?.() ??
          (h.unattended
            ? "continues at the add-in's next run"
            : "continues when the sidebar is open"),
        *more() {
          if (cancel) return false;
          if (p.now() - checked >= (store.cancelPollMs ?? 0)) {
            checked = p.now();
            cancel = (yield* io(() => store.read(id, "cancel"))) === "1";
          }
          const first = units++ === 0;
          // A unit whose answer came ahead costs no request and next to no time: it runs.
          return !cancel && (first || early.size > 0 || (p.now() < end && asks < h.perStep));
        },
        *checkpoint() {
          if (p.now() - kept < CHECKPOINT_MS) return;
          kept = p.now();
          // The step's own count so far; its end recounts from the head it started from.
          const mid = {
            ...h,
            spent: h.spent + asks - lost,
            left: k.left(state),
            doing: k.doing(state),
          };
          yield* save(mid, state);
        },
        *ahead(list) {
          const room = p.api.jobRoom;
          const next = list[0];
          if (!room || cancel || !next || !answering.has(next.endpoint)) return;
          if (early.has(keyOf(next.endpoint, next.params))) return;
          // The key's free slots in the job's share, and the step's own budget: a group never
          // waits for quota, so no answer it got is lost to a wait past the call's budget.
          const most = Math.min(yield* io(() => room()), h.perStep - asks);
          const calls: ApiCall[] = [];
          for (const a of list) {
            if (!a || calls.length >= most || !answering.has(a.endpoint)) break;
            calls.push(apiCall(a.endpoint, a.params as never, undefined, a.how));
          }
          if (calls.length < 2) return; // one goes as its unit's own ask
          const settled = yield* counted(calls.length, () =>
            p.api.run(parallel(calls), { fresh: true, job: true }),
          );
          settled.forEach((s, i) => {
            const c = calls[i];
            if (!c) return;
            if (!s.ok && isPassing(s.error)) lost++;
            early.set(keyOf(c.endpoint, c.params), s);
          });
        },
        *ask(endpoint, params, how) {
          const key = keyOf(endpoint, params);
          const got = early.get(key);
          if (got) {
            early.delete(key);
            if (got.ok) return got.value;
            throw got.error;
          }
          // Units go in order: one asked past what came ahead means the rest will not be taken.
          early.clear();
          const data = yield* ctx.run(call(endpoint, params, undefined, "whole", how));
          answering.add(endpoint);
          return data;
        },
        *run(program) {
          return yield* counted(1, () => p.api.run(program, { fresh: true, job: true }));
        },
      };
      /**
       * Where the host joins steps: may the next step start in this call? After a step that
       * asked nothing (a write, a check, the log): the steps that ask keep a call each, so a
       * stop (an execution cut, a closed sidebar) still finds a checkpoint between them.
       */
      const join = (outcome: StepEnd, head: JobHead): boolean =>
        store.joinSteps === true &&
        asks === 0 &&
        outcome.kind === "more" &&
        head.phase === "running" &&
        !cancel &&
        p.now() < end - JOIN_ROOM_MS;
      try {
        for (;;) {
          let outcome: StepEnd = { kind: "more" };
          let stop: unknown = null;
          try {
            outcome = yield* k.step(p, state, ctx);
          } catch (e) {
            // The page withdrew the step's request (Cancel): its cancel comes next.
            const withdrawn = /^Cancelled/.test(messageOf(e));
            if (!isPassing(e) && !withdrawn) {
              const failed = { ...h, spent: h.spent + asks };
              return yield* finish(failed, state, "failed", p.api.explain(e) || messageOf(e));
            }
            stop = e;
          }
          if (cancel || (yield* io(() => store.read(id, "cancel"))) === "1")
            return yield* finish(h, state, "cancelled");
          const left = k.left(state);
          const stops = stop === null ? 0 : h.stops + 1;
          const wait = STOP_WAITS_MS[Math.min(stops, STOP_WAITS_MS.length) - 1] ?? 0;
          const { question: _asked, waitUntil: _wait, stopped: _why, ...rest } = h;
          // A try that got nothing answered is a wait, not a step: step n is still ahead.
          const answered = asks - lost;
          h = {
            ...rest,
            steps: stop === null || answered > 0 ? h.steps + 1 : h.steps,
            spent: h.spent + answered,
            spentMs: h.spentMs + askMs,
            left,
            doing: k.doing(state),
            stops,
            ...(stop === null ? {} : { waitUntil: p.now() + wait, stopped: p.api.explain(stop) }),
          };
          if (outcome.kind === "done")
            return yield* keepOutcome({
              ...h,
              phase: "done",
              result: outcome.result,
              endedAt: p.now(),
            });
          h =
            outcome.kind === "ask"
              ? { ...h, phase: "asking", question: outcome.question }
              : { ...h, phase: phaseAfter(h, left) };
          const view = yield* save(h, state);
          if (stop !== null || !join(outcome, h)) return view;
          // The next step, in this call: its own budget of requests, its checkpoint after it.
          [asks, lost, askMs, units, kept] = [0, 0, 0, 0, p.now()];
          early.clear();
        }
      } finally {
        // Released only while the job is kept: a lease written for a job that ended would
        // leave its row (and Sheets' hidden jobs sheet) behind.
        const kept = parseHead(yield* io(() => store.read(id, "head")));
        if (kept && !isOver(kept.phase)) yield* io(() => store.write(id, "lease", ""));
      }
    },

    /** The seller said yes to the job's cost. */
    *confirm(id: string): Op<JobView> {
      const h = yield* head(id);
      if (h.phase !== "confirm") return viewOf(h, p.now());
      return yield* save({ ...h, confirmed: true, phase: "running" });
    },

    /** The seller's answer to the question the job waits on. */
    *answer(id: string, yes: boolean): Op<JobView> {
      const h = yield* head(id);
      if (h.phase !== "asking") return viewOf(h, p.now());
      const k = kindOf(h.kind);
      const state = yield* body(id);
      const ended = yield* k.answer(p, state, yes === true);
      if (ended !== null) return yield* finish(h, state, "cancelled", ended);
      const { question: _answered, ...rest } = h;
      const left = k.left(state);
      const doing = k.doing(state);
      return yield* save({ ...rest, left, doing, phase: phaseAfter(h, left) }, state);
    },

    /** Cancel a job: at once when no step runs it, else at that step's next unit. */
    *cancel(id: string): Op<JobView> {
      const h = yield* head(id);
      if (isOver(h.phase)) return yield* ended(h);
      yield* io(() => store.write(id, "cancel", "1"));
      const [by, end] = String((yield* io(() => store.read(id, "lease"))) ?? "").split(" ");
      if (by && (Number(end) || 0) > p.now()) return viewOf(h, p.now(), Number(end));
      return yield* finish(h, yield* body(id), "cancelled");
    },

    /**
     * Every unfinished job the document holds (the page resumes them on load); an end a stop
     * cut is finished here. The last outcome is read by its id (step), not listed.
     */
    *list(): Op<JobView[]> {
      const out: JobView[] = [];
      for (const id of yield* io(() => store.ids())) {
        const h = parseHead(yield* io(() => store.read(id, "head")));
        if (h && isOver(h.phase)) yield* ended(h);
        else if (h) out.push(viewOf(h, p.now()));
      }
      return out;
    },
  };
  return ops;
}

/** The job operations' types (the bridges' names). */
export type JobOps = ReturnType<typeof jobOps>;
