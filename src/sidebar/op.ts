/**
 * The sidebar service is written once, sans-I/O, the way the core writes functions: each
 * operation is a generator that yields port work and gets its answer back. Apps Script runs it
 * with `runOpSync` (SpreadsheetApp, PropertiesService and UrlFetchApp block), Excel and the web
 * demo with `runOpAsync` (Office.js and fetch answer with promises).
 */

/** A port's answer: plain in Apps Script, a promise in the async hosts. */
export type Io<T> = T | Promise<T>;

/** One piece of port work: a thunk the driver runs (and awaits where the host is async). */
export interface PortWork {
  readonly kind: "port";
  run(): Io<unknown>;
}

/** A service operation: yields port work, returns its result. */
export type Op<T> = Generator<PortWork, T, unknown>;

/** Ask a port for something inside an operation: `const text = yield* io(() => store.read())`. */
export function* io<T>(run: () => Io<T>): Op<T> {
  return (yield { kind: "port", run }) as T;
}

const isPromise = (x: unknown): x is Promise<unknown> =>
  typeof (x as { then?: unknown } | null)?.then === "function";

type Reply =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown };

/** Feed the last reply in: the next piece of port work, or the result. */
const resume = <T>(op: Op<T>, reply: Reply): IteratorResult<PortWork, T> =>
  reply.ok ? op.next(reply.value) : op.throw(reply.error);

/** Run an operation whose ports answer at once (Apps Script). */
export function runOpSync<T>(op: Op<T>): T {
  for (let step = op.next(); ;) {
    if (step.done) return step.value;
    let reply: Reply;
    try {
      const value: unknown = step.value.run();
      if (isPromise(value)) throw new Error("A port answered with a promise in a blocking host");
      reply = { ok: true, value };
    } catch (error) {
      reply = { ok: false, error };
    }
    step = resume(op, reply);
  }
}

/** Run an operation whose ports may answer with promises (Excel, web). */
export async function runOpAsync<T>(op: Op<T>): Promise<T> {
  for (let step = op.next(); ;) {
    if (step.done) return step.value;
    let reply: Reply;
    try {
      // A port that answers at once (the clock, the basis, a memory stage) is not awaited:
      // a whole import's few hundred such answers were each a turn of the microtask queue.
      const value: unknown = step.value.run();
      reply = { ok: true, value: isPromise(value) ? await value : value };
    } catch (error) {
      reply = { ok: false, error };
    }
    step = resume(op, reply);
  }
}

/** A service: every member returns an operation. */
export type Service = Record<string, (...args: never[]) => Op<unknown>>;

/** The service as a blocking host calls it (the Sheets server functions' types). */
export type SyncOf<S extends Service> = {
  [K in keyof S]: S[K] extends (...args: infer A) => Op<infer R> ? (...args: A) => R : never;
};

/** The service as an async host or a remote client calls it. */
export type AsyncOf<S extends Service> = {
  [K in keyof S]: S[K] extends (...args: infer A) => Op<infer R>
    ? (...args: A) => Promise<R>
    : never;
};

/** Run every member with the blocking driver. */
export function syncService<S extends Service>(service: S): SyncOf<S> {
  const out: Record<string, unknown> = {};
  for (const [name, op] of Object.entries(service)) {
    const fn = (...args: never[]): unknown => runOpSync(op(...args));
    // Apps Script's top-level wrappers pass as many arguments as the member declares.
    Object.defineProperty(fn, "length", { value: op.length });
    out[name] = fn;
  }
  return out as SyncOf<S>;
}

/** Run every member with the async driver (the async hosts call the service in-process). */
export function asyncService<S extends Service>(service: S): AsyncOf<S> {
  const out: Record<string, unknown> = {};
  for (const [name, op] of Object.entries(service))
    out[name] = (...args: never[]): Promise<unknown> => runOpAsync(op(...args));
  return out as AsyncOf<S>;
}
