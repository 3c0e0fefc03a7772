/**
 * The web demo's spreadsheet: named sheets in memory that keep Google Sheets' typing rules
 * (a string starting with = becomes a formula, a leading apostrophe keeps text literal,
 * number-like text becomes a number), so the demo and its browser tests catch what would
 * go wrong in a real sheet. Imports are staged on a hidden sheet and swapped in whole.
 */
import type { Cell } from "../../functions/cells";
import { WRITE_CHUNK_ROWS, chunkRows, sheetsCell } from "../../imports/cellText";
import { parseRangeAddress } from "../../imports/rangeAddress";
import type { ImportTable } from "../../imports/table";
import { NUMBER_FORMATS, importNote } from "../../imports/table";
import type { SelectionView } from "../../ui/bridge";
import type { WorkbookSurface } from "../shared/asyncBridge";

/** What a cell holds after a write, as Sheets would read the input. */
export interface StoredCell {
  readonly kind: "empty" | "text" | "number" | "boolean" | "date" | "formula";
  /** What the cell shows (formulas show their text: the demo does not calculate). */
  readonly value: string | number | boolean;
}

/** One sheet. */
export interface InPageSheet {
  name: string;
  hidden: boolean;
  cells: StoredCell[][];
  /** Number format per column. */
  formats: string[];
  frozenRows: number;
  note: string | null;
  /** setValues calls made on this sheet (one per chunk, never one per cell). */
  writeCalls: number;
}

const EMPTY: StoredCell = { kind: "empty", value: "" };
const NUMBER_LIKE = /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i;

/** Read one written value the way Sheets' setValues does. */
export function storedCell(input: Cell): StoredCell {
  if (input instanceof Date) return { kind: "date", value: input.toISOString() };
  if (typeof input === "number") return { kind: "number", value: input };
  if (typeof input === "boolean") return { kind: "boolean", value: input };
  if (input === "") return EMPTY;
  if (input.startsWith("'")) return { kind: "text", value: input.slice(1) };
  if (input.startsWith("=")) return { kind: "formula", value: input };
  if (NUMBER_LIKE.test(input)) return { kind: "number", value: Number(input) };
  return { kind: "text", value: input };
}

/** "B3" -> [row 2, col 1]; "A1:C4" ranges via parseRange. */
export function parseA1(a1: string): [number, number] {
  const m = /^([A-Z]+)(\d+)$/.exec(a1.trim().toUpperCase());
  if (!m) throw new Error(`Not a cell address: ${a1}`);
  let col = 0;
  for (const ch of m[1] ?? "") col = col * 26 + (ch.charCodeAt(0) - 64);
  return [Number(m[2]) - 1, col - 1];
}

/** Column index -> letters (0 -> A). */
export function columnLetters(col: number): string {
  let n = col + 1;
  let out = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

export interface Selection {
  sheet: string;
  r0: number;
  c0: number;
  r1: number;
  c1: number;
}

/** The demo workbook. */
export class InPageWorkbook implements WorkbookSurface {
  readonly sheets = new Map<string, InPageSheet>();
  private readonly documentValues = new Map<string, string>();
  private readonly listeners = new Set<() => void>();
  selection: Selection = { sheet: "Sheet1", r0: 0, c0: 0, r1: 0, c1: 0 };

  constructor() {
    this.sheet("Sheet1");
  }

  /** Be told after every change (the grid view re-renders). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }

  /** The sheet of this name, created when missing. */
  sheet(name: string): InPageSheet {
    let s = this.sheets.get(name);
    if (!s) {
      s = { name, hidden: false, cells: [], formats: [], frozenRows: 0, note: null, writeCalls: 0 };
      this.sheets.set(name, s);
    }
    return s;
  }

  /** Sheets' Range.setValues on a rectangle starting at (row, col). */
  setValues(
    sheetName: string,
    row: number,
    col: number,
    values: readonly (readonly Cell[])[],
  ): void {
    const s = this.sheet(sheetName);
    s.writeCalls += 1;
    values.forEach((line, r) => {
      const target = (s.cells[row + r] ??= []);
      line.forEach((v, c) => {
        for (let k = target.length; k < col + c; k++) target[k] = EMPTY;
        target[col + c] = storedCell(v);
      });
    });
    this.changed();
  }

  async writeTable(sheetName: string, table: ImportTable): Promise<void> {
    // Stage everything on a hidden sheet first; the target changes only in the swap.
    const stagingName = `~staging ${sheetName}`;
    this.sheets.delete(stagingName);
    const staging = this.sheet(stagingName);
    staging.hidden = true;
    this.setValues(stagingName, 0, 0, [table.columns.map((c) => sheetsCell(c.header))]);
    let row = 1;
    for (const chunk of chunkRows(table.rows, WRITE_CHUNK_ROWS)) {
      this.setValues(
        stagingName,
        row,
        0,
        chunk.map((r) => r.map(sheetsCell)),
      );
      row += chunk.length;
    }
    staging.formats = table.columns.map((c) => NUMBER_FORMATS[c.format]);
    staging.frozenRows = 1;
    staging.note = importNote(table, table.rows.length);
    const target = this.sheet(sheetName);
    target.cells = staging.cells;
    target.formats = staging.formats;
    target.frozenRows = staging.frozenRows;
    target.note = staging.note;
    target.writeCalls += staging.writeCalls;
    this.sheets.delete(stagingName);
    this.changed();
  }

  async readSelection(): Promise<SelectionView> {
    const { sheet, r0, c0, r1, c1 } = this.selection;
    const s = this.sheet(sheet);
    const values: Cell[][] = [];
    for (let r = r0; r <= r1; r++) {
      const line: Cell[] = [];
      for (let c = c0; c <= c1; c++) {
        const cell = s.cells[r]?.[c] ?? EMPTY;
        line.push(cell.value);
      }
      values.push(line);
    }
    return {
      address: `${sheet}!${columnLetters(c0)}${r0 + 1}:${columnLetters(c1)}${r1 + 1}`,
      values,
    };
  }

  async writeBesideSelection(
    selection: SelectionView,
    values: Cell[][],
  ): Promise<{ address: string }> {
    // Beside the cells that were read: the seller may have selected elsewhere since.
    const { sheet, r0, c1 } = parseRangeAddress(selection.address);
    if (!this.sheets.has(sheet)) throw new Error(`The sheet ${sheet} is gone: nothing was written`);
    const width = Math.max(1, ...values.map((r) => r.length));
    let row = r0;
    for (const chunk of chunkRows(values, WRITE_CHUNK_ROWS)) {
      this.setValues(
        sheet,
        row,
        c1 + 1,
        chunk.map((r) => r.map(sheetsCell)),
      );
      row += chunk.length;
    }
    const end = `${columnLetters(c1 + width)}${r0 + values.length}`;
    return { address: `${sheet}!${columnLetters(c1 + 1)}${r0 + 1}:${end}` };
  }

  async insertFormula(formula: string): Promise<{ address: string }> {
    if (!formula.startsWith("=")) throw new Error("A formula starts with =");
    const { sheet, r0, c0 } = this.selection;
    this.setValues(sheet, r0, c0, [[formula]]);
    return { address: `${sheet}!${columnLetters(c0)}${r0 + 1}` };
  }

  async getDocumentValue(name: string): Promise<string | null> {
    return this.documentValues.get(name) ?? null;
  }

  async setDocumentValue(name: string, value: string): Promise<void> {
    this.documentValues.set(name, value);
  }

  /** Select a rectangle such as "A1:D20" on a sheet. */
  select(sheet: string, range: string): void {
    const [from, to] = range.split(":");
    const [r0, c0] = parseA1(from ?? "A1");
    const [r1, c1] = parseA1(to ?? from ?? "A1");
    this.sheet(sheet);
    this.selection = {
      sheet,
      r0: Math.min(r0, r1),
      c0: Math.min(c0, c1),
      r1: Math.max(r0, r1),
      c1: Math.max(c0, c1),
    };
    this.changed();
  }
}
