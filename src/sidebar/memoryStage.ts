/** An import stage in memory, for hosts that stage in one page (Excel, web demo). */
import type { Cell } from "../core/shape";
import type { ImportTable } from "../imports/table";
import type { FormulaCells, ImportStage, ManagedSheets, SheetData } from "./ports";

/** The workbook a memory stage writes into at commit, and reads sheet names from. */
export interface TableSheets {
  /** Replace a sheet's data with a finished table (a new sheet when missing); `show` activates it. */
  writeTable(sheetName: string, table: ImportTable, show: boolean): Promise<void>;
  /** The sheet's data as an A1 range; null when it is missing or empty. */
  dataIn(sheetName: string): Promise<SheetData | null>;
  sheetNames(): Promise<string[]>;
  /** Managed tables' cells and records in this workbook (absent: every import is whole). */
  readonly managed?: ManagedSheets;
  /** Freeze values' cells (absent: the host cannot freeze yet). */
  readonly formulaCells?: FormulaCells;
}

/** No table records: every import writes its table whole. */
export const NO_TABLES: ManagedSheets = {
  read: () => null,
  write: () => undefined,
  note: () => undefined,
  moveRows: () => undefined,
  boldHeader: () => undefined,
  readRecord: () => null,
  writeRecord: () => undefined,
};

/** Pages kept per token until commit hands the whole table to the workbook. */
export function memoryStage(book: TableSheets): ImportStage {
  const staged = new Map<string, Cell[][]>();
  const rowsOf = (token: string): Cell[][] => {
    const rows = staged.get(token);
    if (!rows) throw new Error("This import's staging is gone: start the import again");
    return rows;
  };
  return {
    open: (token) => void staged.set(token, []),
    append: (token, page) => void rowsOf(token).push(...page.rows),
    async commit(token, sheetName, { rowCount: _rows, ...table }, show) {
      // Every row as wide as the table (the Status column comes after the API's columns).
      const width = table.columns.length;
      const rows = rowsOf(token).map((r) =>
        r.length >= width ? r : [...r, ...Array<Cell>(width - r.length).fill("")],
      );
      staged.delete(token);
      await book.writeTable(sheetName, { ...table, rows }, show);
    },
    dataIn: (sheetName) => book.dataIn(sheetName),
    sheetNames: () => book.sheetNames(),
    drop: (token) => void staged.delete(token),
    rows: (token) => rowsOf(token).slice(),
  };
}
