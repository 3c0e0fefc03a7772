/**
 * One execution worker thread and the shared memory its blocked host calls are answered in:
 * word 0 is the "reply ready" flag the worker waits on, word 1 the reply's length.
 */
import { Worker } from "node:worker_threads";
import type { InitMessage, Reply, WorkerMessage } from "./protocol";

/** Room for one reply (a UrlFetch answer can be large). */
const REPLY_BYTES = 16 * 1024 * 1024;

export class WorkerSlot<E> {
  readonly worker: Worker;
  private readonly signal = new SharedArrayBuffer(8);
  private readonly data = new SharedArrayBuffer(REPLY_BYTES);
  /** The execution it runs now, or null when idle. */
  exec: E | null = null;

  constructor(
    file: string,
    init: Omit<InitMessage, "type" | "signal" | "data">,
    onMessage: (slot: WorkerSlot<E>, m: WorkerMessage) => void,
    onError: (err: Error) => void,
  ) {
    this.worker = new Worker(file);
    const message: InitMessage = { type: "init", signal: this.signal, data: this.data, ...init };
    this.worker.postMessage(message);
    this.worker.on("message", (m: WorkerMessage) => onMessage(this, m));
    this.worker.on("error", (err) => onError(err instanceof Error ? err : new Error(String(err))));
  }

  /** Write a reply and wake the worker blocked on it. */
  answer(reply: Reply): void {
    let bytes = Buffer.from(JSON.stringify(reply));
    if (bytes.length > REPLY_BYTES)
      bytes = Buffer.from(
        JSON.stringify({ ok: false, message: "sim: reply too large", now: reply.now }),
      );
    new Uint8Array(this.data).set(bytes);
    const flags = new Int32Array(this.signal);
    Atomics.store(flags, 1, bytes.length);
    Atomics.store(flags, 0, 1);
    Atomics.notify(flags, 0);
  }
}
