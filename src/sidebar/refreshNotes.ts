/**
 * What a managed table's refresh says beyond its counts, in the seller's words: the copied
 * rows it named and did not refresh, the columns it left alone, a record made again from the
 * sheet; and the cells kept as the seller typed them, each named (the Refresh log's own
 * column and the sidebar's line: issue 33).
 */
import { counted } from "../core/counted";
import type { CopiedRow } from "../imports/managedTable";
import type { EditedCellView } from "./views";

/** Cells named in a log row: the first few, and how many more. */
const NAMED = 10;

/** The notes of a refresh, each a sentence. */
export function refreshNotes(done: {
  readonly copies: readonly CopiedRow[];
  readonly leftAlone: readonly string[];
  readonly rebuilt: boolean;
}): string[] {
  const notes: string[] = [];
  if (done.rebuilt)
    notes.push(
      "The table's record was missing or cut short: it was made again from the sheet's headers and ids.",
    );
  if (done.copies.length > 0) {
    const rows = done.copies
      .slice(0, NAMED)
      .map((c) => `row ${c.row} (${c.id}, a copy of row ${c.of})`)
      .join(", ");
    const more = done.copies.length > NAMED ? ` and ${done.copies.length - NAMED} more` : "";
    notes.push(
      `${counted(done.copies.length, "row")} holding another row's id not refreshed: ${rows}${more}. Delete the copy, or give it its own id.`,
    );
  }
  if (done.leftAlone.length > 0)
    notes.push(
      `Left alone: the column${done.leftAlone.length === 1 ? "" : "s"} headed "${done.leftAlone.join('", "')}" (two columns with one header, or one no longer holding the add-in's figures): rename the one you added.`,
    );
  return notes;
}

/** The cells kept as the seller typed them, named: "E3 (Total profit of 102: yours 999, the API's 201)". */
export function keptCells(edited: readonly EditedCellView[]): string {
  if (edited.length === 0) return "";
  const named = edited
    .slice(0, NAMED)
    .map((e) => `${e.cell} (${e.header} of ${e.id}: yours ${e.yours}, the API's ${e.api})`)
    .join("; ");
  const more = edited.length > NAMED ? `; and ${edited.length - NAMED} more` : "";
  return `${counted(edited.length, "cell")} kept as typed: ${named}${more}`;
}
