/**
 * Committing an import as a managed table. The first import writes the whole table (the
 * host's stage, atomically) and records its columns, ids and values; every later import of
 * that sheet is a refresh planned by imports/managedTable.ts and written as blocks of owned
 * cells only, so the seller's columns and cells stay where they are. A sheet holding data
 * whose record is missing or cut short is never taken for a first import (issue 33): the
 * record is made again from the sheet's headers and ids, every owned cell that differs from
 * the API's named as the seller's; an unattended refresh, with nobody to ask, skips it.
 */
import type { Cell } from "../functions/cells";
import type { ImportColumn } from "../imports/table";
import {
  columnLetters,
  firstRecord,
  keyHeaders,
  parseTableRecord,
  planRefresh,
  rebuiltRecord,
  withStatus,
  type CopiedRow,
  type EditChoice,
  type EditedCell,
  type TableRecord,
} from "../imports/managedTable";
import type { TableBasis } from "../imports/tableBasis";
import { idOf, idsElsewhere } from "../imports/tableLayout";
import { io, type Op } from "./op";
import type { SidebarPorts, StagedTable } from "./ports";
import type { EditedCellView, PlainCell } from "./views";

/** What a commit did. */
export type TableCommit =
  | { readonly kind: "whole" }
  | {
      readonly kind: "refresh";
      readonly edited: readonly EditedCellView[];
      /** False: edited cells wait for the seller's choice and nothing was written. */
      readonly written: boolean;
      readonly changes: { updated: number; appended: number; vanished: number };
      /** Rows holding another row's id (a copy): named, not refreshed. */
      readonly copies: readonly CopiedRow[];
      /** Headers of columns left alone (two alike, or one no longer holding the add-in's). */
      readonly leftAlone: readonly string[];
      /** The record was made again from the sheet (it was missing or cut short). */
      readonly rebuilt: boolean;
    };

const plain = (c: Cell): PlainCell => (c instanceof Date ? c.toISOString() : c);
/** An edited cell as the sidebar names it (dates as text). */
export const view = (e: EditedCell): EditedCellView => ({
  ...e,
  yours: plain(e.yours),
  api: plain(e.api),
});

const rowsIn = (record: { last: object }): number => Object.keys(record.last).length;

const blank = (c: Cell | undefined): boolean =>
  c === undefined || c === null || (typeof c === "string" && c.trim() === "");

/** The table a staged import becomes: its columns and the Status column after them. */
export function managedColumns(columns: readonly ImportColumn[]): ImportColumn[] {
  return keyHeaders(columns).length > 0 ? withStatus(columns) : [...columns];
}

/** Why an unattended refresh leaves a table whose record is gone (the run's notes say it). */
export function recordLostMessage(sheetName: string): string {
  return `${sheetName} holds a table whose record (its columns and ids, kept by the add-in) is missing or cut short, so its rows cannot be told from what was typed: nothing was written. Import it from the sidebar: the record is made again from the sheet and every cell that differs from the API's is asked about first`;
}

/**
 * The record of a table in a sheet holding data: the one kept, or (none, or one that cannot
 * be read) one made again from the sheet's headers; never "no table" over the seller's data.
 */
function* recordOf(
  p: SidebarPorts,
  sheetName: string,
  columns: readonly ImportColumn[],
  grid: readonly (readonly Cell[])[],
  unattended: boolean,
  /** The API's answer (its rows in `columns`' order). */
  answer: readonly Cell[][],
): Op<TableRecord & { rebuilt?: true }> {
  const empty = answer.length === 0;
  const record = parseTableRecord(yield* io(() => p.tables.readRecord(sheetName)));
  if (record) return record;
  if (unattended) throw new Error(recordLostMessage(sheetName));
  // An answer without rows has only the spec's fields: too little to tell the table's columns.
  if (empty)
    throw new Error(
      `${sheetName} holds data, the add-in's record of its table is missing and the API's answer has no products, so its columns cannot be told from yours: nothing was written. Import again when the API lists products`,
    );
  const header = new Set((grid[0] ?? []).map((h) => String(h ?? "").trim()));
  const key = keyHeaders(columns);
  const missing = key.filter((h) => !header.has(h));
  if (missing.length > 0)
    throw new Error(
      `${sheetName} holds data, and the add-in's record of its table is missing, so it cannot replace it as a new import; nor can it find the table's ids (no "${missing.join('", "')}" in row 1). Nothing was written: import into a new sheet, or put the header row back in row 1 and import again`,
    );
  // A header alone is not the ids: a column under the id's header that holds none where the
  // rows' other ids stand (the seller renamed the add-in's and headed a new one alike) would
  // take every row for gone and add the answer again below.
  const row0 = (grid[0] ?? []).map((h) => String(h ?? "").trim());
  const at = key.map((h) => row0.indexOf(h));
  const keyed = grid.slice(1).filter((line) => at.some((j) => !blank(line[j])));
  const idless = key.filter(
    (_, i) => keyed.length > 0 && keyed.every((line) => blank(line[at[i] as number])),
  );
  if (idless.length > 0)
    throw new Error(
      `${sheetName} holds data, and the add-in's record of its table is missing; the column headed "${idless.join('", "')}" holds no ids where the rows' other ids stand, so its rows cannot be told apart. Nothing was written: put the ids back under that header (or give that header to the column holding them), or import into a new sheet`,
    );
  // No row holds an id under those headers while another column holds the answer's: the
  // header moved off the ids, and every product would be added again below its own row.
  const fresh = key.map((h) => columns.findIndex((c) => c.header === h));
  const elsewhere =
    keyed.length === 0
      ? idsElsewhere(
          grid,
          at,
          answer.map((row) => idOf(row, fresh)),
        )
      : null;
  if (elsewhere !== null)
    throw new Error(
      `${sheetName} holds data, and the add-in's record of its table is missing; the column headed "${key.join('", "')}" holds no ids, while column ${columnLetters(elsewhere)}, headed "${row0[elsewhere] ?? ""}", holds the API's. Nothing was written: give that header back to the column holding the ids, or import into a new sheet`,
    );
  return rebuiltRecord(columns);
}

/**
 * Write a staged import into `sheetName`: whole when the sheet is empty or the seller chose to
 * replace it (or the table has no id column), else merged by id. `choice` undefined with
 * edited cells: nothing is written and the edits are returned for the seller to decide on.
 */
export function* commitTable(
  p: SidebarPorts,
  token: string,
  sheetName: string,
  table: StagedTable,
  show: boolean,
  choice: EditChoice | undefined,
  /** The seller said to replace what the sheet holds: no merge. */
  replace = false,
  /** The basis the staged figures stand on, kept in the record (basisTables.ts). */
  basis: TableBasis | null = null,
  /** Nobody is there to ask (menu, daily refresh): a table without its record is skipped. */
  unattended = false,
  /** The import kept its first N rows and filled them (plan.ts cutAtLimit). */
  topRows?: number,
  /** `choice` is the seller's answer to the question: a kept cell is not asked about again. */
  answered = false,
): Op<TableCommit> {
  const withBasis = <R extends object>(r: R): R => (basis ? { ...r, basis } : r);
  const columns = table.columns;
  const rows = yield* io(() => p.stage.rows(token, table.rowCount, Math.max(1, columns.length)));
  const keyed = keyHeaders(columns).length > 0;
  const read = replace || !keyed ? null : yield* io(() => p.tables.read(sheetName));
  // A sheet that holds nothing (missing, or cleared) takes the table whole, as a first import.
  const grid = read && read.some((line) => !line.every(blank)) ? read : null;
  const empty = rows.length === 0;
  const record = grid ? yield* recordOf(p, sheetName, columns, grid, unattended, rows) : null;
  if (!record || !grid) {
    const owned = managedColumns(columns);
    yield* io(() => p.stage.commit(token, sheetName, { ...table, columns: owned }, show));
    if (keyed) {
      const text = JSON.stringify(withBasis(firstRecord(columns, rows)));
      yield* io(() => p.tables.writeRecord(sheetName, text));
    }
    return { kind: "whole" };
  }
  const freshKey = keyHeaders(columns).join(", ");
  // An answer with no rows (B lists a seller's products under other fields then) marks every
  // row gone: the record's own columns stand for the answer's.
  if (freshKey !== record.key.join(", ") && !empty) {
    throw new Error(
      `${sheetName} holds a table keyed by ${record.key.join(", ")}, and this import's rows are keyed by ${freshKey}: import into a new sheet`,
    );
  }
  const plan = planRefresh({
    grid,
    record,
    columns: empty ? record.columns : columns,
    rows,
    today: new Date(p.now()).toISOString().slice(0, 10),
    ...(choice ? { choice, answered } : {}),
    ...(topRows !== undefined ? { topRows } : {}),
  });
  // A record made again from headers alone is trusted only where some row's ids meet the
  // answer's: none meeting means the headers moved (a seller's column headed alike), and the
  // merge would take every row for gone and add the answer again below.
  if ("rebuilt" in record && !empty && plan.updatedRows === 0 && plan.vanishedRows > 0)
    throw new Error(
      `${sheetName} holds data, and the add-in's record of its table is missing; none of its ${plan.vanishedRows} rows' ids (under "${record.key.join('", "')}") is in the API's answer, so those columns may not hold the ids. Nothing was written: put the ids back under those headers, or import into a new sheet`,
    );
  const changes = {
    updated: plan.updatedRows,
    appended: plan.appendedRows,
    vanished: plan.vanishedRows,
  };
  const done = {
    kind: "refresh" as const,
    edited: plan.edited.map(view),
    changes,
    copies: plan.copies,
    leftAlone: plan.leftAlone,
    rebuilt: "rebuilt" in record,
  };
  // Cells kept at the seller's word and unchanged since are kept again without a question.
  const asking = plan.edited.filter((e) => !e.settled);
  if (asking.length > 0 && choice === undefined)
    return { ...done, edited: asking.map(view), written: false };
  yield* io(() => p.tables.write(sheetName, plan.blocks));
  if (p.tables.fill && plan.fills.length > 0) {
    const fill = p.tables.fill.bind(p.tables);
    yield* io(() => fill(sheetName, plan.fills));
  }
  yield* io(() => p.tables.writeRecord(sheetName, JSON.stringify(withBasis(plan.record))));
  yield* io(() => p.tables.note(sheetName, { ...table, rowCount: rowsIn(plan.record) }));
  return { ...done, written: true };
}
