import { CellValueType } from "@univerjs/presets";
/**
 * The sidebar's workbook surface on the spreadsheet engine: imports become real sheets
 * (number formats per column, frozen header, the import note in the sheet's metadata),
 * bulk calculations read the typed selection and write to its right, the function builder puts
 * a live formula in the active cell. Saved imports are workbook metadata: they travel with
 * the workbook and hold no secret.
 */
import type { FWorkbook, FWorksheet } from "@univerjs/preset-sheets-core";
import type { FUniver, ICellData } from "@univerjs/presets";
import type { Cell } from "../../../functions/cells";
import { WRITE_CHUNK_ROWS, chunkRows } from "../../../imports/cellText";
import { fitBlocks, fitColumns, sentenceWidth } from "./columnWidths";
import { writePaged } from "./pageTurns";
import { parseRangeAddress, type RangeBox } from "../../../imports/rangeAddress";
import type { ImportTable } from "../../../imports/table";
import { tableCellFormat, importNote, zonedTime } from "../../../imports/table";
import { movedFormula } from "../../../imports/resort";
import { stackBlocks } from "../../../imports/stackBlocks";
import type { PlacedFormula } from "../../../sidebar/formulaPlace";
import type { FormulaCells, ManagedSheets, SheetData } from "../../../sidebar/ports";
import type { WorkbookSurface } from "../../shared/asyncBridge";
import type { SelectionView } from "../../../ui/bridge";
import { sheetAddress } from "../a1";
import { highlightBelowTarget } from "./belowTarget";
import { deleteSheetRows, fillCells } from "./rowFills";
import { cellData, cellValue, figureFromText } from "./cellData";

/** Sheet metadata an import leaves behind (what the Sheets host puts in a note). */
export interface ImportedSheetMeta {
  readonly note: string;
  /** Rows and columns the import wrote, header included: the next import clears just these. */
  readonly rows: number;
  readonly columns: number;
}

/** The sheet metadata entry holding a managed table's record. */
const TABLE_RECORD = "mktTable";
/** The sheet metadata entry holding its frozen formulas (freeze.ts). */
const FROZEN = "mktFrozen";

/** A block's values as the facade's getValues gives them. */
type Shown = Parameters<typeof cellValue>[1][][];

function importedMeta(sheet: FWorksheet): ImportedSheetMeta | null {
  const custom = sheet.getCustomMetadata() as { mktImport?: ImportedSheetMeta } | undefined;
  return custom?.mktImport ?? null;
}

/** The engine's workbook as the bridge's WorkbookSurface. */
export class UniverWorkbook implements WorkbookSurface {
  /** Range writes per sheet (one per 500-row chunk, never one per cell), for the tests. */
  readonly writeCalls = new Map<string, number>();
  private readonly api: FUniver;

  constructor(api: FUniver) {
    this.api = api;
  }

  get book(): FWorkbook {
    const book = this.api.getActiveWorkbook();
    if (!book) throw new Error("The spreadsheet is not ready yet: reload the page");
    return book;
  }

  /** The sheet of this name, created (at the end) when missing. */
  sheet(name: string, rows = 1000, columns = 20): FWorksheet {
    const found = this.book.getSheetByName(name);
    if (found) return found;
    return this.book.create(name, rows, columns, { index: this.book.getNumSheets() });
  }

  /** Write rows of cells at (row, col), growing the sheet when they do not fit. */
  write(sheet: FWorksheet, row: number, col: number, rows: ICellData[][]): void {
    if (rows.length === 0) return;
    const width = Math.max(1, ...rows.map((r) => r.length));
    if (sheet.getMaxRows() < row + rows.length) sheet.setRowCount(row + rows.length + 100);
    if (sheet.getMaxColumns() < col + width) sheet.setColumnCount(col + width + 5);
    const rect = rows.map((r) => {
      const line = [...r];
      while (line.length < width) line.push({});
      return line;
    });
    sheet.getRange(row, col, rect.length, width).setValues(rect);
    const name = sheet.getSheetName();
    this.writeCalls.set(name, (this.writeCalls.get(name) ?? 0) + 1);
  }

  async writeTable(sheetName: string, table: ImportTable, show: boolean): Promise<void> {
    // The whole table is here before anything is written: a failed import changes nothing.
    const sheet = this.sheet(sheetName, table.rows.length + 101, table.columns.length + 5);
    // The sidebar asked before replacing data no import wrote; the whole of it goes then.
    const before = importedMeta(sheet) ?? this.usedSize(sheet);
    if (before) sheet.getRange(0, 0, before.rows, Math.max(1, before.columns)).clearContent();
    const bold = { bl: 1 } as const;
    this.write(sheet, 0, 0, [table.columns.map((c) => ({ ...cellData(c.header), s: bold }))]);
    let row = 1;
    for (const chunk of chunkRows(table.rows, WRITE_CHUNK_ROWS)) {
      this.write(
        sheet,
        row,
        0,
        chunk.map((r) => r.map((c, i) => cellData(c, tableCellFormat(table.columns, r, i)))),
      );
      row += chunk.length;
    }
    sheet.setFrozenRows(1);
    fitColumns(sheet, 0, [table.columns.map((c) => c.header), ...table.rows]);
    const meta: ImportedSheetMeta = {
      note: importNote(table, table.rows.length, (iso) => zonedTime(iso)),
      rows: table.rows.length + 1,
      columns: table.columns.length,
    };
    sheet.setCustomMetadata({ ...(sheet.getCustomMetadata() ?? {}), mktImport: meta });
    if (show) this.book.setActiveSheet(sheet);
  }

  /** Rows and columns from A1 to the last cell holding something; null when empty. */
  private usedSize(sheet: FWorksheet): { rows: number; columns: number; shown: Shown } | null {
    const [rows, columns] = [sheet.getLastRow() + 1, sheet.getLastColumn() + 1];
    if (rows < 1 || columns < 1) return null;
    const shown = sheet.getRange(0, 0, rows, columns).getValues();
    return shown.some((r) => r.some((v) => v !== "" && v !== null && v !== undefined))
      ? { rows, columns, shown }
      : null;
  }

  async dataIn(sheetName: string): Promise<SheetData | null> {
    const sheet = this.book.getSheetByName(sheetName);
    const size = sheet ? this.usedSize(sheet) : null;
    if (!sheet || !size) return null;
    return {
      address: sheetAddress(sheetName, 0, 0, size.rows - 1, size.columns - 1),
      imported: importedMeta(sheet) !== null,
    };
  }

  async sheetNames(): Promise<string[]> {
    return this.book.getSheets().map((s) => s.getSheetName());
  }

  /** The selected range (the active cell when nothing is selected) and its address. */
  selection(): { address: string; sheet: string; values: Cell[][] } {
    const sheet = this.book.getActiveSheet();
    const range = sheet.getActiveRange() ?? sheet.getRange(0, 0);
    const [r0, c0] = [range.getRow(), range.getColumn()];
    const name = sheet.getSheetName();
    return {
      address: sheetAddress(name, r0, c0, r0 + range.getHeight() - 1, c0 + range.getWidth() - 1),
      sheet: name,
      values: this.values(sheet, r0, c0, range.getHeight(), range.getWidth()),
    };
  }

  /**
   * Values of a block as the engine holds them, spilled results included: numbers stay
   * numbers where a format shows them as text (the facade's getValues), text stays text.
   */
  values(
    sheet: FWorksheet,
    row: number,
    col: number,
    rows: number,
    cols: number,
    /** The block's getValues when the caller has just read them (a table's whole read). */
    read?: Shown,
  ): Cell[][] {
    const model = sheet.getSheet();
    const range = sheet.getRange(row, col, rows, cols);
    const shown = read ?? range.getValues();
    // A formula's answer with a number format (money, %) is shown as text: read its number.
    const raw = range.getRawValues();
    return shown.map((line, r) =>
      line.map((v, c) => {
        const held = raw[r]?.[c];
        const data = model.getCellRaw(row + r, col + c);
        const cell = cellValue(data, v);
        if (typeof cell !== "string") return cell;
        if (typeof held === "number") return held;
        // A spilled figure reads as its formatted text: its number back, where the engine holds
        // a NUMBER (a name "50%" or "0012" is text).
        const isNumber = model.getCell(row + r, col + c)?.t === CellValueType.NUMBER;
        return isNumber ? (figureFromText(cell) ?? cell) : cell;
      }),
    );
  }

  async readSelection(): Promise<SelectionView> {
    const { address, values } = this.selection();
    return { address, values };
  }

  /** The sheet the inputs came from: the seller may have selected elsewhere since. */
  private inputSheet(name: string): FWorksheet {
    const sheet = this.book.getSheetByName(name);
    if (!sheet) throw new Error(`The sheet ${name} is gone: nothing was written`);
    return sheet;
  }

  async readRows(read: RangeBox): Promise<Cell[][]> {
    const sheet = this.inputSheet(read.sheet);
    return this.values(sheet, read.r0, 0, read.r1 - read.r0 + 1, sheet.getMaxColumns());
  }

  async writeBlock(
    at: RangeBox,
    values: Cell[][],
    formats?: readonly (readonly string[])[],
  ): Promise<{ address: string }> {
    const sheet = this.inputSheet(at.sheet);
    const width = Math.max(1, ...values.map((r) => r.length));
    let row = at.r0;
    for (const chunk of chunkRows(values, WRITE_CHUNK_ROWS)) {
      const top = row - at.r0;
      this.write(
        sheet,
        row,
        at.c0,
        chunk.map((r, i) => r.map((c, j) => cellData(c, formats?.[top + i]?.[j] || null))),
      );
      row += chunk.length;
    }
    const r1 = at.r0 + Math.max(1, values.length) - 1;
    return { address: sheetAddress(at.sheet, at.r0, at.c0, r1, at.c0 + width - 1) };
  }

  async insertFormula(formula: string, confirmedAt?: string): Promise<PlacedFormula> {
    if (!formula.startsWith("=")) throw new Error("A formula starts with =");
    let sheet = this.book.getActiveSheet();
    let [row, col] = [0, 0];
    if (confirmedAt) {
      const at = parseRangeAddress(confirmedAt);
      sheet = this.inputSheet(at.sheet);
      [row, col] = [at.r0, at.c0];
    } else {
      const cell = sheet.getActiveRange() ?? sheet.getRange(0, 0);
      [row, col] = [cell.getRow(), cell.getColumn()];
    }
    const address = sheetAddress(sheet.getSheetName(), row, col);
    const held = sheet.getSheet().getCellRaw(row, col);
    const empty = !held || ((held.v === undefined || held.v === null || held.v === "") && !held.f);
    if (!confirmedAt && !empty) return { address, written: false };
    sheet.getRange(row, col).setValue({ f: formula });
    return { address, written: true };
  }

  async getDocumentValue(name: string): Promise<string | null> {
    const custom = this.book.getCustomMetadata() as Record<string, unknown> | undefined;
    const value = custom?.[name];
    return typeof value === "string" ? value : null;
  }

  /** Told after a document value changed (no command is raised): the page saves soon. */
  onDocumentValue: () => void = () => undefined;

  async setDocumentValue(name: string, value: string): Promise<void> {
    this.book.setCustomMetadata({ ...(this.book.getCustomMetadata() ?? {}), [name]: value });
    this.onDocumentValue();
  }

  /** Managed tables: cells through the engine, each table's record in its sheet's metadata. */
  get managed(): ManagedSheets {
    const custom = (name: string): Record<string, unknown> | null => {
      const sheet = this.book.getSheetByName(name);
      return sheet ? ((sheet.getCustomMetadata() as Record<string, unknown>) ?? {}) : null;
    };
    const put = (name: string, entries: Record<string, unknown>): void => {
      const sheet = this.book.getSheetByName(name);
      if (sheet) sheet.setCustomMetadata({ ...(sheet.getCustomMetadata() ?? {}), ...entries });
    };
    return {
      read: (sheetName) => {
        const sheet = this.book.getSheetByName(sheetName);
        if (!sheet) return null;
        const size = this.usedSize(sheet);
        return size ? this.values(sheet, 0, 0, size.rows, size.columns, size.shown) : [];
      },
      write: (sheetName, blocks, create) => {
        // A sheet made here (the refresh log) must not take the seller's view away.
        const shown = this.book.getActiveSheet();
        const sheet = create ? this.sheet(sheetName) : this.inputSheet(sheetName);
        if (this.book.getActiveSheet().getSheetId() !== shown.getSheetId())
          this.book.setActiveSheet(shown);
        // A sheet this write fills first is sized; later, the widths are the seller's.
        if (this.usedSize(sheet) === null) fitBlocks(sheet, blocks);
        return (async () => {
          for (const b of stackBlocks(blocks)) {
            const cells = (r: Cell[]) => r.map((c, i) => cellData(c, b.formats[i] ?? null));
            await writePaged(b.values, (at, chunk) =>
              this.write(sheet, b.row + at, b.col, chunk.map(cells)),
            );
          }
        })();
      },
      note: (sheetName, table) => {
        const meta = importedMeta(this.inputSheet(sheetName));
        const note = importNote(table, table.rowCount, (iso) => zonedTime(iso));
        const rows = Math.max(meta?.rows ?? 0, table.rowCount + 1);
        // A pricing sheet gets its first stamp here (no import wrote it).
        const columns = meta?.columns ?? table.columns.length;
        put(sheetName, { mktImport: { ...meta, note, rows, columns } });
      },
      // Formulas as formulas (a text cell would keep "=..." as its text).
      formulas: (sheetName, block) => {
        const pattern = (i: number): ICellData["s"] => {
          const f = block.formats[i];
          return f && f !== "@" && f !== "General" ? { n: { pattern: f } } : undefined;
        };
        const cells = (r: readonly string[]) =>
          r.map((f, i): ICellData => ({ f, ...(pattern(i) ? { s: pattern(i) } : {}) }));
        const sheet = this.inputSheet(sheetName);
        return writePaged(block.formulas, (at, chunk) =>
          this.write(sheet, block.row + at, block.col, chunk.map(cells)),
        );
      },
      highlightRows: (sheetName, rule) => highlightBelowTarget(this.inputSheet(sheetName), rule),
      show: (sheetName) => void this.book.setActiveSheet(this.inputSheet(sheetName)),
      sentenceColumn: (sheetName, col, rows) =>
        void sentenceWidth(this.inputSheet(sheetName), col, rows),
      boldHeader: (sheetName, width) => {
        const sheet = this.book.getSheetByName(sheetName);
        sheet?.getRange(0, 0, 1, width).setFontWeight("bold");
        sheet?.setFrozenRows(1);
      },
      moveRows: (sheetName, top, order, width) => {
        const sheet = this.inputSheet(sheetName);
        if (order.length === 0 || width === 0) return;
        // Whole cells (value, formula, style) move; a formula reads as it would if copied.
        const held = sheet.getRange(top, 0, order.length, width).getCellDatas();
        const rows = order.map((from, i) =>
          Array.from({ length: width }, (_, c): ICellData => {
            const { f, si: _shared, ...rest } = held[from]?.[c] ?? {};
            return typeof f === "string" ? { ...rest, f: movedFormula(f, i - from) } : rest;
          }),
        );
        sheet.getRange(top, 0, order.length, width).clear(); // an empty cell moves as empty
        this.write(sheet, top, 0, rows);
      },
      fill: (sheetName, fills) => fillCells(this.api, this.inputSheet(sheetName), fills),
      deleteRows: (sheetName, rows) => deleteSheetRows(this.inputSheet(sheetName), rows),
      readRecord: (sheetName) => {
        const text = custom(sheetName)?.[TABLE_RECORD];
        return typeof text === "string" ? text : null;
      },
      writeRecord: (sheetName, text) => put(sheetName, { [TABLE_RECORD]: text }),
    };
  }

  /** Freeze values: cells through the engine, kept formulas in the sheet's metadata. */
  get formulaCells(): FormulaCells {
    const keptOf = (name: string): FWorksheet | null => this.book.getSheetByName(name);
    return {
      read: (scope) => {
        const sheet = this.book.getActiveSheet();
        const size = this.usedSize(sheet) ?? { rows: 1, columns: 1 };
        const range =
          scope === "selection"
            ? (sheet.getActiveRange() ?? sheet.getRange(0, 0))
            : sheet.getRange(0, 0, size.rows, size.columns);
        const [row, col] = [range.getRow(), range.getColumn()];
        const [rows, cols] = [range.getHeight(), range.getWidth()];
        const held = range.getCellDatas();
        return {
          sheetName: sheet.getSheetName(),
          row,
          col,
          formulas: held.map((r) => r.map((c) => (typeof c?.f === "string" ? c.f : ""))),
          values: this.values(sheet, row, col, rows, cols),
        };
      },
      // A few commands, not one per cell: each command made the engine recalculate and lay out
      // the grid again, and a sheet of 24 spilled formulas (about 500 cells) held the page
      // 30-40 s on Freeze and on Unfreeze.
      write: (sheetName, cells) => {
        const sheet = this.inputSheet(sheetName);
        // Cleared: writing {} merges into the old value (it blocked an unfrozen table's spill).
        const cleared = cells.filter((c) => c.formula === null && c.value === "");
        for (const box of cellBlocks(cleared))
          sheet.getRange(box.row, box.col, box.rows, box.cols).clearContent();
        const matrix: Record<number, Record<number, ICellData>> = {};
        for (const c of cells) {
          if (c.formula === null && c.value === "") continue;
          const style = sheet.getRange(c.row, c.col).getCellData()?.s;
          const data = c.formula !== null ? { f: c.formula } : cellData(c.value);
          (matrix[c.row] ??= {})[c.col] = style ? { ...data, s: style } : data;
        }
        if (Object.keys(matrix).length === 0) return;
        // One sparse write (the engine's own command takes a row -> column -> cell matrix).
        this.api.syncExecuteCommand("sheet.command.set-range-values", {
          unitId: this.book.getId(),
          subUnitId: sheet.getSheetId(),
          value: matrix,
        });
        this.writeCalls.set(sheetName, (this.writeCalls.get(sheetName) ?? 0) + 1);
      },
      readKept: (sheetName) => {
        const text = (keptOf(sheetName)?.getCustomMetadata() as Record<string, unknown> | null)?.[
          FROZEN
        ];
        return typeof text === "string" ? text : null;
      },
      writeKept: (sheetName, text) => {
        const sheet = keptOf(sheetName);
        if (sheet)
          sheet.setCustomMetadata({ ...(sheet.getCustomMetadata() ?? {}), [FROZEN]: text });
      },
    };
  }

  /** The import note of a sheet, or null when no import wrote it. */
  importNote(sheetName: string): string | null {
    const sheet = this.book.getSheetByName(sheetName);
    return sheet ? (importedMeta(sheet)?.note ?? null) : null;
  }
}

/** Cells as rectangles: runs along each row, stacked while the next row's run is the same. */
function cellBlocks(
  cells: readonly { row: number; col: number }[],
): Array<{ row: number; col: number; rows: number; cols: number }> {
  const sorted = [...cells].sort((a, b) => a.row - b.row || a.col - b.col);
  const runs: Array<{ row: number; col: number; rows: number; cols: number }> = [];
  for (const c of sorted) {
    const last = runs[runs.length - 1];
    if (last && last.row === c.row && last.col + last.cols === c.col) last.cols += 1;
    else if (!last || last.row !== c.row || last.col + last.cols <= c.col)
      runs.push({ row: c.row, col: c.col, rows: 1, cols: 1 });
  }
  const blocks: typeof runs = [];
  for (const run of runs) {
    const above = blocks.find(
      (b) => b.col === run.col && b.cols === run.cols && b.row + b.rows === run.row,
    );
    if (above) above.rows += 1;
    else blocks.push({ ...run });
  }
  return blocks;
}
