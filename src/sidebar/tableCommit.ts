/**
 * Committing an import as a managed table. The first import writes the whole table (the
 * host's stage, atomically) and records its columns, ids and values; every later import of
 * that sheet is a refresh planned by imports/managedTable.ts and written as blocks of owned
 * cells only, so the seller's columns and cells stay where they are.
 */
import type { Cell } from "../functions/cells";
import type { ImportColumn } from "../imports/table";
import {
  firstRecord,
  keyHeaders,
  parseTableRecord,
  planRefresh,
  withStatus,
  type EditChoice,
  type EditedCell,
} from "../imports/managedTable";
import type { TableBasis } from "../imports/tableBasis";
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
    };

const plain = (c: Cell): PlainCell => (c instanceof Date ? c.toISOString() : c);
const view = (e: EditedCell): EditedCellView => ({
  ...e,
  yours: plain(e.yours),
  api: plain(e.api),
});

const rowsIn = (record: { last: object }): number => Object.keys(record.last).length;

/** The table a staged import becomes: its columns and the Status column after them. */
export function managedColumns(columns: readonly ImportColumn[]): ImportColumn[] {
  return keyHeaders(columns).length > 0 ? withStatus(columns) : [...columns];
}

/**
 * Write a staged import into `sheetName`: whole when the sheet has no table record (or the
 * table has no id column), else merged by id. `choice` undefined with edited cells: nothing is
 * written and the edits are returned for the seller to decide on.
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
): Op<TableCommit> {
  const withBasis = <R extends object>(r: R): R => (basis ? { ...r, basis } : r);
  const columns = table.columns;
  const rows = yield* io(() => p.stage.rows(token, table.rowCount, Math.max(1, columns.length)));
  const record = replace ? null : parseTableRecord(yield* io(() => p.tables.readRecord(sheetName)));
  const grid = record ? yield* io(() => p.tables.read(sheetName)) : null;
  if (!record || !grid || grid.length === 0 || keyHeaders(columns).length === 0) {
    const owned = managedColumns(columns);
    yield* io(() => p.stage.commit(token, sheetName, { ...table, columns: owned }, show));
    const key = keyHeaders(owned);
    if (key.length > 0) {
      const text = JSON.stringify(withBasis(firstRecord(columns, rows)));
      yield* io(() => p.tables.writeRecord(sheetName, text));
    }
    return { kind: "whole" };
  }
  const freshKey = keyHeaders(columns).join(", ");
  if (freshKey !== record.key.join(", ")) {
    throw new Error(
      `${sheetName} holds a table keyed by ${record.key.join(", ")}, and this import's rows are keyed by ${freshKey}: import into a new sheet`,
    );
  }
  const plan = planRefresh({
    grid,
    record,
    columns,
    rows,
    today: new Date(p.now()).toISOString().slice(0, 10),
    ...(choice ? { choice } : {}),
  });
  const changes = {
    updated: plan.updatedRows,
    appended: plan.appendedRows,
    vanished: plan.vanishedRows,
  };
  const edited = plan.edited.map(view);
  if (edited.length > 0 && choice === undefined) {
    return { kind: "refresh", edited, written: false, changes };
  }
  yield* io(() => p.tables.write(sheetName, plan.blocks));
  yield* io(() => p.tables.writeRecord(sheetName, JSON.stringify(withBasis(plan.record))));
  yield* io(() => p.tables.note(sheetName, { ...table, rowCount: rowsIn(plan.record) }));
  return { kind: "refresh", edited, written: true, changes };
}
