/**
 * The background filler: finds cells that wait for quota (by their waiting text), fetches
 * what they need under the key's quota (coalesced, like the cells' own requests), and once a
 * cell's answers are in the cache makes exactly that cell run again (rerunCells: clear,
 * flush, set back; never a cell the seller changed). It runs in full-auth executions only:
 * the open sidebar's loop and the installable edit trigger (fillTrigger.ts).
 *
 * It must use the key the cells use: custom functions run with the spreadsheet OWNER's user
 * properties, so their answers live in the owner's cache namespace. A filler running with
 * another key (an editor's sidebar) cannot help them: it counts them as `otherKey` and leaves
 * them alone.
 */
import {
  createDriverStats,
  endpointLookup,
  isWaitingForQuota,
  performCallsSync,
  planCall,
  type ApiCall,
  type CommonEnv,
} from "../../../core";
import { isWaitingText } from "../cells/cellTexts";
import { isOurFormula } from "../cells/ourFormulas";
import { mergeCalls, requestsFor } from "../cells/fillDownPrefetch";
import { freshAfter, readFreshRegions } from "./freshCache";
import type { CacheLike, LockLike } from "../stores/gas";
import { cacheKeysOf } from "./readAhead";
import { rerunCells, runsPerRerun, type WritableSheet } from "./rerunCells";
import type { FormattableSheet } from "./formatCells";
import { closeSession, openSession, type Session } from "../cells/session";
import type { UserSettingsStore } from "../stores/stores";
import { scanSheets, type ScannedSheet } from "../sheet/sheetScan";
import {
  forgetWaiting,
  ownerTag,
  readWaiting,
  waitingKey,
  writeQueue,
  type CellAt,
  type QueueStatus,
} from "./waitingCells";
import { ownErrorsAmong } from "./ownErrors";
import { RetryBook } from "./retryBook";

export interface FillerDeps {
  readonly sheets: () => ReadonlyArray<ScannedSheet & WritableSheet & FormattableSheet>;
  /** Give re-run cells their answers' number formats (formatCells.ts); absent: none. */
  readonly format?: (sheet: FormattableSheet, cells: readonly CellAt[]) => void;
  readonly cache: CacheLike;
  /** The spreadsheet's id (the retry book and the own-error marks are kept by it). */
  readonly docId: string;
  /** Caches the cells' own-error marks are read from, besides the document cache. */
  readonly markCaches?: readonly CacheLike[];
  /**
   * How many more cells this run may make run again today (each costs a custom-function
   * execution and its Properties read: stores/triggerDay.ts); absent: no limit (tests).
   */
  readonly rerunsLeft?: () => number;
  /** Count cells made to run again against the day's budget. */
  readonly countReruns?: (cells: number) => void;
  /** The run's settings, read once (each pass would otherwise read Properties again). */
  readonly settings?: UserSettingsStore;
  readonly lock: () => LockLike;
  readonly flush: () => void;
  readonly now: () => number;
  /** False when a clock trigger's run could not make the next one (fillTrigger.ts). */
  readonly chain?: boolean;
  /** When this trigger run stops filling (ms); absent for the open sidebar (fillTrigger.ts). */
  readonly runEndsAt?: number;
  /** When the day's trigger budget runs out (ms; stores/triggerDay.ts); absent: the sidebar. */
  readonly shortFrom?: number;
}

/**
 * Apps Script runs about 30 executions of a user at once and fails the rest ("exec qps"):
 * a pass makes no more cells run than leave room for this filler and a sidebar call.
 */
export const RUNNING_CELLS_CAP = 24;

/** What Sheets shows (getDisplayValues) in a cell whose execution failed. */
export const ERROR_TEXT = "#ERROR!";

/** A cell to find: waiting for quota, or one of ours that Apps Script failed. */
export function needsFilling(text: string, formula: string): boolean {
  return formula !== "" && (isWaitingText(text) || isFailedCell(text, formula));
}

/** One of our cells showing `#ERROR!`: its own error, or Apps Script's (ownErrors.ts). */
export function isFailedCell(text: string, formula: string): boolean {
  return text === ERROR_TEXT && isOurFormula(formula);
}

/**
 * Of these `#ERROR!` cells, those Apps Script failed that still have tries (`pending`: the fill
 * is not over while any is left), and of them those to run again now (`retry`, at most `room`,
 * due on the retry book's schedule; their try is counted in the book). A cell failed on its own
 * is neither: its error is its answer.
 */
export function failedToRetry<C extends CellAt & { readonly formula: string }>(
  failed: readonly C[],
  book: RetryBook,
  marks: { readonly caches: ReadonlyArray<CacheLike | null>; readonly docId: string },
  room: number,
  now: number,
): { readonly retry: C[]; readonly pending: C[] } {
  if (failed.length === 0) return { retry: [], pending: [] };
  const own = ownErrorsAmong(marks.caches, marks.docId, failed);
  const left = failed.filter((c) => !own.has(c) && book.triesLeft(c) > 0);
  const retry = left.filter((c) => book.due(c, now)).slice(0, Math.max(0, room));
  book.tried(retry, now);
  return { retry, pending: left };
}

/** What one pass found and did. */
export interface FillReport {
  readonly waiting: number;
  /** Cells still loading (their first run is not over). */
  readonly loading: number;
  readonly rerun: number;
  /** Waiting cells that read another key's cache (the spreadsheet owner's): left alone. */
  readonly otherKey: number;
  readonly queue: QueueStatus;
  /** Requests the key's minute had left after the pass fetched (0: spent until readyAt). */
  readonly quotaLeft: number;
}

interface WaitingCell extends CellAt {
  readonly text: string;
  readonly formula: string;
  readonly calls: readonly ApiCall[] | null;
  readonly fresh: number;
  readonly sheetRef: WritableSheet & FormattableSheet;
}

function cached(calls: readonly ApiCall[], env: CommonEnv): boolean {
  const stats = createDriverStats();
  return calls.every((c) => planCall(c, env, stats).kind === "done");
}

/** Fetch what a group of cells needs (until `until`); returns the cells now answerable. */
function serve(
  cells: readonly WaitingCell[],
  session: Session,
  until: number,
): { ready: WaitingCell[]; open: ApiCall[]; readyAt: number | null; paused: boolean } {
  const env = session.env;
  const all = cells.flatMap((c) => c.calls ?? []);
  const prime = (): void => {
    session.readAhead.forget();
    if (env.cache) session.readAhead.prime(cacheKeysOf(all, env.cache, env));
  };
  prime();
  const needed = mergeCalls(
    all.filter((c) => !cached([c], env)),
    endpointLookup(env),
  );
  let readyAt: number | null = null;
  let paused = false;
  let open: ApiCall[] = [];
  if (needed.length > 0 && until > session.clock.now()) {
    try {
      performCallsSync(needed, { ...env, deadline: until }, createDriverStats());
    } catch (err) {
      if (!isWaitingForQuota(err)) throw err;
      readyAt = err.readyAt;
      paused = err.paused;
      open = [...err.calls];
    }
    prime();
  } else open = needed;
  return {
    ready: cells.filter((c) => c.calls !== null && cached(c.calls, env)),
    open,
    readyAt,
    paused,
  };
}

/** One pass over the spreadsheet (see the file comment); fetching stops at `until`. */
export function fillPass(deps: FillerDeps, until: number): FillReport {
  const session = openSession({}, deps.settings);
  try {
    const mine = ownerTag(session.env);
    const regions = readFreshRegions(deps.cache);
    const scanned = scanSheets(deps.sheets(), needsFilling);
    const places = scanned.found.map((f) => ({ sheet: f.sheet.getName(), row: f.row, col: f.col }));
    const entries = readWaiting(deps.cache, places);
    const cells: WaitingCell[] = [];
    let otherKey = 0;
    const gone: CellAt[] = [];
    scanned.found.forEach((f, i) => {
      const at = places[i] as CellAt;
      const entry = entries.get(waitingKey(at));
      if (!f.formula) return;
      if (entry && entry.f !== f.formula) return void gone.push(at);
      if (entry && entry.o !== mine) return void otherKey++;
      cells.push({
        ...at,
        text: f.text,
        formula: f.formula,
        calls: entry?.c ?? null,
        fresh: freshAfter(regions, at.sheet, at.row, at.col),
        sheetRef: f.sheet,
      });
    });
    forgetWaiting(deps.cache, gone);
    const ready: WaitingCell[] = [];
    const open: ApiCall[] = [];
    let readyAt: number | null = null;
    let paused = false;
    for (const fresh of new Set(cells.filter((c) => c.calls).map((c) => c.fresh))) {
      const group = cells.filter((c) => c.calls && c.fresh === fresh);
      const s = fresh === 0 ? session : openSession({ freshAfter: fresh }, deps.settings);
      const served = serve(group, s, until);
      if (s !== session) closeSession(s);
      ready.push(...served.ready);
      open.push(...served.open);
      if (served.readyAt !== null) readyAt = Math.max(readyAt ?? 0, served.readyAt);
      paused ||= served.paused;
    }
    // Cells whose calls are unknown (and those Apps Script failed) ask for themselves when
    // run: only as many as quota allows.
    const quota = session.env.quota?.status(session.apiKey);
    const room = quota ? Math.max(0, quota.limit - quota.used - 5) : 0;
    // A detour's two runs of a cell follow each other (rerunCells.ts): one execution at a time.
    // Each cell run again costs an execution and a Properties read: counted first (budget).
    const running = Math.min(
      Math.max(0, RUNNING_CELLS_CAP - scanned.loading),
      deps.rerunsLeft?.() ?? Infinity,
    );
    const unknown = cells.filter((c) => c.calls === null);
    ready.push(...unknown.filter((c) => c.text !== ERROR_TEXT).slice(0, room));
    const book = RetryBook.open(deps.docId);
    const erroring = unknown.filter((c) => c.text === ERROR_TEXT);
    const failed = failedToRetry(
      erroring,
      book,
      { caches: [deps.cache, ...(deps.markCaches ?? [])], docId: deps.docId },
      Math.min(room, running - Math.min(ready.length, running)),
      deps.now(),
    );
    ready.push(...failed.retry);
    const rerun = rerunReady(deps, ready.slice(0, running));
    book.save(erroring, deps.now());
    deps.countReruns?.(rerun * runsPerRerun());
    // Cells failed on their own (or out of tries) are answered: not in the queue.
    const queued = cells.length - erroring.length + failed.pending.length;
    const queue: QueueStatus = {
      cells: Math.max(0, queued - rerun),
      requests: requestsFor(open, endpointLookup(session.env)),
      readyAt,
      pausedUntil: paused ? readyAt : null,
      at: deps.now(),
      ...(deps.chain === false ? { chain: false as const } : {}),
      ...(deps.runEndsAt !== undefined ? { runEndsAt: deps.runEndsAt } : {}),
      ...(deps.shortFrom !== undefined ? { shortFrom: deps.shortFrom } : {}),
    };
    writeQueue(deps.cache, queue);
    return {
      waiting: queued,
      loading: scanned.loading,
      rerun,
      otherKey,
      queue,
      quotaLeft: room,
    };
  } finally {
    closeSession(session);
  }
}

function rerunReady(deps: FillerDeps, ready: readonly WaitingCell[]): number {
  let rerun = 0;
  for (const sheet of new Set(ready.map((c) => c.sheetRef))) {
    const mineHere = ready.filter((c) => c.sheetRef === sheet);
    const done = rerunCells(sheet, mineHere, deps.flush);
    rerun += done.rerun;
    try {
      deps.format?.(sheet, mineHere);
    } catch {
      // Formats are a courtesy: the answers are in either way.
    }
    forgetWaiting(deps.cache, mineHere);
  }
  return rerun;
}
