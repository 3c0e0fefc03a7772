/**
 * "Keep a snapshot" as a job: one step that appends the table's key figures, dated, to the
 * History sheet (history.ts), so it is resumed, listed and shown like any long work. It asks
 * the API nothing; its one write is linear in the table's rows and the History kept.
 */
import { parseTableRecord } from "../../imports/managedTable";
import { keepSnapshot } from "../history";
import { io } from "../op";
import type { JobKind } from "./jobKind";

export interface SnapshotState {
  readonly sheetName: string;
}

export const snapshotJob: JobKind<{ sheetName: string }, SnapshotState> = {
  *begin(p, input) {
    const sheetName = String(input.sheetName);
    // Said at once, before a job exists: the sheet must be a table the add-in keeps.
    if (!parseTableRecord(yield* io(() => p.tables.readRecord(sheetName))))
      throw new Error(
        `${sheetName} is not a table the add-in keeps by product: import into it first, then keep a snapshot`,
      );
    return { state: { sheetName }, title: `Snapshot of ${sheetName}`, sheet: null };
  },
  // eslint-disable-next-line require-yield -- a kind's answer is an Op; this one reads nothing
  *answer() {
    return null;
  },
  *step(p, s) {
    return { kind: "done", result: yield* keepSnapshot(p, s.sheetName) };
  },
  left: () => ({ requests: 0, writes: 1, rows: 0, rowsWritten: 0, planned: true }),
  doing: (s) => `keeping ${s.sheetName}'s figures in Price history`,
  *drop() {
    // Nothing to undo: a snapshot is written whole or not at all.
  },
};
