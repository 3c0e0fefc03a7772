/**
 * The document cache's record of cells that wait for quota. A waiting cell leaves its formula
 * and the calls it needs under a key made from its address (no shared index to lock: the
 * sheet itself, where waiting cells show a waiting text, is the index the filler scans).
 * Beside it: the queue at a glance (cells, requests, when quota frees), which the filler and
 * the cells keep up to date for the waiting texts and the sidebar.
 */
import { cacheOwner, sha256Hex, type ApiCall, type CommonEnv } from "../../../core";
import type { CacheLike } from "../stores/gas";

/** What a waiting cell needs. */
export interface WaitingEntry {
  /** The formula it had (A1): a cell whose formula changed is the seller's again. */
  readonly f: string;
  /** The calls it waits for; null when unknown (it is simply run again when quota has room). */
  readonly c: readonly ApiCall[] | null;
  /** Whose cache its answers go to: a hash of key and server (never the key). */
  readonly o: string;
  /** Registered at (ms). */
  readonly t: number;
}

export interface CellAt {
  readonly sheet: string;
  readonly row: number;
  readonly col: number;
}

/** Kept while anything waits that long (CacheService keeps 6 h at most). */
const TTL_SEC = 6 * 60 * 60;

export function waitingKey(cell: CellAt): string {
  return `mkw1:${sha256Hex(cell.sheet).slice(0, 16)}:${cell.row}:${cell.col}`;
}

/** A hash naming the key and server whose cache a cell reads. */
export function ownerTag(env: Pick<CommonEnv, "apiKey" | "baseUrl">): string {
  return sha256Hex(`cache owner\n${cacheOwner(env)}`).slice(0, 16);
}

export function registerWaiting(cache: CacheLike, cell: CellAt, entry: WaitingEntry): void {
  try {
    cache.put(waitingKey(cell), JSON.stringify(entry), TTL_SEC);
  } catch {
    // Too big for one entry: the filler then runs the cell again when quota has room.
    cache.put(waitingKey(cell), JSON.stringify({ ...entry, c: null }), TTL_SEC);
  }
}

/** The entries of these cells, by waitingKey (missing: evicted or never registered). */
export function readWaiting(cache: CacheLike, cells: readonly CellAt[]): Map<string, WaitingEntry> {
  const keys = cells.map(waitingKey);
  const found = keys.length > 0 ? cache.getAll(keys) : {};
  const out = new Map<string, WaitingEntry>();
  for (const k of keys) {
    const text = found[k];
    if (!text) continue;
    try {
      out.set(k, JSON.parse(text) as WaitingEntry);
    } catch {
      // A broken entry counts as none.
    }
  }
  return out;
}

export function forgetWaiting(cache: CacheLike, cells: readonly CellAt[]): void {
  for (const c of cells) cache.remove(waitingKey(c));
}

/** The queue at a glance. */
export interface QueueStatus {
  /** Cells waiting for quota. */
  readonly cells: number;
  /** Requests still needed for them (an upper bound: lists and batches may need fewer). */
  readonly requests: number;
  /** When the next request may go (ms), null if now. */
  readonly readyAt: number | null;
  /** When a 429 paused the key until (ms), null if not. */
  readonly pausedUntil: number | null;
  /** Written at (ms). */
  readonly at: number;
  /**
   * False when a clock trigger's run could not make the next one (Google documents no such
   * continuation): the work past one edit trigger's run and one clock run then waits for the
   * next edit or the open sidebar. Absent: continuations were seen to work.
   */
  readonly chain?: false;
  /**
   * When the trigger run filling now stops filling (ms); absent while the open sidebar fills.
   * With continuations not known to come (chain false), work past it waits for an edit.
   */
  readonly runEndsAt?: number;
  /**
   * When the day's trigger budget runs out (ms; stores/triggerDay.ts): from then on each
   * minute's quota costs a hand-over to a clock trigger. Absent: the open sidebar fills.
   */
  readonly shortFrom?: number;
}

const QUEUE_KEY = "mkt:queue";

export function readQueue(cache: CacheLike): QueueStatus | null {
  try {
    const q = JSON.parse(cache.get(QUEUE_KEY) ?? "null") as QueueStatus | null;
    return q && typeof q.cells === "number" ? q : null;
  } catch {
    return null;
  }
}

export function writeQueue(cache: CacheLike, q: QueueStatus): void {
  cache.put(QUEUE_KEY, JSON.stringify(q), TTL_SEC);
}

/** A cell's count of the queue: what the filler said of its run (chain, run end) stays. */
export function noteQueue(
  cache: CacheLike,
  q: Omit<QueueStatus, "chain" | "runEndsAt" | "shortFrom">,
): void {
  const filler = readQueue(cache);
  writeQueue(cache, {
    ...q,
    ...(filler?.chain === false ? { chain: false as const } : {}),
    ...(filler?.runEndsAt !== undefined ? { runEndsAt: filler.runEndsAt } : {}),
    ...(filler?.shortFrom !== undefined ? { shortFrom: filler.shortFrom } : {}),
  });
}

/**
 * A clock trigger's run (no document cache) says in the script cache, under the spreadsheet's
 * id, until when it makes this spreadsheet's cells run again: a cell it runs knows the time it
 * may name (cellRun.ts).
 */
const clockRunKey = (docId: string): string => `mkq1:${sha256Hex(docId).slice(0, 32)}`;

export function noteClockRun(
  cache: CacheLike | null,
  docId: string,
  endsAt: number,
  now: number,
): void {
  try {
    cache?.put(clockRunKey(docId), String(endsAt), Math.max(1, Math.ceil((endsAt - now) / 1000)));
  } catch {
    // Unsaid: its cells say who goes on instead of a time.
  }
}

/** When the clock run filling this spreadsheet stops (ms), or null when none is known. */
export function readClockRun(cache: CacheLike | null, docId: string): number | null {
  try {
    const v = Number(cache?.get(clockRunKey(docId)) ?? NaN);
    return Number.isFinite(v) ? v : null;
  } catch {
    return null;
  }
}
