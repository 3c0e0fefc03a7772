/**
 * The spreadsheet as Sheets keeps it: tabs of cells holding a literal or a formula, and for
 * formula cells their last outcome (a value, a spilled 2-D array, an error, or Loading...).
 * Writes are whole-cell contents (what `setValues`/`setFormulas` store); recalculation lives
 * in recalc.ts. Values cross to the executions as JSON, so a date is `{ date: iso }`.
 */
import { boxA1, type Box } from "./a1";
import { typedCell } from "../fakes";

export type CellValue = string | number | boolean | { readonly date: string };

/** What a formula cell shows. */
export type Outcome =
  | { readonly kind: "loading" }
  | { readonly kind: "value"; readonly value: CellValue | CellValue[][] }
  | { readonly kind: "error"; readonly code: string; readonly message: string };

/** A cell's stored content: a formula or a literal. `null` clears it. */
export type Content = { readonly formula: string } | { readonly value: CellValue };

export interface Cell {
  formula?: string;
  value?: CellValue;
  outcome?: Outcome;
  /** Formula + argument values of the last finished run (Sheets' memo); gone with the formula. */
  memo?: string;
  /** Formula + argument values of the run in flight. */
  running?: string;
}

export const LOADING_TEXT = "Loading...";

/** A value read from a cell: a value, or the error/loading state that stops a dependant. */
export type Read =
  | { readonly kind: "value"; readonly value: CellValue }
  | { readonly kind: "loading" }
  | { readonly kind: "error"; readonly code: string; readonly message: string };

/** A conditional format rule as the sheet keeps it: a custom formula, a fill, its ranges. */
export interface SimRule {
  readonly formula: string;
  readonly background: string | null;
  readonly ranges: readonly Box[];
}

/**
 * A sheet's cells by "row,column" that index their formula cells as they are put: recalculation
 * visits only formula cells, and a read of an empty cell looks only at array origins (both
 * scanned every cell per pass or per read: quadratic in a 10,000-row team workbook). A cell's
 * formula never changes in place (store puts a new cell); its outcome does, so whoever sets an
 * array outcome, or replaces one, calls `arraysChanged()`.
 */
class SimCells extends Map<string, Cell> {
  private formulaKeys = new Set<string>();
  private sortedFormulas: Array<[number, number, Cell, string]> | null = null;
  private origins: Array<[number, number, CellValue[][]]> | null = null;
  // Filled after the fields are set (Map's own constructor would put them before).
  constructor(cells?: Iterable<readonly [string, Cell]>) {
    super();
    for (const [k, v] of cells ?? []) this.set(k, v);
  }
  override set(k: string, cell: Cell): this {
    const before = super.get(k);
    if (before?.formula !== undefined || cell.formula !== undefined) this.sortedFormulas = null;
    if (spillArray(before) || spillArray(cell)) this.origins = null;
    if (cell.formula !== undefined) this.formulaKeys.add(k);
    else this.formulaKeys.delete(k);
    return super.set(k, cell);
  }
  override delete(k: string): boolean {
    const before = super.get(k);
    if (before?.formula !== undefined) this.sortedFormulas = null;
    if (spillArray(before)) this.origins = null;
    this.formulaKeys.delete(k);
    return super.delete(k);
  }
  override clear(): void {
    super.clear();
    this.formulaKeys.clear();
    this.sortedFormulas = null;
    this.origins = null;
  }
  /** A formula cell's outcome became an array or stopped being one. */
  arraysChanged(): void {
    this.origins = null;
  }
  /** Formula cells in row-major order, with their "row,column" key. */
  formulas(): ReadonlyArray<readonly [number, number, Cell, string]> {
    if (!this.sortedFormulas) {
      this.sortedFormulas = [...this.formulaKeys]
        .map((k): [number, number, Cell, string] => {
          const [r, c] = k.split(",").map(Number) as [number, number];
          return [r, c, super.get(k) as Cell, k];
        })
        .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    }
    return this.sortedFormulas;
  }
  /** Cells whose outcome is a spilled array, with it. */
  arrayOrigins(): ReadonlyArray<readonly [number, number, CellValue[][]]> {
    if (!this.origins) {
      this.origins = [];
      for (const [r, c, cell] of this.formulas()) {
        const a = spillArray(cell);
        if (a) this.origins.push([r, c, a]);
      }
    }
    return this.origins;
  }
}

export class SimSheet {
  readonly cells = new SimCells();
  readonly notes = new Map<string, string>();
  readonly formats = new Map<string, string>();
  rules: SimRule[] = [];
  hidden = false;
  frozenRows = 0;
  /** Sheet.setColumnWidth's widths in pixels by column (1-based); none: Sheets' 100 px. */
  readonly columnWidths = new Map<number, number>();
  /** Sheet.getSheetId: the first sheet's is 0 (gid=0), later ones other numbers, kept on rename. */
  constructor(
    public name: string,
    readonly id = 0,
  ) {}

  cell(row: number, col: number): Cell | undefined {
    return this.cells.get(`${row},${col}`);
  }
  /** Cells in row-major order (recalculation visits them so). */
  entries(): Array<[number, number, Cell]> {
    return this.unordered().sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  }
  /** Cells in no particular order: for what does not depend on it (sorting cost CI minutes). */
  unordered(): Array<[number, number, Cell]> {
    return [...this.cells].map(([k, c]): [number, number, Cell] => {
      const [r, col] = k.split(",").map(Number) as [number, number];
      return [r, col, c];
    });
  }
  lastRow(): number {
    let last = 0;
    for (const k of this.cells.keys()) last = Math.max(last, Number(k.slice(0, k.indexOf(","))));
    for (const [r, , a] of this.cells.arrayOrigins()) last = Math.max(last, r + a.length - 1);
    return last;
  }
  lastColumn(): number {
    let last = 0;
    for (const k of this.cells.keys()) last = Math.max(last, Number(k.slice(k.indexOf(",") + 1)));
    for (const [, c, a] of this.cells.arrayOrigins())
      last = Math.max(last, c + Math.max(1, ...a.map((r) => r.length)) - 1);
    return last;
  }
}

function spillArray(cell: Cell | undefined): CellValue[][] | null {
  const o = cell?.outcome;
  return o?.kind === "value" && Array.isArray(o.value) ? o.value : null;
}
/**
 * How setValues stores one value in a cell of number format `format` (numbers from numeric
 * text, "=..." a formula; a Plain text "@" cell keeps text as given).
 */
export function contentOfValue(v: unknown, format?: string): Content | null {
  if (v !== null && typeof v === "object" && "date" in v) return { value: v as CellValue };
  const typed = typedCell(v, format);
  if (!typed) return null;
  if (typed.kind !== "formula") return { value: typed.value };
  // Sheets stores "+A1" typed as "=+A1" (and so on for - and @).
  const text = String(typed.value);
  return { formula: text.startsWith("=") ? text : `=${text}` };
}

/** The spreadsheet: tabs by name, plus what every formula cell ever showed. */
export class SimBook {
  readonly sheets: SimSheet[] = [new SimSheet("Sheet1")];
  timeZone = "Etc/UTC";
  /**
   * What getNumberFormats gives for a cell nobody formatted: Google does not say (FAKES.md
   * S-U14); "General" by default, "" or "0.###############" as users report.
   */
  automaticFormat = "General";
  /**
   * Strict mode: Sheets keeps a custom function's memo (by formula and inputs) across a clear,
   * so clear + flush + set back shows the old result and runs nothing (not documented either way).
   */
  keepMemoOnClear = false;
  private readonly cleared = new Map<string, Cell>();
  /** The next inserted sheet's id (Google's are random positive integers; any unique will do). */
  private nextSheetId = 1_000_001;
  constructor(
    readonly id = "doc-1",
    public name = "Untitled spreadsheet",
  ) {}

  sheet(name: string): SimSheet {
    const s = this.sheets.find((t) => t.name === name);
    if (!s) throw new Error(`Sheet ${name} not found`);
    return s;
  }
  findSheet(name: string): SimSheet | null {
    return this.sheets.find((t) => t.name === name) ?? null;
  }
  insertSheet(name: string): SimSheet {
    if (this.findSheet(name))
      throw new Error(`A sheet with the name "${name}" already exists. Please enter another name.`);
    const s = new SimSheet(name, this.nextSheetId++);
    this.sheets.push(s);
    return s;
  }
  deleteSheet(name: string): void {
    if (this.sheets.length === 1) throw new Error("You can't remove all the sheets in a document.");
    this.sheets.splice(this.sheets.indexOf(this.sheet(name)), 1);
  }

  /**
   * Sheet.deleteRows: `count` rows from `row` (1-based) go with their contents, notes and
   * formats; rows below move up, and conditional-format ranges with them. Not modelled:
   * formulas' references are not rewritten (the add-in deletes only rows it asked about).
   */
  deleteRows(sheet: string, row: number, count: number): void {
    const tab = this.sheet(sheet);
    if (!Number.isInteger(row) || !Number.isInteger(count) || row < 1 || count < 1)
      throw new Error("Exception: Those rows are out of bounds.");
    const move = <V>(map: Map<string, V>): void => {
      const kept = [...map].flatMap(([k, v]) => {
        const [r, c] = k.split(",").map(Number) as [number, number];
        if (r >= row && r < row + count) return [];
        return [[r >= row + count ? `${r - count},${c}` : k, v] as const];
      });
      map.clear();
      for (const [k, v] of kept) map.set(k, v);
    };
    move(tab.cells);
    move(tab.notes);
    move(tab.formats);
    if (tab.frozenRows >= row) tab.frozenRows = Math.max(row - 1, tab.frozenRows - count);
    tab.rules = tab.rules.map((rule) => ({
      ...rule,
      ranges: rule.ranges.map((b) => {
        const end = b.row + b.rows - 1;
        const gone = Math.max(0, Math.min(end, row + count - 1) - Math.max(b.row, row) + 1);
        const top = b.row < row ? b.row : b.row >= row + count ? b.row - count : row;
        return { ...b, row: top, rows: Math.max(1, b.rows - gone) };
      }),
    }));
  }

  /** Store contents (null clears); returns the cells whose formula text changed. */
  store(
    sheet: string,
    writes: ReadonlyArray<[number, number, Content | null]>,
  ): Array<[number, number]> {
    const tab = this.sheet(sheet);
    const changed: Array<[number, number]> = [];
    for (const [row, col, content] of writes) {
      const key = `${row},${col}`;
      const before = tab.cells.get(key);
      const formula = content && "formula" in content ? content.formula : undefined;
      if (!content) {
        if (before?.formula !== undefined && before.memo !== undefined && this.keepMemoOnClear)
          this.cleared.set(`${sheet}!${key}`, { ...before, running: undefined });
        if (before) tab.cells.delete(key);
        if (before?.formula !== undefined) changed.push([row, col]);
        continue;
      }
      if (formula !== undefined) {
        if (before?.formula === formula) continue; // the same text again changes nothing
        const ghost = this.cleared.get(`${sheet}!${key}`);
        this.cleared.delete(`${sheet}!${key}`);
        if (ghost?.formula === formula) tab.cells.set(key, ghost);
        else tab.cells.set(key, { formula, outcome: { kind: "loading" } });
        changed.push([row, col]);
      } else {
        tab.cells.set(key, { value: (content as { value: CellValue }).value });
        if (before?.formula !== undefined) changed.push([row, col]);
      }
    }
    return changed;
  }

  /**
   * The origin whose spilled array covers (row, col), if any and not blocked: the first in
   * row-major order. Every read of an empty cell asks, so only the sheet's indexed array origins
   * are looked at (a sort of every cell per read was 2/3 of the fill-down suite's CPU; a scan of
   * every cell per read made a 10,000-row read quadratic).
   */
  private spillAt(tab: SimSheet, row: number, col: number): CellValue | undefined {
    let found: { r: number; c: number; v: CellValue } | undefined;
    for (const [r, c, a] of tab.cells.arrayOrigins()) {
      if (r > row || c > col || (found && (found.r < r || (found.r === r && found.c < c))))
        continue;
      const v = a[row - r]?.[col - c];
      if (v !== undefined && !this.blocker(tab, r, c)) found = { r, c, v };
    }
    return found?.v;
  }

  /** The first cell with content inside an origin's spill area, which blocks the spill. */
  blocker(tab: SimSheet, row: number, col: number): string | null {
    const a = spillArray(tab.cell(row, col));
    if (!a) return null;
    for (let i = 0; i < a.length; i++)
      for (let j = 0; j < (a[i]?.length ?? 0); j++) {
        if (i === 0 && j === 0) continue;
        if (tab.cell(row + i, col + j))
          return boxA1({ sheet: tab.name, row: row + i, col: col + j, rows: 1, cols: 1 });
      }
    return null;
  }

  /** What a cell holds now, for a dependant or a read. */
  read(sheet: string, row: number, col: number): Read {
    const tab = this.sheet(sheet);
    const cell = tab.cell(row, col);
    if (!cell) return { kind: "value", value: this.spillAt(tab, row, col) ?? "" };
    if (cell.formula === undefined) return { kind: "value", value: cell.value ?? "" };
    const o = cell.outcome ?? { kind: "loading" };
    if (o.kind !== "value") return o;
    if (!Array.isArray(o.value)) return { kind: "value", value: o.value };
    const blocked = this.blocker(tab, row, col);
    if (blocked)
      return {
        kind: "error",
        code: "#REF!",
        message: `Array result was not expanded because it would overwrite data in ${blocked}.`,
      };
    return { kind: "value", value: o.value[0]?.[0] ?? "" };
  }

  /** getValues(): errors and Loading... read as their text, as Sheets returns them. */
  values(box: Box): CellValue[][] {
    return this.grid(box, (r, c) => {
      const v = this.read(box.sheet, r, c);
      return v.kind === "value" ? v.value : v.kind === "error" ? v.code : LOADING_TEXT;
    });
  }

  /** getDisplayValues(): text as shown (numbers as typed, no number formats modelled). */
  displayValues(box: Box): string[][] {
    return this.values(box).map((row) =>
      row.map((v) =>
        typeof v === "object"
          ? v.date
          : typeof v === "boolean"
            ? String(v).toUpperCase()
            : String(v),
      ),
    );
  }

  /** getFormulas(): the formula text, "" for literals and empty cells. */
  formulas(box: Box): string[][] {
    return this.grid(box, (r, c) => this.sheet(box.sheet).cell(r, c)?.formula ?? "");
  }

  grid<T>(box: Box, at: (row: number, col: number) => T): T[][] {
    return Array.from({ length: box.rows }, (_, i) =>
      Array.from({ length: box.cols }, (_, j) => at(box.row + i, box.col + j)),
    );
  }

  /** What a formula cell shows, as one value for the history (errors as "#ERROR! message"). */
  shown(sheet: string, row: number, col: number): unknown {
    const cell = this.sheet(sheet).cell(row, col);
    if (!cell || cell.formula === undefined) return undefined;
    const o = cell.outcome ?? { kind: "loading" };
    if (o.kind === "loading") return LOADING_TEXT;
    if (o.kind === "error") return `${o.code} ${o.message}`;
    const read = this.read(sheet, row, col);
    if (read.kind === "error") return `${read.code} ${read.message}`;
    return o.value;
  }
}
