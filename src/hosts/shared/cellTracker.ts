/**
 * Which formula cells (by their invocation address) asked which API calls, and how each cell's
 * last run ended, so a refresh re-runs exactly the cells in its scope: the selection, a sheet,
 * the workbook, the cells showing an error, or the cells whose answers are older than the
 * cache time. Kept in the runtime's memory: after a reload Excel recalculates what it must.
 */
import type { ApiCall } from "../../core/effects";
import { parseRangeAddress, type RangeBox } from "../../imports/rangeAddress";

/** What the add-in knows about one formula cell. */
export interface TrackedCell {
  /** "Sheet1!B7", as Excel gave it. */
  readonly address: string;
  readonly sheet: string;
  readonly row: number;
  readonly column: number;
  /** The calls its last run asked for. */
  readonly calls: readonly ApiCall[];
  /** Its last run showed an error. */
  readonly failed: boolean;
  /** Still running (not settled, not cancelled). */
  readonly running: boolean;
}

/** The formula cells of this runtime (see the file comment). */
export class CellTracker {
  private readonly cells = new Map<string, TrackedCell>();
  /** Runs per address, newest last: a cancelled run must not overwrite its restart. */
  private readonly runs = new Map<string, number>();

  /** A run of the cell at `address` starts; returns its token. */
  start(address: string): number {
    const box = cellBox(address);
    const token = (this.runs.get(address) ?? 0) + 1;
    this.runs.set(address, token);
    if (!box) return token;
    this.cells.set(address, {
      address,
      sheet: box.sheet,
      row: box.r0,
      column: box.c0,
      calls: [],
      failed: this.cells.get(address)?.failed ?? false,
      running: true,
    });
    return token;
  }

  /** The run asked for this call. */
  called(address: string, token: number, call: ApiCall): void {
    const cell = this.cells.get(address);
    if (!cell || this.runs.get(address) !== token) return;
    this.cells.set(address, { ...cell, calls: [...cell.calls, call] });
  }

  /** The run ended (a cancelled run ends with nothing to say). */
  settled(address: string, token: number, failed: boolean): void {
    const cell = this.cells.get(address);
    if (!cell || this.runs.get(address) !== token) return;
    this.cells.set(address, { ...cell, failed, running: false });
  }

  /** How many runs of the cell at `address` started (a refresh tells a re-run by it). */
  runsOf(address: string): number {
    return this.runs.get(address) ?? 0;
  }

  /** Every tracked cell. */
  all(): TrackedCell[] {
    return [...this.cells.values()];
  }

  /** Cells on a sheet. */
  onSheet(sheet: string): TrackedCell[] {
    return this.all().filter((c) => c.sheet === sheet);
  }

  /** Cells inside a range such as "Sheet1!A1:C20". */
  within(rangeAddress: string): TrackedCell[] {
    let box: RangeBox;
    try {
      box = parseRangeAddress(rangeAddress);
    } catch {
      return [];
    }
    return this.all().filter(
      (c) =>
        c.sheet === box.sheet &&
        c.row >= box.r0 &&
        c.row <= box.r1 &&
        c.column >= box.c0 &&
        c.column <= box.c1,
    );
  }
}

function cellBox(address: string): RangeBox | null {
  try {
    return parseRangeAddress(address);
  } catch {
    return null;
  }
}
