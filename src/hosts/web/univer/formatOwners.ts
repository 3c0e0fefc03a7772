/**
 * Which formula answer owns which cell's number format, in one sheet. A cell gets a format only
 * while an answer owns it: a table that is blocked (#SPILL!), moved or removed gives its cells'
 * formats back (issue 35: a blocked table's "0.00%" turned a later answer's Commission fee
 * into "-581.00%"), and a format the seller chose is never taken. Kept with the sheet (its
 * metadata), so a reload still knows whose formats the cells hold.
 */

/** A cell's number format as the sheet holds it; "" where it has none of its own. */
export interface FormatGrid {
  formatAt(row: number, col: number): string;
  /** Set formats (null: back to the automatic one), in one change. */
  setFormats(
    cells: ReadonlyArray<readonly [row: number, col: number, format: string | null]>,
  ): void;
}

/** The formats an answer wants, by offset from its cell; "" for a cell that wants none. */
export type WantedFormats = ReadonlyArray<readonly [row: number, col: number, format: string]>;

/** Formats a cell has when nobody chose one. */
const AUTOMATIC = new Set(["", "General"]);

/** An anchor's owned cells as stored: the formats used, and per cell [row, col, format index]. */
interface Stored {
  readonly p: string[];
  readonly c: Array<[number, number, number]>;
}
export type SavedOwners = Record<string, Stored>;

const key = (row: number, col: number): string => `${row},${col}`;
const place = (k: string): [number, number] => k.split(",").map(Number) as [number, number];

export class FormatOwners {
  /** anchor -> (cell -> the format this page set there). */
  private readonly owned = new Map<string, Map<string, string>>();
  /** cell -> its anchor. */
  private readonly ownerOf = new Map<string, string>();

  constructor(saved: SavedOwners | null = null) {
    for (const [anchor, s] of Object.entries(saved ?? {})) {
      if (!Array.isArray(s?.p) || !Array.isArray(s?.c)) continue;
      const cells = new Map<string, string>();
      for (const [r, c, i] of s.c) {
        const format = s.p[i];
        if (typeof format === "string" && Number.isInteger(r) && Number.isInteger(c))
          cells.set(key(r, c), format);
      }
      this.owned.set(anchor, cells);
      for (const cell of cells.keys()) this.ownerOf.set(cell, anchor);
    }
  }

  /** The anchors ("row,col") that own formats now. */
  anchors(): Array<[number, number]> {
    return [...this.owned.keys()].map(place);
  }

  /** True when `format` at the cell is one the page set there (or it is automatic). */
  private ours(grid: FormatGrid, cell: string): boolean {
    const [r, c] = place(cell);
    const now = grid.formatAt(r, c);
    if (AUTOMATIC.has(now)) return true;
    const anchor = this.ownerOf.get(cell);
    return anchor !== undefined && this.owned.get(anchor)?.get(cell) === now;
  }

  /**
   * The answer at (row, col) now shows `wanted`: its cells take their formats (where no seller
   * format is there), cells it no longer covers and cells of it wanting none give back any
   * format this page left on them. Returns the cells changed.
   */
  claim(grid: FormatGrid, row: number, col: number, wanted: WantedFormats): number {
    const anchor = key(row, col);
    const before = this.owned.get(anchor) ?? new Map<string, string>();
    const next = new Map<string, string>();
    const changes: Array<[number, number, string | null]> = [];
    const covered = new Set<string>();
    for (const [dr, dc, format] of wanted) {
      const cell = key(row + dr, col + dc);
      covered.add(cell);
      const [r, c] = place(cell);
      const now = grid.formatAt(r, c);
      if (!this.ours(grid, cell)) continue; // the seller's own format stays
      if (format === "") {
        if (!AUTOMATIC.has(now)) changes.push([r, c, null]);
        this.disown(cell);
        continue;
      }
      if (now !== format) changes.push([r, c, format]);
      this.disown(cell);
      next.set(cell, format);
    }
    for (const [cell, format] of before)
      if (!covered.has(cell)) {
        const [r, c] = place(cell);
        if (grid.formatAt(r, c) === format) changes.push([r, c, null]);
        if (this.ownerOf.get(cell) === anchor) this.ownerOf.delete(cell);
      }
    this.owned.delete(anchor);
    if (next.size > 0) {
      this.owned.set(anchor, next);
      for (const cell of next.keys()) this.ownerOf.set(cell, anchor);
    }
    if (changes.length > 0) grid.setFormats(changes);
    return changes.length;
  }

  /** The answer at (row, col) is gone or blocked: its cells give their formats back. */
  release(grid: FormatGrid, row: number, col: number): number {
    return this.claim(grid, row, col, []);
  }

  private disown(cell: string): void {
    const anchor = this.ownerOf.get(cell);
    if (anchor === undefined) return;
    this.owned.get(anchor)?.delete(cell);
    if (this.owned.get(anchor)?.size === 0) this.owned.delete(anchor);
    this.ownerOf.delete(cell);
  }

  /** What the sheet keeps: per anchor, its formats and cells. */
  toJSON(): SavedOwners {
    const out: SavedOwners = {};
    for (const [anchor, cells] of this.owned) {
      const p: string[] = [];
      const c: Array<[number, number, number]> = [];
      for (const [cell, format] of cells) {
        let i = p.indexOf(format);
        if (i < 0) i = p.push(format) - 1;
        const [r, col] = place(cell);
        c.push([r, col, i]);
      }
      out[anchor] = { p, c };
    }
    return out;
  }
}
