/**
 * A Google Sheets host simulator for the BUILT add-on (dist/sheets Code.js + Stubs.js), faithful
 * where it bites (see the sibling files): memoised recalculation, each cell its own execution
 * in a fresh global scope, about 30 at once, 30 s per custom function and 6 min per trigger or
 * sidebar call, read-only Spreadsheet access from custom functions, shared CacheService /
 * PropertiesService / LockService with Google's limits, installable triggers with the add-on
 * rules, and real HTTP to the reference server whose rate limiter runs on the simulated clock.
 *
 * A test drives it as a seller would (type, fill down, open the sidebar) and advances the
 * simulated clock with `run`; nothing re-runs a cell unless Sheets would.
 */
import { buildSync } from "esbuild";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startTestServer, type TestServer, type TestServerOptions } from "../../../helpers/server";
import { buildSheetsBundle } from "../harness";
import { boxA1, parseBox, type Box } from "./a1";
import { contentOfValue, type CellValue, type Content } from "./book";
import { Coordinator } from "./coordinator";
import { DEFAULT_LATENCY, type Latency } from "./latency";
import type { HttpLogEntry } from "./simHttp";
import { shiftFormula } from "./formula";
import { HostState, SimClock, type SimDoc } from "./hostState";
import type { RangeHandle } from "./protocol";
import type { Shown } from "./recalc";
import { startBackground } from "./background";
import { KIND, STRICT, type Strictness } from "./strict";

/** Chrome throttles a hidden tab's chained timers to once a minute after 5 minutes. */
const HIDDEN_THROTTLE_AFTER_MS = 5 * 60_000;

export interface SimOptions {
  /** A built dist/sheets folder (default: build one, once per test file). */
  readonly bundleDir?: string;
  readonly maxConcurrent?: number;
  readonly customLimitMs?: number;
  readonly longLimitMs?: number;
  readonly latency?: Partial<Latency>;
  /** The reference server's limit per key and minute (default 60, the API's). */
  readonly rateLimitPerMinute?: number;
  readonly startAt?: number;
  /** Add-on clock triggers run at most hourly (default 1 h). */
  readonly addOnClockMinMs?: number;
  /** Take same-time calls of different executions in a seeded random order. */
  readonly seed?: number;
  /** How strict (strict.ts): true for STRICT, a record to pick switches; default KIND. */
  readonly strict?: boolean | Partial<Strictness>;
  /** The spreadsheet's owner (default OWNER); null: a file on a shared drive. */
  readonly owner?: string | null;
  /** The server's data and handlers (a bench's large catalogue, its counting handlers). */
  readonly server?: Pick<TestServerOptions, "data" | "handlers" | "requestBudgetMs">;
}

export const OWNER = "owner@example.com";

let bundle: string | null = null;
let workerFile: string | null = null;

function compileWorker(): string {
  if (workerFile) return workerFile;
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), "sheets-sim-")), "worker.js");
  buildSync({
    entryPoints: [path.join(__dirname, "worker.ts")],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    outfile: out,
    logLevel: "warning",
  });
  workerFile = out;
  return out;
}

/** Names Stubs.js declares with @customfunction (what Sheets offers as functions). */
function customFunctionNames(stubs: string): Set<string> {
  return new Set(
    [...stubs.matchAll(/@customfunction\n \*\/\nfunction (\w+)\(/g)].map((m) => m[1] as string),
  );
}

export class SheetsSim {
  readonly state: HostState;
  readonly coordinator: Coordinator;
  readonly doc: SimDoc;

  private constructor(
    readonly server: TestServer,
    readonly ownerKey: string,
    state: HostState,
    coordinator: Coordinator,
  ) {
    this.state = state;
    this.coordinator = coordinator;
    this.doc = state.doc("doc-1");
  }

  /** Start the reference server on the simulated clock and an empty spreadsheet owned by OWNER with a saved key. */
  static async start(options: SimOptions = {}): Promise<SheetsSim> {
    const dir = options.bundleDir ?? (bundle ??= buildSheetsBundle());
    const code = readFileSync(path.join(dir, "Code.js"), "utf8");
    const stubs = readFileSync(path.join(dir, "Stubs.js"), "utf8");
    const names = customFunctionNames(stubs);
    const clock = new SimClock(options.startAt ?? Date.UTC(2025, 5, 30, 9, 0, 0));
    const strict: Strictness =
      options.strict === true
        ? STRICT
        : typeof options.strict === "object"
          ? { ...STRICT, ...options.strict }
          : KIND;
    const state = new HostState(clock, (n) => names.has(n), strict);
    if (options.addOnClockMinMs !== undefined) state.addOnClockMinMs = options.addOnClockMinMs;
    const server = await startTestServer({
      rateLimitPerMinute: options.rateLimitPerMinute ?? 60,
      now: () => clock.now(),
      ...options.server,
    });
    const coordinator = new Coordinator(state, {
      workerFile: compileWorker(),
      code,
      stubs,
      html: Object.fromEntries(
        readdirSync(dir)
          .filter((f) => f.endsWith(".html"))
          .map((f) => [f.slice(0, -5), readFileSync(path.join(dir, f), "utf8")]),
      ),
      maxConcurrent: options.maxConcurrent ?? 30,
      customLimitMs: options.customLimitMs ?? 30_000,
      longLimitMs: options.longLimitMs ?? 360_000,
      latency: { ...DEFAULT_LATENCY, ...options.latency },
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      strict,
    });
    startBackground(coordinator);
    const owner = options.owner === undefined ? OWNER : options.owner;
    state.addDoc("doc-1", owner);
    const sim = new SheetsSim(server, server.keyFor("demo"), state, coordinator);
    if (owner !== null) sim.saveKey(owner, sim.ownerKey);
    return sim;
  }

  now(): number {
    return this.state.clock.now();
  }

  /** What the sidebar's "save key" leaves in a user's properties. */
  saveKey(user: string, key: string | null): void {
    const props = this.state.user(user).properties;
    props.setProperty("mkt.baseUrl", this.server.baseUrl);
    if (key === null) props.deleteProperty("mkt.apiKey");
    else props.setProperty("mkt.apiKey", key);
  }

  share(editor: string): void {
    this.doc.editors.add(editor);
    this.state.user(editor);
  }

  private box(a1: string): Box {
    return parseBox(a1, this.doc.book.sheets[0]?.name ?? "Sheet1");
  }

  /** A user types values (a string starting with "=" is a formula) into a block of cells. */
  edit(user: string, a1: string, values: unknown[][]): void {
    const box = this.box(a1);
    const writes: Array<[number, number, Content | null]> = [];
    values.forEach((row, i) =>
      row.forEach((v, j) => writes.push([box.row + i, box.col + j, contentOfValue(v)])),
    );
    this.userWrite(
      user,
      box,
      writes,
      values.length === 1 && values[0]?.length === 1 ? values[0][0] : undefined,
    );
  }

  /** A user fills a formula down (or across) a block: each cell gets it with references moved. */
  fillDown(user: string, a1: string, formula: string): void {
    const box = this.box(a1);
    const writes: Array<[number, number, Content | null]> = [];
    for (let i = 0; i < box.rows; i++)
      for (let j = 0; j < box.cols; j++)
        writes.push([box.row + i, box.col + j, { formula: shiftFormula(formula, i, j) }]);
    this.userWrite(user, box, writes, undefined);
  }

  /** A user clears a block. */
  clear(user: string, a1: string): void {
    const box = this.box(a1);
    const writes: Array<[number, number, Content | null]> = [];
    for (let i = 0; i < box.rows; i++)
      for (let j = 0; j < box.cols; j++) writes.push([box.row + i, box.col + j, null]);
    this.userWrite(user, box, writes, undefined);
  }

  select(user: string, a1: string): void {
    this.doc.selection.set(user, this.box(a1));
  }

  /** An edit commits at once, recalculates, and fires the document's installable edit/change triggers. */
  private userWrite(
    user: string,
    box: Box,
    writes: Array<[number, number, Content | null]>,
    value: unknown,
  ): void {
    if (!this.doc.canOpen(user)) throw new Error(`sim: ${user} cannot edit`);
    this.doc.book.store(box.sheet, writes);
    // Assumed (README): the edit's installable triggers start before the recalculation.
    const range: RangeHandle = { ...box, doc: this.doc.book.id };
    for (const t of this.state.triggers.filter((x) => x.doc === this.doc.book.id)) {
      if (t.type !== "ON_EDIT" && t.type !== "ON_CHANGE") continue;
      this.coordinator.start({
        kind: "trigger",
        fn: t.fn,
        args: [],
        user: t.user,
        doc: this.doc,
        active: range,
        event: {
          kind: t.type === "ON_EDIT" ? "edit" : "change",
          ...(t.type === "ON_EDIT" ? { range } : { changeType: "EDIT" }),
          ...(value !== undefined ? { value } : {}),
          triggerUid: t.uid,
          authMode: "FULL",
          user,
        },
        onDone: () => undefined,
      });
    }
    this.coordinator.recalculate(this.doc);
  }

  /** Start a server call (google.script.run or a menu item) as `user`; its outcome lands in the result. */
  startCall(user: string, fn: string, args: unknown[] = [], kind: "sidebar" | "menu" = "sidebar") {
    const result: { done: boolean; ok?: boolean; value?: unknown; message?: string } = {
      done: false,
    };
    const sel = this.doc.selection.get(user);
    this.coordinator.start({
      kind,
      fn,
      args,
      user,
      doc: this.doc,
      active: sel ? { ...sel, doc: this.doc.book.id } : null,
      onDone: (o) => Object.assign(result, { done: true }, o),
    });
    return result;
  }

  /** Run a server call to its end (within `maxMs` of simulated time); its value, or it throws its message. */
  async call(user: string, fn: string, args: unknown[] = [], maxMs = 600_000): Promise<unknown> {
    const r = this.startCall(user, fn, args);
    await this.run({ until: () => r.done, maxMs });
    if (!r.done) throw new Error(`sim: ${fn} did not finish within ${maxMs} ms`);
    if (!r.ok) throw new Error(r.message);
    return r.value;
  }

  /**
   * An open sidebar: calls `fn` every `everyMs` after the previous call returned (as a page
   * loop over google.script.run does) until closed. `hide()` puts its tab in the background:
   * after 5 minutes Chrome lets its timers fire once a minute; `reload()` starts it afresh.
   */
  openSidebar(user: string, fn: string, everyMs: number, args: unknown[] = []) {
    let generation = 0;
    const loop = {
      open: true,
      calls: 0,
      last: undefined as unknown,
      hiddenSince: null as number | null,
      close: () => (loop.open = false),
      hide: () => (loop.hiddenSince ??= this.now()),
      show: () => (loop.hiddenSince = null),
      reload: () => {
        generation++;
        loop.hiddenSince = null;
        const mine = generation;
        this.coordinator.agenda.system(this.now() + 3000, () => {
          if (mine === generation) tick();
        });
      },
    };
    const delay = (): number =>
      loop.hiddenSince !== null && this.now() - loop.hiddenSince >= HIDDEN_THROTTLE_AFTER_MS
        ? Math.max(everyMs, 60_000)
        : everyMs;
    const tick = (): void => {
      if (!loop.open) return;
      const mine = generation;
      loop.calls++;
      const r = this.startCall(user, fn, args);
      const poll = (): void => {
        if (!r.done) return void this.coordinator.agenda.system(this.now() + 100, poll);
        if (mine !== generation) return; // the page was reloaded: this loop is gone
        loop.last = r.ok ? r.value : r.message;
        this.coordinator.agenda.system(this.now() + delay(), tick);
      };
      poll();
    };
    this.coordinator.agenda.system(this.now(), tick);
    return loop;
  }

  /** Advance simulated time until `until()` holds or `maxMs` passed; returns whether it holds. */
  async run(o: { until?: () => boolean; maxMs: number }): Promise<boolean> {
    return this.coordinator.runUntil(o.until ?? (() => false), this.now() + o.maxMs);
  }

  /** Advance until no execution is running or queued. */
  async runUntilIdle(maxMs = 3_600_000): Promise<boolean> {
    return this.run({ until: () => this.coordinator.busy() === 0, maxMs });
  }

  /** Everything a formula cell showed, in order. */
  history(a1: string): Shown[] {
    const box = this.box(a1);
    return this.doc.recalc.history.get(boxA1(box, true)) ?? [];
  }

  /** Every formula cell's history. */
  histories(): ReadonlyMap<string, Shown[]> {
    return this.doc.recalc.history;
  }

  /** What a block shows now (getValues semantics: errors as their code, Loading... as text). */
  values(a1: string): CellValue[][] {
    return this.doc.book.values(this.box(a1));
  }

  /** What one formula cell shows now ("#ERROR! message" for errors). */
  shown(a1: string): unknown {
    const box = this.box(a1);
    return this.doc.book.shown(box.sheet, box.row, box.col);
  }

  /** How many times each cell's custom function ran ("Sheet1!C2" -> runs). */
  runsByCell(): Map<string, number> {
    const out = new Map<string, number>();
    for (const e of this.coordinator.executions)
      if (e.cell) out.set(e.cell, (out.get(e.cell) ?? 0) + 1);
    return out;
  }

  /** Every request that reached the reference server, with its simulated time and status. */
  requests(): readonly HttpLogEntry[] {
    return this.coordinator.httpLog.filter((r) => r.status !== "error");
  }

  /** The most requests the server received in any rolling window of `windowMs`. */
  maxInWindow(windowMs = 60_000): number {
    const times = this.requests().map((r) => r.at);
    let best = 0;
    for (let i = 0, j = 0; i < times.length; i++) {
      while ((times[j] as number) <= (times[i] as number) - windowMs) j++;
      best = Math.max(best, i - j + 1);
    }
    return best;
  }

  async close(): Promise<void> {
    await this.coordinator.close();
    await this.server.close();
  }
}
