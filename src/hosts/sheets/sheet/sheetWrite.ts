/**
 * The one way the add-on writes cells into Sheets: chunk by chunk, each chunk's text cells set
 * to the Plain text format ("@") just before its values, so setValues stores the text exactly
 * (src/imports/cellText.ts says why), then read back: a text cell Sheets changed anyway is
 * written again behind an apostrophe. Numbers keep a format: the column's when the caller
 * names one, else the one the cell has now (the seller's own, in a bulk answer's cells).
 */
import type { Cell } from "../../../functions/cells";
import { WRITE_CHUNK_ROWS, blockFormats, chunkRows, fittedCell } from "../../../imports/cellText";
import type { SbSheet } from "./sheetTypes";

/**
 * Write `rows` with their top-left cell at (top, left), every row padded to `width`; with
 * `columnFormat`, numbers get their column's format in the same call; with `cellFormats`
 * (rows as `rows`), each cell its own where one is given (a bulk answer's figures).
 */
export function writeCells(
  sheet: SbSheet,
  top: number,
  left: number,
  width: number,
  rows: readonly (readonly Cell[])[],
  /** A cell's format by its column (and its row's cells: an overview's value by its metric). */
  columnFormat?: (column: number, row: readonly Cell[]) => string,
  cellFormats?: readonly (readonly string[])[],
): void {
  let row = top;
  for (const chunk of chunkRows(rows, WRITE_CHUNK_ROWS)) {
    const padded = chunk.map((r) => [...r, ...new Array<Cell>(width - r.length).fill("")]);
    const range = sheet.getRange(row, left, padded.length, width);
    const hasText = padded.some((r) => r.some((c) => typeof c === "string" && c !== ""));
    const given = cellFormats?.slice(row - top, row - top + padded.length);
    if (columnFormat)
      range.setNumberFormats(blockFormats(padded, (i, j) => columnFormat(j, padded[i] ?? [])));
    else if (hasText || given?.some((r) => r.some((f) => f !== ""))) {
      const now = range.getNumberFormats();
      range.setNumberFormats(blockFormats(padded, (i, j) => given?.[i]?.[j] || now[i]?.[j] || ""));
    }
    const written = padded.map((r) => r.map(fittedCell));
    range.setValues(written);
    if (hasText) keepText(sheet, row, left, written, range.getValues(), range.getFormulas());
    row += padded.length;
  }
}

/**
 * That Plain text ("@") keeps any string as given is Sheets' UI behaviour, not in its API
 * reference: a text cell that read back as something else (a formula, a parsed number) is
 * written again behind an apostrophe, Sheets' own "keep this as text". Where "@" holds, as it
 * does today, this reads twice per chunk and writes nothing.
 */
function keepText(
  sheet: SbSheet,
  top: number,
  left: number,
  written: readonly (readonly Cell[])[],
  back: readonly (readonly unknown[])[],
  formulas: readonly (readonly string[])[],
): void {
  written.forEach((line, i) =>
    line.forEach((c, j) => {
      if (typeof c === "string" && c !== "" && (back[i]?.[j] !== c || formulas[i]?.[j]))
        sheet.getRange(top + i, left + j, 1, 1).setValues([[`'${c}`]]);
    }),
  );
}
