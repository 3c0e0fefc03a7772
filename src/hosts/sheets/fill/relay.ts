/**
 * Hand-overs between trigger runs that overlap instead of leaving the cells idle. Apps Script
 * starts a one-off clock trigger no sooner than `after(ms)` asks, and later by an amount it
 * does not state (up to 3 minutes in the strict simulator): a run that asks for its
 * continuation only as it ends leaves the cells waiting that long at every hand-over (five of
 * them cost 1,002 mixed cells ~10 minutes). So a run that still has cells waiting asks for its
 * continuation EARLY_MS before its own end and keeps filling; the continuation, once started,
 * says so in the user cache and the run ends at its next look (a few seconds); the
 * continuation waits for that end (the run's mark, at most WAIT_MS) before it reads the day's
 * trigger minutes, so that no run's time goes uncounted. The user cache may drop either entry
 * early: the run then fills to its own end, or the two overlap for a while (each cell still
 * runs once per pass: a running cell is not waiting).
 */
import { gas, type CacheLike } from "../stores/gas";

/** When the latest continuation started (ms). */
const TAKEN = "mkt:fill:taken";
/** The start (ms) of the trigger run filling now. */
const RUNNING = "mkt:fill:run";
/** A continuation asked this long before the run's end starts before it (after(60 s) + jitter). */
const EARLY_MS = 4 * 60_000;
const WAIT_MS = 60_000;

function userCache(): CacheLike | null {
  try {
    return gas().CacheService.getUserCache?.() ?? null;
  } catch {
    return null;
  }
}

/** One trigger run's side of the hand-over. */
export interface Relay {
  /** When the run stops filling (ms). */
  readonly endsAt: number;
  /** Ask for the continuation once the run nears its end with cells waiting; has it started? */
  over(waiting: boolean): boolean;
  /** Sleep `ms`, or less if a continuation takes over meanwhile. */
  sleep(ms: number): void;
  /** The run's end (after it wrote the day's trigger minutes). */
  end(): void;
}

/** A trigger run's relay; `ask` makes its continuation (false: refused). */
export function relay(endsAt: number, ask: () => boolean): Relay {
  const cache = userCache();
  const startedAt = String(Date.now());
  // Whether a continuation was asked for (true: made; false: refused; null: not yet).
  let asked: boolean | null = null;
  try {
    cache?.put(RUNNING, startedAt, Math.ceil((endsAt - Date.now()) / 1000) + 60);
  } catch {
    // No mark: a continuation does not wait for this run's end.
  }
  const over = (waiting: boolean): boolean => {
    if (!cache) return false; // no way to hear of a continuation: ask as the run ends
    if (asked === null && waiting && Date.now() >= endsAt - EARLY_MS) asked = ask();
    return asked === true && Number(cache.get(TAKEN) ?? 0) > Number(startedAt);
  };
  return {
    endsAt,
    over,
    sleep(ms) {
      // `left` is taken before the cache read: Utilities.sleep refuses a negative time.
      const until = Date.now() + ms;
      for (let left = ms; left > 0 && !over(false); left = until - Date.now())
        gas().Utilities.sleep(Math.min(5000, left));
    },
    end() {
      try {
        if (cache?.get(RUNNING) === startedAt) cache.remove(RUNNING);
      } catch {
        // The mark expires by itself.
      }
    },
  };
}

/** A continuation starts: the run before it ends at its next look; wait for that end. */
export function takeOver(): void {
  const cache = userCache();
  if (!cache) return;
  const start = Date.now();
  try {
    cache.put(TAKEN, String(start), 600);
    while (Date.now() - start < WAIT_MS && Number(cache.get(RUNNING) ?? start) < start)
      gas().Utilities.sleep(2000);
  } catch {
    // The user cache refused: go on at once.
  }
}
