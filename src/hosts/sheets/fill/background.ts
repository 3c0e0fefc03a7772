/**
 * A background trigger run is a list of clients, each given a share of the run's time. An
 * editor add-on gets ONE clock trigger per user per document (clock.ts), and every trigger run
 * (the edit trigger's, the clock's) is limited to 6 minutes and a daily total, so all long work
 * that goes on with the sidebar closed shares the same runs: the formula-cell filler first,
 * then whatever else plugs in below (fill/README.md, "Background clients").
 *
 * A client's `run` works in one spreadsheet until the time given and says whether it has
 * nothing left there; `pending` (optional, cheap) lets a client with nothing to do give its
 * share to the others. The run keeps asking for the next clock run while any client says it
 * has work left.
 */
import type { CacheLike, SpreadsheetLike } from "../stores/gas";
import type { TriggerRun } from "../stores/triggerDay";
import type { Relay } from "./relay";
import { fillerClient } from "./fillClient";
import { tableJobsClient } from "../refresh/jobsClient";

/** One spreadsheet, as a trigger run hands it to each client. */
export interface BackgroundDoc {
  readonly id: string;
  readonly book: SpreadsheetLike;
  /**
   * The document cache: present where the document is open (the edit trigger's run, the
   * sidebar), null in a clock trigger's run (no document open).
   */
  readonly cache: CacheLike | null;
  /** The day's trigger minutes and re-runs (stores/triggerDay.ts); null: not a trigger run. */
  readonly run: TriggerRun | null;
  /** The hand-over to the next clock run (relay.ts); null: none. */
  readonly relay: Relay | null;
  /** Is a clock run known to go on after this one (a continuation seen to start on time)? */
  readonly continued: boolean;
}

export interface BackgroundClient {
  readonly name: string;
  /** Has this client work in the spreadsheet? Absent: assume so. */
  readonly pending?: (doc: BackgroundDoc) => boolean;
  /** Work until `until` (ms); true when nothing is left for it in this spreadsheet. */
  readonly run: (doc: BackgroundDoc, until: number) => boolean;
}

/**
 * Run the clients in order until `end`: each with work gets an equal share of the time left
 * when its turn comes (a client that finishes early leaves its rest to those after it).
 * Returns true when no client has work left in this spreadsheet. A client that throws counts
 * as having work left (its next run tries again); the others still get their turn.
 */
export function runClients(
  clients: readonly BackgroundClient[],
  doc: BackgroundDoc,
  end: number,
): boolean {
  const busy = clients.filter((c) => {
    try {
      return c.pending?.(doc) ?? true;
    } catch {
      return true;
    }
  });
  let done = true;
  busy.forEach((client, i) => {
    const until = Date.now() + (end - Date.now()) / (busy.length - i);
    try {
      if (!client.run(doc, until)) done = false;
    } catch {
      done = false;
    }
  });
  return done;
}

/**
 * Every trigger run's clients, in order. The filler comes first: a seller waits on those
 * cells. Then the resumable table jobs (refresh/jobsClient.ts: imports, pricing builds,
 * refreshes), each step ending within the share it is given and leaving the key's quota its
 * room for cells (core/schedule/jobShare.ts).
 */
export const BACKGROUND_CLIENTS: readonly BackgroundClient[] = [fillerClient, tableJobsClient];
