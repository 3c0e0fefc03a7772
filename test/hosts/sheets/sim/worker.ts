/**
 * An execution worker: runs one Apps Script execution at a time, each in a FRESH global scope
 * (the built Code.js + Stubs.js loaded anew, as Apps Script does per execution). Host calls
 * block on Atomics.wait until the coordinator answers at the simulated time they complete.
 * Compiled by esbuild (sheetsSim.ts) because worker threads cannot load TypeScript.
 */
import vm from "node:vm";
import { parentPort } from "node:worker_threads";
import { valuesFor, type Host } from "./gasHost";
import { htmlService, spreadsheetApp } from "./gasSpreadsheet";
import { services } from "./gasServices";
import type { DoneMessage, InitMessage, Reply, RunMessage, WorkerMessage } from "./protocol";

const port = parentPort;
if (!port) throw new Error("sim worker: no parent port");

let init: InitMessage | null = null;
let code: vm.Script | null = null;
let stubs: vm.Script | null = null;
const decoder = new TextDecoder();

interface Current {
  readonly run: RunMessage;
  seq: number;
  now: number;
  killed: boolean;
}
let current: Current | null = null;

function send(message: WorkerMessage): void {
  (port as NonNullable<typeof port>).postMessage(message);
}

const host: Host = (name, ...args) => {
  const c = current;
  if (!c || !init) throw new Error("sim worker: no execution");
  if (c.killed) throw new Error("Exceeded maximum execution time");
  const flags = new Int32Array(init.signal);
  Atomics.store(flags, 0, 0);
  send({ type: "call", exec: c.run.exec, seq: ++c.seq, name, args });
  Atomics.wait(flags, 0, 0);
  const length = Atomics.load(flags, 1);
  const reply = JSON.parse(decoder.decode(new Uint8Array(init.data, 0, length))) as Reply;
  c.now = reply.now;
  if ("killed" in reply) {
    c.killed = true;
    throw new Error("Exceeded maximum execution time");
  }
  if (!reply.ok) throw new Error(reply.message);
  return reply.value;
};

/** Date in the execution: the simulated clock for Date.now() and new Date(). */
const PATCH_DATE = `(function () {
  var RealDate = Date;
  function SimDate() {
    if (!(this instanceof SimDate)) return new RealDate(__simNow()).toString();
    if (arguments.length === 0) return new RealDate(__simNow());
    return new (Function.prototype.bind.apply(RealDate, [null].concat(Array.prototype.slice.call(arguments))))();
  }
  SimDate.prototype = RealDate.prototype;
  SimDate.now = function () { return __simNow(); };
  SimDate.UTC = RealDate.UTC;
  SimDate.parse = RealDate.parse;
  globalThis.Date = SimDate;
})();`;

function messageOf(err: unknown): string {
  if (err !== null && typeof err === "object" && "message" in err)
    return String((err as { message: unknown }).message);
  return String(err);
}

function execute(run: RunMessage): DoneMessage {
  if (!init || !code || !stubs) throw new Error("sim worker: not initialised");
  const c: Current = { run, seq: 0, now: run.now, killed: false };
  current = c;
  const log = (text: string): void => send({ type: "log", exec: run.exec, text });
  const sandbox: Record<string, unknown> = { __simNow: () => c.now };
  const context = vm.createContext(sandbox);
  vm.runInContext(PATCH_DATE, context);
  const values = valuesFor(vm.runInContext("Date", context) as DateConstructor);
  Object.assign(sandbox, services(host, run, log), {
    SpreadsheetApp: spreadsheetApp(host, values, run),
    HtmlService: htmlService(init.html),
  });
  try {
    code.runInContext(context);
    stubs.runInContext(context);
    const fn = sandbox[run.fn];
    if (typeof fn !== "function") throw new Error(`Script function not found: ${run.fn}`);
    const args =
      run.kind === "custom"
        ? run.args.map((a) => (a === null ? undefined : values.fromHost(a)))
        : [...run.args];
    if (run.event) args.unshift(triggerEvent(run, values));
    const value = (fn as (...a: unknown[]) => unknown)(...args);
    if (c.killed)
      return {
        type: "done",
        exec: run.exec,
        ok: false,
        message: "Exceeded maximum execution time",
      };
    return {
      type: "done",
      exec: run.exec,
      ok: true,
      value: values.toHost(value === undefined ? null : value),
    };
  } catch (err) {
    return { type: "done", exec: run.exec, ok: false, message: messageOf(err) };
  } finally {
    current = null;
  }
}

/** The event object a trigger handler receives; its range is a live Range object. */
function triggerEvent(
  run: RunMessage,
  values: ReturnType<typeof valuesFor>,
): Record<string, unknown> {
  const e = run.event;
  if (!e) return {};
  const app = spreadsheetApp(host, values, { ...run, active: e.range ?? null });
  const book = run.doc ? (app.getActiveSpreadsheet as () => unknown)() : undefined;
  return {
    authMode: e.authMode,
    triggerUid: e.triggerUid,
    user: { getEmail: () => e.user },
    ...(book ? { source: book } : {}),
    ...(e.range ? { range: (app.getActiveRange as () => unknown)() } : {}),
    ...(e.value !== undefined ? { value: e.value } : {}),
    ...(e.changeType ? { changeType: e.changeType } : {}),
  };
}

port.on("message", (message: InitMessage | RunMessage) => {
  if (message.type === "init") {
    init = message;
    code = new vm.Script(message.code, { filename: "Code.js" });
    stubs = new vm.Script(message.stubs, { filename: "Stubs.js" });
    return;
  }
  send(execute(message));
});
