/**
 * What the seller-data model needs of a host: the seller's eyes (a sheet's values), the
 * seller's hands (typing, inserting and deleting rows and columns, sorting, renaming, losing
 * the table's record: what the host's own UI does to its cells), and the add-in's public
 * operations as that host runs them (the sidebar's import loop, the unattended refresh, the
 * re-sort, the snapshot).
 */
import type { Cell } from "../../src/functions/cells";
import type { ImportDefinition } from "../../src/imports/definitions";
import type { QuestionAnswers } from "../../src/sidebar/importQuestions";
import type { ImportResult } from "../../src/sidebar/views";
import { goneRowsQuestionText } from "../../src/ui/goneRowsText";
import type { TeamBridge } from "../../src/ui/teamBridge";
import type { ScriptedApi } from "./scriptedApi";

export type HostName = "sheets" | "excel" | "web";

/** The seller's answer to a question the sidebar asks. */
export type Confirm = (question: string, answers: QuestionAnswers) => Promise<boolean>;

/** What an unattended refresh did to one saved import. */
export interface UnattendedOutcome {
  /** It wrote the table. */
  readonly written: boolean;
  /** Why not, or what it left (kept cells). */
  readonly notes: readonly string[];
}

export interface ModelHost {
  readonly name: HostName;
  /** A sheet's values from A1 to its last used cell ([] when empty), null when missing. */
  grid(sheet: string): Promise<Cell[][] | null>;
  sheetNames(): Promise<string[]>;
  /** The sheet's cells and every table record the host keeps, as one text (a refused step). */
  fingerprint(sheet: string): Promise<string>;

  /** The seller types a value into a cell (0-based). */
  type(sheet: string, row: number, col: number, value: Cell): Promise<void>;
  /** Insert > Column left of `col`; cells at and right of it move right. */
  insertColumn(sheet: string, col: number): Promise<void>;
  deleteColumn(sheet: string, col: number): Promise<void>;
  /** Insert > Row above `row`. */
  insertRow(sheet: string, row: number): Promise<void>;
  deleteRow(sheet: string, row: number): Promise<void>;
  /**
   * Data > Sort range: rows `top`..`top + rows - 1` of columns `left`..`left + cols - 1`, by
   * column `by` (absolute), as `sortOrder` orders them. Cells outside the range stay.
   */
  sortRange(
    sheet: string,
    box: { top: number; left: number; rows: number; cols: number },
    by: number,
    ascending: boolean,
  ): Promise<void>;
  /** Copy row `from` and paste it over row `to` (values, formats). */
  copyRow(sheet: string, from: number, to: number): Promise<void>;
  renameSheet(from: string, to: string): Promise<void>;
  /** Delete the table's record where the host keeps it, or cut characters off its end. */
  loseRecord(sheet: string, how: "delete" | "truncate"): Promise<void>;

  /** Settings > profit basis (the sales window and VAT every import sends). */
  setBasis(basis: { readonly countVat: boolean; readonly salesWindowDays: number }): Promise<void>;

  /** The sidebar's Save. Throws what the sidebar shows when it refuses. */
  saveImport(def: ImportDefinition): Promise<void>;
  /** The sidebar's Import (its import loop, asking the seller through `confirm`). */
  runImport(def: ImportDefinition, confirm: Confirm): Promise<ImportResult>;
  /** The unattended refresh of the saved import (Sheets: menu or daily; Excel: on open). */
  refreshSaved(kind: "menu" | "daily", def: ImportDefinition): Promise<UnattendedOutcome>;
  resort(sheet: string): Promise<void>;
  /**
   * The sidebar's "Remove gone rows": its question (every seller cell on those rows named) to
   * `confirm`, the removal only on yes. Throws what the sidebar shows when it refuses.
   */
  removeGone(sheet: string, confirm: Confirm): Promise<void>;
  snapshot(sheet: string): Promise<void>;
  /**
   * The same document and account in a new host answered by `api` (a sequence starts from a
   * copy of the first import, not from the import again: the same cells either way).
   */
  fork?(api: ScriptedApi): ModelHost;
  /** Leave nothing running (servers, timers). */
  close?(): Promise<void>;
}

/** The order a spreadsheet's sort gives rows: blanks last, numbers before text before booleans. */
export function sortOrder(values: readonly Cell[], ascending: boolean): number[] {
  const rank = (c: Cell): number =>
    c === "" || c === null || c === undefined
      ? 3
      : typeof c === "number"
        ? 0
        : typeof c === "boolean"
          ? 2
          : 1;
  const order = values.map((_, i) => i);
  order.sort((a, b) => {
    const [x, y] = [values[a] as Cell, values[b] as Cell];
    const [rx, ry] = [rank(x), rank(y)];
    if (rx === 3 || ry === 3) return rx - ry || a - b; // blanks last either way
    if (rx !== ry) return (ascending ? 1 : -1) * (rx - ry);
    const cmp =
      rx === 0
        ? (x as number) - (y as number)
        : String(x).toLowerCase().localeCompare(String(y).toLowerCase());
    return (ascending ? cmp : -cmp) || a - b;
  });
  return order;
}

/** "Remove gone rows" as the Team workbook section runs it (ui/teamSection.ts). */
export async function removeGoneAsked(
  team: Pick<TeamBridge, "goneRows" | "removeGoneRows">,
  sheet: string,
  confirm: Confirm,
): Promise<void> {
  const asked = await team.goneRows(sheet);
  if (asked.rows === 0) return;
  const yes = await confirm(goneRowsQuestionText(asked), { yes: "Remove them", no: "Keep them" });
  if (yes) await team.removeGoneRows(asked.sheetName, asked.token);
}
