/**
 * The small ports the sidebar service runs over. Each host supplies them: Sheets from
 * SpreadsheetApp, PropertiesService and UrlFetchApp (answers at once), Excel and the web
 * demo from Office.js, OfficeRuntime.storage / localStorage and fetch (answers with promises).
 */
import type { Program } from "../core/effects";
import type { ProfitBasis } from "../functions/basis";
import type { Cell, CellInput, CellResult } from "../functions/cells";
import type { GridBlock, GridFill } from "../imports/managedTable";
import type { ImportTable } from "../imports/table";
import type { Io } from "./op";
import type { SheetNameLimit } from "./sheetNameLimit";

/** The API runner: the host's driver, scheduler, quota and cache for the saved key. */
export interface ApiRunner {
  /**
   * Run a body as the saved key; `fresh` skips the cache (imports, which must be new); `job`
   * asks in a job's share of the quota, which leaves formula cells their room.
   */
  run<T>(
    program: Program<T>,
    options?: { readonly fresh?: boolean; readonly job?: boolean },
  ): Io<T>;
  /**
   * Requests a job may send at once right now: the key's free slots in its job share of the
   * quota (Sheets: the shared quota in CacheService). Where present, a job's step sends its
   * independent requests together (UrlFetchApp.fetchAll), up to this many: each request's
   * round trip then overlaps the others instead of following them. Absent: one at a time.
   */
  jobRoom?(): Io<number>;
  /** Run one catalog function once as the saved key (a bulk row). */
  answer(name: string, args: CellInput[]): Io<CellResult>;
  /** What the seller reads about a failed call in this host (and where to fix it). */
  explain(error: unknown): string;
}

/** One stored text (no secrets): a user property, a document setting, a storage entry. */
export interface TextSlot {
  read(): Io<string | null>;
  write(text: string): Io<void>;
}

/** What a sheet holds, as an import sees it before writing. */
export interface SheetData {
  readonly address: string;
  /** An import wrote it (true), the seller did (false), or the host cannot tell (null). */
  readonly imported: boolean | null;
}

/** An import's table, staged before it replaces the target sheet's data. */
export type StagedTable = Omit<ImportTable, "rows"> & { readonly rowCount: number };

/**
 * Where an import's pages wait until the last one arrived (Sheets: a hidden sheet; Excel and
 * the web demo: the document's values), across the job's steps. The target is touched only at
 * commit.
 */
export interface ImportStage {
  open(token: string): Io<void>;
  /** Add a page's rows after `rowsBefore` rows; `header` comes with the first page. */
  append(
    token: string,
    page: {
      readonly header: Cell[] | null;
      readonly rows: Cell[][];
      readonly rowsBefore: number;
      /** Columns of the table. */
      readonly width: number;
    },
  ): Io<void>;
  /**
   * Replace the target sheet's data with the staged table (a new sheet when there is none),
   * bold its header; `show` makes it the active sheet. The staging stays until `drop` (a job
   * drops it after its checkpoint, so a commit run twice writes the same table).
   */
  commit(token: string, sheetName: string, table: StagedTable, show: boolean): Io<void>;
  /**
   * The sheet's data as an A1 range ("Top products!A1:K40") and whether an import wrote it
   * (its note or metadata says so; null where the host cannot tell); null when it is missing
   * or empty.
   */
  dataIn(sheetName: string): Io<SheetData | null>;
  /** Every sheet's name in the document (a new import sheet needs a free one). */
  sheetNames(): Io<string[]>;
  /** Forget a staged import (done, failed or cancelled); nothing else changes. */
  drop(token: string): Io<void>;
  /** The staged rows (a managed table's refresh merges them into the sheet by id). */
  rows(token: string, count: number, width: number): Io<Cell[][]>;
}

/**
 * The cells of managed tables, and where each table's record is kept (Sheets: a hidden sheet,
 * Excel: a document setting, web demo: the sheet's metadata), written through thin host code.
 */
export interface ManagedSheets {
  /** The sheet's values from A1 to its last used cell; null when it is missing. */
  read(sheetName: string): Io<Cell[][] | null>;
  /**
   * Write blocks of cells (0-based) with their number formats; nothing else is touched.
   * `create`: add the sheet when it is missing (the refresh log), else a missing sheet throws.
   */
  write(sheetName: string, blocks: readonly GridBlock[], create?: boolean): Io<void>;
  /** Bold and freeze row 1 of a sheet, `width` columns (the refresh log, the history). */
  boldHeader(sheetName: string, width: number): Io<void>;
  /** Replace the table's note after a refresh (its stamp: source, basis, times). */
  note(sheetName: string, table: StagedTable): Io<void>;
  /**
   * Move whole rows, columns 0 to `width` - 1: sheet row `top + i` takes what row
   * `top + order[i]` held (values, formulas with their row references moved as a copy would,
   * number formats). A re-sort the seller asked for (imports/resort.ts).
   */
  moveRows(sheetName: string, top: number, order: readonly number[], width: number): Io<void>;
  /**
   * Delete whole sheet rows (0-based, any order, none twice), as the host's Delete row does:
   * every cell on them goes, rows below move up with all they hold (values, formulas and
   * references to them, formats, notes, fills). "Remove gone rows" (sidebar/goneRows.ts).
   */
  deleteRows(sheetName: string, rows: readonly number[]): Io<void>;
  /**
   * The table's record: kept with the sheet itself (its id, not its name, in Sheets and
   * Excel), so a renamed sheet keeps its record.
   */
  readRecord(sheetName: string): Io<string | null>;
  writeRecord(sheetName: string, text: string): Io<void>;
  /**
   * Fill cells with a colour, or clear the add-in's fill (null): a managed table's gone rows
   * and the cells kept as the seller typed them (absent: the host marks nothing).
   */
  fill?(sheetName: string, fills: readonly GridFill[]): Io<void>;
  /** Plain sheet formulas from (row, col), 0-based (a pricing sheet); absent: none written. */
  formulas?(sheetName: string, block: FormulaBlock): Io<void>;
  /** Highlight rows 2.. of the table where `formula` (row 2's, relative) is true. */
  highlightRows?(sheetName: string, rule: HighlightRule): Io<void>;
  /**
   * Give column `col` (0-based) room for a sentence (a pricing sheet's Answer): a width, and
   * its first `rows` cells (the header's among them) wrapped where the host wraps; absent: none.
   */
  sentenceColumn?(sheetName: string, col: number, rows: number): Io<void>;
  /** Make the sheet the one the seller sees (a new pricing sheet, as imports do at commit). */
  show?(sheetName: string): Io<void>;
}

/** Formulas a host writes as formulas (never as text), with a number format per column. */
export interface FormulaBlock {
  readonly row: number;
  readonly col: number;
  readonly formulas: readonly (readonly string[])[];
  readonly formats: readonly string[];
}

/** Conditional formatting over a table's rows: `rows` rows from row 2, `cols` from column A. */
export interface HighlightRule {
  readonly rows: number;
  readonly cols: number;
  readonly formula: string;
}

/** Formula cells as "Freeze values" reads and writes them (sidebar/freeze.ts). */
export interface FormulaCells {
  /** The selection's or active sheet's cells: where they start (0-based), formulas, values. */
  read(scope: "selection" | "sheet"): Io<{
    readonly sheetName: string;
    readonly row: number;
    readonly col: number;
    /** "" where a cell holds no formula. */
    readonly formulas: string[][];
    readonly values: Cell[][];
    /**
     * The number format each value shows in where it is the value's own, not the cell's
     * (Excel's formatted numbers: a frozen value keeps it only if written on the cell); absent
     * where the cells themselves hold the formats (Sheets, the web demo).
     */
    readonly formats?: readonly (readonly string[])[];
  }>;
  /**
   * Write cells (0-based): a formula, or else a value as it was (text stays text). `format`: the
   * cell's number format to set with it ("" back to the automatic one); absent leaves it.
   */
  write(
    sheetName: string,
    cells: readonly {
      row: number;
      col: number;
      formula: string | null;
      value: Cell;
      format?: string;
    }[],
  ): Io<void>;
  /** The sheet's kept formulas (JSON, no secret), or null. */
  readKept(sheetName: string): Io<string | null>;
  writeKept(sheetName: string, text: string): Io<void>;
}

/** A part of a job's checkpoint: head (small, read often), body (the kind's state), lease, cancel. */
export type JobPart = "head" | "body" | "lease" | "cancel";

/**
 * Where jobs keep their checkpoints in the document (src/sidebar/jobs/): Sheets a hidden
 * sheet, Excel document settings, the web demo the workbook.
 */
export interface JobStore {
  /** Ids of the jobs this document keeps. */
  ids(): Io<string[]>;
  read(id: string, part: JobPart): Io<string | null>;
  write(id: string, part: JobPart, text: string): Io<void>;
  /** Forget a job, every part. */
  remove(id: string): Io<void>;
  /** Hold the document's lock while a lease is read and taken (Sheets); absent: one runner. */
  lock?(): Io<void>;
  unlock?(): Io<void>;
  /** How often a step looks for a cancel asked elsewhere (a read costs in Sheets); default each unit. */
  readonly cancelPollMs?: number;
  /**
   * Each runner step costs the host a new call (Sheets: a google.script.run execution, its
   * start, lease and checkpoint reads): after a step that asked nothing (a write, a check, the
   * log) the runner goes on with the job's next step in the same call while its time lasts,
   * the checkpoint written after each as before.
   */
  readonly joinSteps?: boolean;
  /**
   * The store for one runner step, one host call (Sheets: it keeps the jobs sheet and the
   * job's row it found instead of looking them up for every read and write); absent: this one.
   */
  session?(): JobStore;
}

/** Who refreshed and when, as a table's stamp and the refresh log say it. */
export interface RefreshStamp {
  /** The moment in the sheet's time zone ("2026-11-26 16:40 (Asia/Singapore)"). */
  readonly when: string;
  /** The host's user where it gives one, else "this computer", and the key's prefix. */
  readonly who: string;
}

/** Everything the service needs of its host. */
export interface SidebarPorts {
  readonly api: ApiRunner;
  /** The document's saved import definitions (JSON). */
  readonly savedImports: TextSlot;
  /** This user's typed-in B seller and C shop ids (JSON). */
  readonly typedShops: TextSlot;
  /** The document's sheets that imports wrote (JSON list of names): they are replaced freely. */
  readonly importedSheets: TextSlot;
  readonly stage: ImportStage;
  readonly tables: ManagedSheets;
  /** Jobs' checkpoints in this document. */
  readonly jobs: JobStore;
  /** Freeze and unfreeze (absent where the host cannot yet). */
  readonly formulaCells?: FormulaCells;
  /** The seller's profit basis (VAT, sales window) that imports send and state in their title. */
  basis(): Io<ProfitBasis>;
  /** Who is refreshing, and `iso` in the sheet's time zone (never the key itself). */
  stamp(iso: string): Io<RefreshStamp>;
  /** The host's longest sheet name (Excel 31): a job's new sheet is checked against it. */
  readonly sheetNameLimit?: SheetNameLimit;
  /** Milliseconds since 1970 (the host's clock). */
  now(): number;
  /** May one more bulk row start in this call? (Apps Script: a call has six minutes.) */
  moreTime(): boolean;
  /**
   * When a job left unfinished goes on, in this host's words, for its table's stamp (Sheets:
   * by the add-on's clock with the sidebar closed). Absent: when the sidebar is open again.
   */
  jobsContinue?(): string;
}
