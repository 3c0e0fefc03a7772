/**
 * The slice of Univer's facade (FUniver, FWorkbook, FWorksheet, FRange) the web demo's
 * workbook code uses (src/hosts/web/univer/univerWorkbook.ts), in memory, for the seller-data
 * model's 10,000 sequences (the real engine costs about a millisecond a call). It keeps what
 * Univer 0.25.1 does where it bites, each read from the engine in Node
 * (test/model/webEngine.test.ts runs the same sequences on both and compares every step):
 *
 * - a sheet has a size (1,000 x 20 unless made otherwise); a range past it throws;
 * - `setValues` merges cell data: a null field clears that field, `{}` changes nothing, so a
 *   cleared value keeps its style; `clearContent` keeps styles, `clear` drops everything;
 * - `getLastRow` / `getLastColumn` count styled cells too, and are 0 on an empty sheet;
 * - `getValues` gives null for an empty cell;
 * - inserting or deleting a row or column moves the cells after it (and the sheet's size); an
 *   inserted one takes the style of the one before it (above, left);
 * - custom metadata belongs to the sheet: it stays through a rename.
 *
 * Formulas are not computed (the model's tables hold none); styles are kept as given.
 */
import type { ICellData } from "@univerjs/presets";
import { cellKey, moveKeys } from "../cellKeys";

type Data = ICellData & Record<string, unknown>;

export class FakeRange {
  constructor(
    private readonly sheet: FakeUniverSheet,
    private readonly row: number,
    private readonly col: number,
    private readonly rows: number,
    private readonly cols: number,
  ) {
    const [maxRows, maxCols] = [sheet.getMaxRows(), sheet.getMaxColumns()];
    if (row < 0 || col < 0 || row + rows > maxRows || col + cols > maxCols)
      throw new Error(
        `Range is out of bounds. Max rows: ${maxRows}, Max columns: ${maxCols}, Given range: ${JSON.stringify({ startRow: row, endRow: row + rows - 1, startColumn: col, endColumn: col + cols - 1 })}`,
      );
  }
  getRow = (): number => this.row;
  getColumn = (): number => this.col;
  getHeight = (): number => this.rows;
  getWidth = (): number => this.cols;
  private each<T>(f: (r: number, c: number) => T): T[][] {
    const out: T[][] = [];
    for (let i = 0; i < this.rows; i++) {
      const line: T[] = [];
      for (let j = 0; j < this.cols; j++) line.push(f(this.row + i, this.col + j));
      out.push(line);
    }
    return out;
  }

  setValues(values: readonly (readonly unknown[])[]): this {
    values.forEach((line, i) =>
      line.forEach((v, j) => {
        if (i >= this.rows || j >= this.cols) return;
        const data: Data =
          v !== null && typeof v === "object"
            ? (v as Data)
            : ({ v: v as string | number | boolean, t: typeof v === "number" ? 2 : 1 } as Data);
        this.sheet.merge(this.row + i, this.col + j, data);
      }),
    );
    return this;
  }
  setValue(v: unknown): this {
    return this.setValues([[v]]);
  }
  getValues(): unknown[][] {
    return this.each((r, c) => this.sheet.data(r, c)?.v ?? null);
  }
  getRawValues(): unknown[][] {
    return this.getValues();
  }
  getCellDatas(): (ICellData | null)[][] {
    return this.each((r, c) => {
      const d = this.sheet.data(r, c);
      return d ? { ...d } : null;
    });
  }
  getCellData(): ICellData | null {
    return this.getCellDatas()[0]?.[0] ?? null;
  }
  clear(): this {
    this.each((r, c) => this.sheet.drop(r, c));
    return this;
  }
  clearContent(): this {
    this.each((r, c) => this.sheet.merge(r, c, { v: null, f: null, p: null, si: null, t: null }));
    return this;
  }
  getUnitId = (): string => "workbook";
  getSheetId = (): string => this.sheet.getSheetId();
  getRange = () => ({
    startRow: this.row,
    endRow: this.row + this.rows - 1,
    startColumn: this.col,
    endColumn: this.col + this.cols - 1,
  });
  /** A background colour in each cell's style ("bg"), the rest of the style kept. */
  setBackgroundColor(color: string | null): this {
    this.each((r, c) => {
      const { bg: _was, ...s } = (this.sheet.data(r, c)?.s ?? {}) as Record<string, unknown>;
      const next = color === null ? s : { ...s, bg: { rgb: color } };
      this.sheet.merge(r, c, { s: Object.keys(next).length ? next : null } as Data);
    });
    return this;
  }
  setFontWeight(weight: "bold" | "normal" | null): this {
    this.each((r, c) => {
      const s = (this.sheet.data(r, c)?.s ?? {}) as Record<string, unknown>;
      this.sheet.merge(r, c, { s: { ...s, bl: weight === "bold" ? 1 : 0 } } as Data);
    });
    return this;
  }
}

export class FakeUniverSheet {
  private readonly cells = new Map<string, Data>();
  private custom: Record<string, unknown> | undefined = undefined;
  frozenRows = 0;
  constructor(
    private readonly book: FakeUniverBook,
    private name: string,
    private readonly id: string,
    private maxRows = 1000,
    private maxCols = 20,
  ) {}
  data(r: number, c: number): Data | undefined {
    return this.cells.get(cellKey(r, c));
  }
  merge(r: number, c: number, data: Data): void {
    const next: Data = { ...(this.data(r, c) ?? {}) } as Data;
    for (const [k, v] of Object.entries(data)) {
      if (v === null || v === undefined) delete next[k];
      else next[k] = v;
    }
    if (Object.keys(next).length === 0) this.drop(r, c);
    else {
      this.cells.set(cellKey(r, c), next);
      if (this.extent) this.extent = [Math.max(this.extent[0], r), Math.max(this.extent[1], c)];
    }
  }
  drop(r: number, c: number): void {
    // Only a cell on the last row or column can make them smaller.
    if (this.cells.delete(cellKey(r, c)) && this.extent)
      if (r >= this.extent[0] || c >= this.extent[1]) this.extent = null;
  }
  getSheetName = (): string => this.name;
  getSheetId = (): string => this.id;
  getMaxRows = (): number => this.maxRows;
  getMaxColumns = (): number => this.maxCols;
  setRowCount(n: number): this {
    this.maxRows = n;
    return this;
  }
  setColumnCount(n: number): this {
    this.maxCols = n;
    return this;
  }
  setColumnWidth(): this {
    return this;
  }
  setColumnWidths(): this {
    return this;
  }
  setFrozenRows(n: number): this {
    this.frozenRows = n;
    return this;
  }
  getRange(row: number, col: number, rows = 1, cols = 1): FakeRange {
    return new FakeRange(this, row, col, rows, cols);
  }
  getActiveRange(): FakeRange | null {
    return null;
  }
  /**
   * The last row and column holding a cell, kept as cells are set (the seller-data model reads
   * them on every write: scanning every cell each time was a twelfth of its web run's CPU).
   */
  private extent: [number, number] | null = null;
  private lastCell(): [number, number] {
    if (this.extent) return this.extent;
    let [rows, cols] = [0, 0];
    for (const k of this.cells.keys()) {
      const comma = k.indexOf(",");
      rows = Math.max(rows, Number(k.slice(0, comma)));
      cols = Math.max(cols, Number(k.slice(comma + 1)));
    }
    this.extent = [rows, cols];
    return this.extent;
  }
  getLastRow(): number {
    return this.lastCell()[0];
  }
  getLastColumn(): number {
    return this.lastCell()[1];
  }
  getSheet() {
    return {
      getCellRaw: (r: number, c: number): ICellData | undefined => this.data(r, c),
      getCell: (r: number, c: number): ICellData | undefined => this.data(r, c),
    };
  }
  getCustomMetadata(): Record<string, unknown> | undefined {
    return this.custom ? { ...this.custom } : undefined;
  }
  setCustomMetadata(custom: Record<string, unknown> | undefined): this {
    this.custom = custom ? { ...custom } : undefined;
    return this;
  }
  setName(name: string): this {
    if (this.book.getSheetByName(name) && name !== this.name)
      throw new Error(`A sheet named ${name} exists`);
    this.name = name;
    return this;
  }
  private move(to: (r: number, c: number) => readonly [number, number] | null): void {
    moveKeys(this.cells, to);
    this.extent = null;
  }
  /** The new row or column takes the style of the one before it (above, left), as Univer's. */
  private styleFrom(
    from: (r: number, c: number) => boolean,
    to: (r: number, c: number) => [number, number],
  ) {
    for (const [k, v] of [...this.cells]) {
      const [r, c] = k.split(",").map(Number) as [number, number];
      if (from(r, c) && v.s !== undefined) this.cells.set(cellKey(...to(r, c)), { s: v.s } as Data);
    }
    this.extent = null;
  }
  insertColumnBefore(col: number): this {
    this.move((r, c) => [r, c >= col ? c + 1 : c]);
    this.maxCols++;
    if (col > 0)
      this.styleFrom(
        (_, c) => c === col - 1,
        (r) => [r, col],
      );
    return this;
  }
  deleteColumn(col: number): this {
    this.move((r, c) => (c === col ? null : [r, c > col ? c - 1 : c]));
    this.maxCols--;
    return this;
  }
  insertRowBefore(row: number): this {
    this.move((r, c) => [r >= row ? r + 1 : r, c]);
    this.maxRows++;
    if (row > 0)
      this.styleFrom(
        (r) => r === row - 1,
        (_, c) => [row, c],
      );
    return this;
  }
  deleteRow(row: number): this {
    this.move((r, c) => (r === row ? null : [r > row ? r - 1 : r, c]));
    this.maxRows--;
    return this;
  }
  /** Whole rows go (Delete row); rows below move up, the sheet is that many rows shorter. */
  deleteRows(row: number, count: number): this {
    this.move((r, c) => (r < row ? [r, c] : r < row + count ? null : [r - count, c]));
    this.maxRows -= count;
    return this;
  }
  /** harness: the same cells, size and metadata in another book. */
  copyInto(book: FakeUniverBook): FakeUniverSheet {
    const twin = new FakeUniverSheet(book, this.name, this.id, this.maxRows, this.maxCols);
    for (const [k, v] of this.cells) twin.cells.set(k, { ...v });
    twin.custom = this.custom ? structuredClone(this.custom) : undefined;
    twin.frozenRows = this.frozenRows;
    return twin;
  }
}

let nextId = 0;

export class FakeUniverBook {
  readonly sheets: FakeUniverSheet[] = [];
  private active = 0;
  private custom: Record<string, unknown> | undefined = undefined;
  constructor(first = true) {
    if (first) this.sheets.push(new FakeUniverSheet(this, "Sheet1", `sheet-${++nextId}`, 1000, 52));
  }
  getSheetByName(name: string): FakeUniverSheet | null {
    return this.sheets.find((s) => s.getSheetName() === name) ?? null;
  }
  getSheetBySheetId(id: string): FakeUniverSheet | null {
    return this.sheets.find((s) => s.getSheetId() === id) ?? null;
  }
  getSheets(): FakeUniverSheet[] {
    return [...this.sheets];
  }
  getNumSheets(): number {
    return this.sheets.length;
  }
  create(name: string, rows: number, cols: number, options?: { index?: number }): FakeUniverSheet {
    if (this.getSheetByName(name)) throw new Error(`A sheet named ${name} exists`);
    const sheet = new FakeUniverSheet(this, name, `sheet-${++nextId}`, rows, cols);
    this.sheets.splice(options?.index ?? this.sheets.length, 0, sheet);
    return sheet;
  }
  deleteSheet(sheet: FakeUniverSheet): void {
    this.sheets.splice(this.sheets.indexOf(sheet), 1);
  }
  getActiveSheet(): FakeUniverSheet {
    return this.sheets[this.active] ?? (this.sheets[0] as FakeUniverSheet);
  }
  setActiveSheet(sheet: FakeUniverSheet): FakeUniverSheet {
    this.active = Math.max(0, this.sheets.indexOf(sheet));
    return sheet;
  }
  getCustomMetadata(): Record<string, unknown> | undefined {
    return this.custom ? { ...this.custom } : undefined;
  }
  setCustomMetadata(custom: Record<string, unknown> | undefined): this {
    this.custom = custom ? { ...custom } : undefined;
    return this;
  }
  /** harness: a copy of every sheet (ids kept) and the workbook's metadata. */
  copy(): FakeUniverBook {
    const twin = new FakeUniverBook(false);
    for (const s of this.sheets) twin.sheets.push(s.copyInto(twin));
    twin.custom = this.custom ? structuredClone(this.custom) : undefined;
    twin.active = this.active;
    return twin;
  }
}

/**
 * FUniver's calls the workbook code makes: the active workbook, and the one command it runs
 * (set-style with a null "bg": a fill taken away, as Univer's SetStyleCommand reads it).
 */
export function fakeUniver(book = new FakeUniverBook()) {
  const syncExecuteCommand = (id: string, params: Record<string, unknown>): boolean => {
    const style = params.style as { type?: string; value?: unknown } | undefined;
    const box = params.range as {
      startRow: number;
      endRow: number;
      startColumn: number;
      endColumn: number;
    };
    const sheet = book.getSheetBySheetId(String(params.subUnitId));
    if (id !== "sheet.command.set-style" || style?.type !== "bg" || style.value !== null || !sheet)
      throw new Error(`fake: command ${id} ${JSON.stringify(params)} is not faked`);
    sheet
      .getRange(
        box.startRow,
        box.startColumn,
        box.endRow - box.startRow + 1,
        box.endColumn - box.startColumn + 1,
      )
      .setBackgroundColor(null);
    return true;
  };
  return { book, getActiveWorkbook: () => book, syncExecuteCommand };
}
