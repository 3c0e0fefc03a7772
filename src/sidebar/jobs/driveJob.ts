/**
 * The client's side of a job, written once for every host: the Sheets sidebar calls each step
 * through google.script.run (one step a call, so none nears Apps Script's 6 minutes), Excel
 * and the web demo call the service in the page. It asks the seller the job's cost when the
 * job says so, and the job's questions; it reports each view; a Cancel asks the job to stop;
 * a step that failed (the execution limit, no connection) is tried again after a wait, from
 * the checkpoint the last good step left.
 */
import type { QuestionAnswers } from "../importQuestions";
import { secondsLeft } from "./jobPace";
import type { JobView } from "./jobRecord";

/** The job operations as a client calls them. */
export interface JobCalls {
  step(id: string): Promise<JobView>;
  confirm(id: string): Promise<JobView>;
  answer(id: string, yes: boolean): Promise<JobView>;
  cancel(id: string): Promise<JobView>;
}

export interface DriveOptions {
  readonly onProgress?: (view: JobView) => void;
  readonly signal?: AbortSignal;
  /** Ask the seller; resolves true for "yes". Without it every question takes its safe "no". */
  readonly confirm?: (question: string, answers: QuestionAnswers) => Promise<boolean>;
  /** The page's timer (a test's clock); default setTimeout. */
  readonly sleep?: (ms: number) => Promise<void>;
}

/** The job was cancelled (by the seller, or its question answered "no"): nothing more runs. */
export class JobCancelled extends Error {
  constructor(message: string) {
    super(message);
    this.name = "JobCancelled";
  }
}

/** Failed step calls in a row before the page stops asking (the job stays in the document). */
const MAX_FAILED_CALLS = 6;
/** Waits between failed step calls. */
const CALL_WAITS_MS = [2_000, 5_000, 15_000, 30_000, 60_000, 60_000];

/** "about 335 requests, about 6 min": what a job costs, for the question before it starts. */
export function costWords(view: Pick<JobView, "left" | "spent">): string {
  const n = view.left.requests + view.spent;
  const seconds = secondsLeft({ left: view.left, spent: 0, spentMs: 0 });
  const time = seconds >= 90 ? `about ${Math.round(seconds / 60)} min` : `about ${seconds} s`;
  return `about ${n.toLocaleString("en-US")} request${n === 1 ? "" : "s"}, ${time}`;
}

/**
 * The question before a job longer than a minute starts. A job that had to list the shop first
 * says what that asked, and what is still to ask.
 */
export function costQuestion(view: JobView): [string, QuestionAnswers] {
  const limit = "at the API's limit (the add-in leaves room for your formula cells meanwhile)";
  const n = view.spent;
  const cost = costWords({ left: view.left, spent: 0 });
  const g = view.left.guessed ?? 0;
  // The part of the plan that is a measured share, not a count, is said as one.
  const guess =
    g > 0
      ? ` About ${g.toLocaleString("en-US")} of them are a guess (single requests for rows a fee cap leaves unsettled, about 1 in 100 rows): counted once the previews answer, and the time left follows.`
      : "";
  return [
    n > 0
      ? `${view.title}: ${n.toLocaleString("en-US")} request${n === 1 ? " was" : "s were"} asked to list what it covers; it needs ${cost.replace(/ requests?,/, (w) => ` more${w}`)} ${limit}.${guess} Start it?`
      : `${view.title} needs ${cost} ${limit}.${guess} Start it?`,
    { yes: "Start", no: "Cancel" },
  ];
}

/** The jobs a page drives, as the queue line counts them (their latest views). */
export function jobsOnTheLine() {
  const running = new Map<string, JobView>();
  return {
    /** Run `drive` with its progress also kept for the line until it ends, however it ends. */
    async watch<T>(options: DriveOptions, drive: (o: DriveOptions) => Promise<T>): Promise<T> {
      let id: string | null = null;
      try {
        return await drive({
          ...options,
          onProgress: (view) => {
            id = view.id;
            running.set(view.id, view);
            options.onProgress?.(view);
          },
        });
      } finally {
        if (id !== null) running.delete(id);
      }
    },
    /** Each job still going: what it asks, and how long that takes. */
    line: () =>
      [...running.values()].map((v) => ({
        title: v.title,
        requestsLeft: v.left.requests,
        secondsLeft: v.secondsLeft,
      })),
  };
}

/** The job operations a page needs to start and resume jobs. */
export interface JobClient extends JobCalls {
  start(kind: string, input: unknown): Promise<JobView>;
  list(): Promise<JobView[]>;
}

/** Start a job and drive it to its end; resolves with its result. */
export async function runJob(
  client: JobClient,
  kind: string,
  input: unknown,
  options: DriveOptions = {},
): Promise<unknown> {
  return (await driveJob(client, await client.start(kind, input), options)).result;
}

/** The sidebar's view of a document's jobs over a client (each host's bridge). */
export function jobsOf(client: JobClient) {
  return {
    list: () => client.list(),
    async resume(id: string, options: DriveOptions = {}): Promise<unknown> {
      const view = (await client.list()).find((v) => v.id === id);
      if (!view) throw new JobCancelled("This job is no longer in the document");
      return (await driveJob(client, view, options)).result;
    },
  };
}

/** Drive `first` (a started or resumed job) to its end; resolves with the done view. */
export async function driveJob(
  calls: JobCalls,
  first: JobView,
  options: DriveOptions = {},
): Promise<JobView> {
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const pause = (ms: number): Promise<void> =>
    new Promise<void>((resolve) => {
      const signal = options.signal;
      if (signal?.aborted) return resolve();
      const done = (): void => resolve();
      signal?.addEventListener("abort", done, { once: true });
      void sleep(ms).then(() => {
        signal?.removeEventListener("abort", done);
        resolve();
      });
    });
  const ask = (text: string, answers: QuestionAnswers): Promise<boolean> =>
    options.confirm ? options.confirm(text, answers) : Promise.resolve(false);
  let view = first;
  let failed = 0;
  // Cancel asked while a step runs: told to the job at once (in Sheets another execution
  // marks it, and the step ends at its next unit), not after the step.
  const id = first.id;
  options.signal?.addEventListener("abort", () => void calls.cancel(id).catch(() => undefined), {
    once: true,
  });
  for (;;) {
    options.onProgress?.(view);
    if (view.phase === "done") return view;
    if (view.phase === "failed") throw new Error(view.error ?? "The job stopped");
    if (view.phase === "cancelled")
      throw new JobCancelled(view.error ?? "Cancelled: nothing more was written");
    try {
      if (options.signal?.aborted) {
        view = await calls.cancel(view.id);
        // A step still holds it: it ends at its next unit.
        if (view.phase !== "cancelled") await sleep(Math.min(Math.max(view.waitMs, 500), 5_000));
      } else if (view.phase === "confirm") {
        const yes = await ask(...costQuestion(view));
        view = await (yes ? calls.confirm(view.id) : calls.cancel(view.id));
      } else if (view.phase === "asking") {
        // A question lost from its checkpoint would be stepped for ever: said, not spun on.
        if (!view.question) throw new Error(`${view.title} waits for an answer it cannot ask`);
        const yes = await ask(view.question.text, view.question.answers);
        view = await calls.answer(view.id, yes);
      } else {
        if (view.waitMs > 0) await pause(view.waitMs);
        if (!options.signal?.aborted) view = await calls.step(view.id);
      }
      failed = 0;
    } catch (e) {
      // The job is no longer in the document (the error's name may not cross google.script.run).
      if (/no longer in the document/.test(e instanceof Error ? e.message : ""))
        throw new JobCancelled(e instanceof Error ? e.message : "");
      if (++failed >= MAX_FAILED_CALLS) throw stoppedError(e, view);
      const wait = CALL_WAITS_MS[failed - 1] ?? 60_000;
      // Said while it waits (the page could not reach its job: the network, Sheets' server).
      const why = e instanceof Error ? e.message : String(e);
      const secondsLeft = view.secondsLeft - Math.ceil(view.waitMs / 1000) + wait / 1000;
      options.onProgress?.({ ...view, waitMs: wait, stopped: why, secondsLeft });
      await pause(wait);
    }
  }
}

/** A page that could not reach its job: the job stays in the document and goes on later. */
function stoppedError(e: unknown, view: JobView): Error {
  const why = e instanceof Error ? e.message : String(e);
  return new Error(
    `${view.title} stopped at step ${view.steps + 1} (${why}); it is kept in this document and goes on from there when the add-in is open again`,
  );
}
