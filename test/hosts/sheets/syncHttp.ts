/**
 * Synchronous HTTP for the fake UrlFetchApp: a worker thread runs fetch, the test thread
 * blocks on Atomics.wait until the answers are in shared memory (as UrlFetchApp blocks).
 * Each call has a number: the worker writes its answers only while the test thread still waits
 * for that call, and the test thread takes only answers marked with it. Without it, an answer
 * that came after its call timed out (a loaded machine) was taken as the next call's answer:
 * the Sheets kill test's resumed pricing build then read product A's A6 for product B's and
 * kept B's product figures (92.62 / 2 units against 111.78 / 6).
 */
import { Worker } from "node:worker_threads";

export interface SyncRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

export type SyncResponse =
  { status: number; headers: Record<string, string>; body: string } | { error: string };

const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
parentPort.on("message", async ({ requests, signal, data, timeoutMs, id }) => {
  const flags = new Int32Array(signal);
  const out = await Promise.all(requests.map(async (r) => {
    try {
      const res = await fetch(r.url, { method: r.method, headers: r.headers, body: r.body, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
      const headers = {};
      res.headers.forEach((v, k) => { headers[k] = v; });
      return { status: res.status, headers, body: await res.text() };
    } catch (e) {
      return { error: String(e && e.message || e) };
    }
  }));
  // The test thread gave up on this call (timed out) and went on: its answers are nobody's.
  if (Atomics.load(flags, 2) !== id) return;
  let bytes = Buffer.from(JSON.stringify(out));
  const room = new Uint8Array(data);
  if (bytes.length > room.length) bytes = Buffer.from(JSON.stringify(requests.map(() => ({ error: "response too large for the harness" }))));
  room.set(bytes);
  Atomics.store(flags, 1, bytes.length);
  Atomics.store(flags, 3, id);
  Atomics.store(flags, 0, 1);
  Atomics.notify(flags, 0);
});
`;

/** Blocking fetch of a group of requests in parallel. Call `close()` when done. */
export class SyncHttp {
  private readonly worker = new Worker(WORKER_SOURCE, { eval: true });
  /** done, answer length, the call waited for, the call answered. */
  private readonly signal = new SharedArrayBuffer(16);
  private readonly data = new SharedArrayBuffer(64 * 1024 * 1024);
  private calls = 0;

  /**
   * `timeoutMs`: each request's; `waitMs`: how long a call waits for the worker (default 5 s
   * more than a request may take).
   */
  constructor(
    private readonly timeoutMs = 60_000,
    private readonly waitMs = timeoutMs + 5000,
  ) {
    this.worker.unref();
  }

  fetchAll(requests: readonly SyncRequest[]): SyncResponse[] {
    const flags = new Int32Array(this.signal);
    const id = ++this.calls;
    Atomics.store(flags, 2, id);
    Atomics.store(flags, 0, 0);
    this.worker.postMessage({
      requests,
      signal: this.signal,
      data: this.data,
      timeoutMs: this.timeoutMs,
      id,
    });
    const until = Date.now() + this.waitMs;
    for (;;) {
      const waited = Atomics.wait(flags, 0, 0, Math.max(0, until - Date.now()));
      if (waited === "timed-out") throw new Error("harness: HTTP worker timed out");
      if (Atomics.load(flags, 3) === id) break;
      // An earlier call's answer, written as this call began: not this one's.
      Atomics.store(flags, 0, 0);
    }
    const length = Atomics.load(flags, 1);
    const text = Buffer.from(new Uint8Array(this.data, 0, length)).toString("utf8");
    return JSON.parse(text) as SyncResponse[];
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
