/**
 * Cells that ask again by themselves (Excel and the web demo; Sheets never re-runs a cell by
 * itself, so it has none of this). A cell whose run failed for a passing reason (no answer in
 * time, no connection, an HTTP 5xx) is re-run by the host at the start of a minute 1, 2 and 4
 * minutes on, and its message says at what time; after the third it says so and where to
 * refresh. The cells due in one minute re-run together: one goes first, and the others follow
 * when it settles. If it failed for a passing reason again they take its error at once without
 * asking (the API is still away), so a round costs one request while it is down, and the
 * scheduler's 60 a minute holds whatever the round asks once it is back.
 */
import { askedAgain, asksAgainAt } from "../../core/schedule/reaskWords";
import type { AsyncClock } from "../../core/clock";
import { ApiError, isApiError } from "../../core/errors";

/** Waits before the 1st, 2nd and 3rd re-ask (each rounded up to the start of a minute). */
export const REASK_DELAYS_MS: readonly number[] = [60_000, 120_000, 240_000];

/** The probe of a round that never settles (its formula was deleted) frees the others after this. */
const PROBE_WAIT_MS = 120_000;

/** Re-run the formula cells at these addresses ("Sheet1!B7"), as the host's refresh does. */
export type Rerun = (addresses: readonly string[]) => unknown;

interface Asking {
  /** Re-asks done so far. */
  asked: number;
  /** When the next is due, or null while it runs. */
  dueAt: number | null;
  /** The next run of the cell is ours, not the seller's. */
  ours: boolean;
  /** Ours and the round's first cell failed again: show its error without asking. */
  held?: ApiError | undefined;
}

/** A failure worth asking again after a while (not a cancel, not a wrong argument or key). */
export function isPassing(error: unknown): error is ApiError {
  return (
    isApiError(error) &&
    error.retryable &&
    (error.code === "NETWORK" || error.code === "TIMEOUT" || error.code === "SERVER")
  );
}

/** "09:05" on the runtime's own clock (the seller's time zone). */
export function clockTime(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
}

/** What happened, without the advice a core message ends with. */
function causeOf(message: string): string {
  return message.replace(/: (?:in a minute|check your connection)[\s\S]*$/, "");
}

/** The re-asks of one runtime's formula cells (see the file comment). */
export class CellReasker {
  private readonly cells = new Map<string, Asking>();
  private rerun: Rerun | null = null;
  private wakeAt: number | null = null;
  private round: { first: string; rest: string[] } | null = null;

  constructor(private readonly clock: AsyncClock) {}

  /** The host's way to re-run cells; until it is given, cells keep their plain message. */
  attach(rerun: Rerun): void {
    this.rerun = rerun;
  }

  /** Cells waiting for a re-ask (the tests, the pane). */
  waiting(): number {
    return [...this.cells.values()].filter((c) => c.dueAt !== null).length;
  }

  /**
   * A run of the cell starts. The seller's own (an edit, a refresh) starts its count afresh;
   * ours goes on counting. Returns the error to show at once when the round's first cell
   * just failed again.
   */
  started(address: string): ApiError | null {
    const asking = this.cells.get(address);
    if (!asking) return null;
    if (!asking.ours) {
      this.cells.delete(address);
      return null;
    }
    asking.ours = false;
    const held = asking.held;
    asking.held = undefined;
    return held ?? null;
  }

  /**
   * The run ended: `error` is what it threw (null: it showed a value). Returns the error the
   * cell shows instead, saying when it asks again (or that it asked enough), or null.
   */
  settled(address: string, error: unknown): ApiError | null {
    this.roundSettled(address, error);
    const asking = this.cells.get(address);
    if (!this.rerun || !isPassing(error)) {
      this.cells.delete(address);
      return null;
    }
    const asked = asking?.asked ?? 0;
    const cause = causeOf(error.message);
    const delay = REASK_DELAYS_MS[asked];
    if (delay === undefined) {
      this.cells.delete(address);
      return error.withMessage(askedAgain(cause, asked));
    }
    const now = this.clock.now();
    const dueAt = Math.ceil((now + delay) / 60_000) * 60_000;
    this.cells.set(address, { asked, dueAt, ours: false });
    this.wakeFor(dueAt);
    return error.withMessage(
      asksAgainAt(cause, clockTime(dueAt), asked + 1, REASK_DELAYS_MS.length),
    );
  }

  private wakeFor(at: number): void {
    if (this.wakeAt !== null && this.wakeAt <= at) return;
    this.wakeAt = at;
    void this.clock.sleep(at - this.clock.now()).then(() => {
      if (this.wakeAt !== at) return; // an earlier wake took over
      this.wakeAt = null;
      this.due();
    });
  }

  /** Re-run the cells due now: the first alone, the others when it settles. */
  private due(): void {
    const now = this.clock.now();
    const due: string[] = [];
    let next: number | null = null;
    for (const [address, asking] of this.cells) {
      if (asking.dueAt === null) continue;
      if (asking.dueAt <= now) due.push(address);
      else next = Math.min(next ?? asking.dueAt, asking.dueAt);
    }
    if (next !== null) this.wakeFor(next);
    const [first, ...rest] = due;
    if (first === undefined) return;
    if (this.round) rest.push(...this.round.rest); // a round left hanging joins this one
    this.round = { first, rest };
    this.go([first], undefined);
    void this.clock.sleep(PROBE_WAIT_MS).then(() => {
      if (this.round?.first === first) this.roundSettled(first, null);
    });
  }

  /** The round's first cell settled: the others go, with its error if it failed again. */
  private roundSettled(address: string, error: unknown): void {
    const round = this.round;
    if (!round || round.first !== address) return;
    this.round = null;
    this.go(round.rest, isPassing(error) ? error : undefined);
  }

  private go(addresses: readonly string[], held: ApiError | undefined): void {
    const mine = addresses.filter((a) => this.cells.has(a));
    for (const a of mine) {
      const asking = this.cells.get(a) as Asking;
      asking.asked++;
      asking.dueAt = null;
      asking.ours = true;
      asking.held = held;
    }
    if (mine.length > 0) void Promise.resolve(this.rerun?.(mine)).catch(() => undefined);
  }
}
