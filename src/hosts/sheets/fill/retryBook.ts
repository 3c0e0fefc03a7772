/**
 * Cells that show `#ERROR!` for Apps Script's reasons (refused past 30 executions at once:
 * "exec qps", "too many scripts running simultaneously"; stopped at 30 s) are run again on a
 * schedule, never in a loop: the first try at the next pass, then each failure doubles the
 * wait (30 s up to 16 min), at most MAX_TRIES tries in 6 hours. `getValues` shows the filler
 * "#ERROR!" and nothing more, so a cell's own error (bad input, no ad spend) is told apart by
 * the mark the cell leaves as it fails (ownErrors.ts); a mark lost to the cache costs that cell
 * a few scheduled tries, not a loop.
 *
 * The book is the user cache's (the filler's runs, edit, clock and sidebar, all run as the key's
 * owner; a clock run has no document cache): one entry per spreadsheet, rewritten once a pass
 * and pruned to the cells that still show `#ERROR!` or were tried in the last KEEP_MS (a cell
 * just run again shows Loading... for a while: forgetting it would restart its schedule).
 * Dropped early by Google, the tries start again from the first, on the same schedule.
 */
import { gas, type CacheLike } from "../stores/gas";
import type { CellAt } from "./waitingCells";

/** Tries per cell in the book's 6 hours (the waits add up to about 47 minutes). */
export const MAX_TRIES = 8;
const FIRST_WAIT_MS = 30_000;
const LONGEST_WAIT_MS = 16 * 60_000;
const TTL_SEC = 6 * 60 * 60;
/** A cell tried this recently keeps its count whatever it shows (it may still be running). */
const KEEP_MS = 2 * 60_000;
/** One entry stays well under CacheService's 100 KB a value. */
const MAX_CELLS = 2000;

/** [tries so far, not before (ms)]. */
type Entry = [number, number];

const cellKey = (c: CellAt): string => `${c.sheet}!${c.row},${c.col}`;

/** The wait after a cell's `tries`-th failed try. */
export function backoffMs(tries: number): number {
  return Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.max(0, tries - 1));
}

function userCache(): CacheLike | null {
  try {
    return gas().CacheService.getUserCache?.() ?? null;
  } catch {
    return null;
  }
}

export class RetryBook {
  private constructor(
    private readonly cache: CacheLike | null,
    private readonly key: string,
    private readonly entries: Map<string, Entry>,
  ) {}

  /** The book of one spreadsheet (empty where the user cache cannot be read). */
  static open(docId: string, cache: CacheLike | null = userCache()): RetryBook {
    const key = `mkt:retries:${docId}`;
    const entries = new Map<string, Entry>();
    try {
      const raw = JSON.parse(cache?.get(key) ?? "{}") as Record<string, Entry>;
      for (const [k, v] of Object.entries(raw))
        if (Array.isArray(v) && v.length === 2) entries.set(k, [Number(v[0]), Number(v[1])]);
    } catch {
      // A broken entry counts as none: the tries start again.
    }
    return new RetryBook(cache, key, entries);
  }

  /** May this failed cell run again now? */
  due(cell: CellAt, now: number): boolean {
    const e = this.entries.get(cellKey(cell));
    return !e || (e[0] < MAX_TRIES && e[1] <= now);
  }

  /** Tries left for this cell (MAX_TRIES when it never failed). */
  triesLeft(cell: CellAt): number {
    return MAX_TRIES - (this.entries.get(cellKey(cell))?.[0] ?? 0);
  }

  /** When the first of these cells (with tries left) is due (ms); now for a cell never tried. */
  nextDueAt(cells: readonly CellAt[], now: number): number | null {
    let next: number | null = null;
    for (const c of cells) {
      const e = this.entries.get(cellKey(c));
      if (e && e[0] >= MAX_TRIES) continue;
      const at = Math.max(now, e?.[1] ?? now);
      next = next === null ? at : Math.min(next, at);
    }
    return next;
  }

  /** Count a try for each of these cells, now. */
  tried(cells: readonly CellAt[], now: number): void {
    for (const c of cells) {
      const tries = (this.entries.get(cellKey(c))?.[0] ?? 0) + 1;
      this.entries.set(cellKey(c), [tries, now + backoffMs(tries)]);
    }
  }

  /**
   * Keep the cells that still show `#ERROR!` (`failed`) and those tried lately, then write the
   * book back (one cache call); the others ran well or are the seller's again.
   */
  save(failed: readonly CellAt[], now: number): void {
    const still = new Set(failed.map(cellKey));
    for (const [k, [tries, notBefore]] of [...this.entries])
      if (!still.has(k) && notBefore - backoffMs(tries) + KEEP_MS < now) this.entries.delete(k);
    const kept = [...this.entries].slice(-MAX_CELLS);
    try {
      if (kept.length === 0) this.cache?.remove(this.key);
      else this.cache?.put(this.key, JSON.stringify(Object.fromEntries(kept)), TTL_SEC);
    } catch {
      // Not kept: the next pass counts from the first try again (still on the schedule).
    }
  }
}
