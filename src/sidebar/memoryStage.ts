/**
 * The import stage of the hosts that stage in the page (Excel, web demo): each page's rows kept
 * in the document's values (so a reload or a closed pane resumes the import from its pages),
 * or in memory for a one-off run (tools, tests). Commit hands the whole table to the workbook.
 */
import type { Cell } from "../functions/cells";
import type { ImportTable } from "../imports/table";
import type { FormulaCells, ImportStage, ManagedSheets, SheetData } from "./ports";

/** The workbook a stage writes into at commit, and reads sheet names from. */
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

/** Where staged pages are kept: named texts (document values) that outlive the page. */
export interface StageValues {
  get(name: string): Promise<string | null>;
  set(name: string, value: string): Promise<void>;
  remove(name: string): Promise<void>;
}

/** No table records: every import writes its table whole. */
export const NO_TABLES: ManagedSheets = {
  read: () => null,
  write: () => undefined,
  note: () => undefined,
  moveRows: () => undefined,
  deleteRows: () => undefined,
  boldHeader: () => undefined,
  readRecord: () => null,
  writeRecord: () => undefined,
};

/** Texts in memory: a stage that lives as long as the page. */
function memoryValues(): StageValues {
  const map = new Map<string, string>();
  return {
    get: async (name) => map.get(name) ?? null,
    set: async (name, value) => void map.set(name, value),
    remove: async (name) => void map.delete(name),
  };
}

/**
 * Pages kept per token (one value a page, by its first row, so a page staged twice is one)
 * until commit hands the whole table to the workbook.
 */
export function memoryStage(book: TableSheets, values: StageValues = memoryValues()): ImportStage {
  const index = (token: string): string => `mkt.stage.${token}`;
  const page = (token: string, at: number): string => `mkt.stage.${token}.${at}`;
  const offsets = async (token: string): Promise<number[] | null> => {
    const text = await values.get(index(token));
    return text === null || text === "" ? null : (JSON.parse(text) as number[]);
  };
  const rowsOf = async (token: string): Promise<Cell[][]> => {
    const at = await offsets(token);
    if (!at) throw new Error("This import's staging is gone: start the import again");
    const rows: Cell[][] = [];
    for (const o of [...at].sort((a, b) => a - b))
      rows.push(...(JSON.parse((await values.get(page(token, o))) ?? "[]") as Cell[][]));
    return rows;
  };
  return {
    open: (token) => values.set(index(token), "[]"),
    async append(token, p) {
      const at = await offsets(token);
      if (!at) throw new Error("This import's staging is gone: start the import again");
      await values.set(page(token, p.rowsBefore), JSON.stringify(p.rows));
      if (!at.includes(p.rowsBefore))
        await values.set(index(token), JSON.stringify([...at, p.rowsBefore]));
    },
    async commit(token, sheetName, { rowCount, ...table }, show) {
      // Every row as wide as the table (the Status column comes after the API's columns).
      const width = table.columns.length;
      const rows = (await rowsOf(token))
        .slice(0, rowCount)
        .map((r) => (r.length >= width ? r : [...r, ...Array<Cell>(width - r.length).fill("")]));
      await book.writeTable(sheetName, { ...table, rows }, show);
    },
    dataIn: (sheetName) => book.dataIn(sheetName),
    sheetNames: () => book.sheetNames(),
    async drop(token) {
      for (const o of (await offsets(token)) ?? []) await values.remove(page(token, o));
      await values.remove(index(token));
    },
    rows: async (token, count) => (await rowsOf(token)).slice(0, count),
  };
}
