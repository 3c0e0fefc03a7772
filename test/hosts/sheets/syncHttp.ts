/**
 * Synchronous HTTP for the fake UrlFetchApp: a worker thread runs fetch, the test thread
 * blocks on Atomics.wait until the answers are in shared memory (as UrlFetchApp blocks).
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
parentPort.on("message", async ({ requests, signal, data, timeoutMs }) => {
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
  let bytes = Buffer.from(JSON.stringify(out));
  const room = new Uint8Array(data);
  if (bytes.length > room.length) bytes = Buffer.from(JSON.stringify(requests.map(() => ({ error: "response too large for the harness" }))));
  room.set(bytes);
  Atomics.store(flags, 1, bytes.length);
  Atomics.store(flags, 0, 1);
  Atomics.notify(flags, 0);
});
`;

/** Blocking fetch of a group of requests in parallel. Call `close()` when done. */
export class SyncHttp {
  private readonly worker = new Worker(WORKER_SOURCE, { eval: true });
  private readonly signal = new SharedArrayBuffer(8);
  private readonly data = new SharedArrayBuffer(64 * 1024 * 1024);

  constructor(private readonly timeoutMs = 60_000) {
    this.worker.unref();
  }

  fetchAll(requests: readonly SyncRequest[]): SyncResponse[] {
    const flags = new Int32Array(this.signal);
    Atomics.store(flags, 0, 0);
    this.worker.postMessage({
      requests,
      signal: this.signal,
      data: this.data,
      timeoutMs: this.timeoutMs,
    });
    const waited = Atomics.wait(flags, 0, 0, this.timeoutMs + 5000);
    if (waited === "timed-out") throw new Error("harness: HTTP worker timed out");
    const length = Atomics.load(flags, 1);
    const text = Buffer.from(new Uint8Array(this.data, 0, length)).toString("utf8");
    return JSON.parse(text) as SyncResponse[];
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
