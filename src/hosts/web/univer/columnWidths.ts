/**
 * Columns a sheet gets from the add-in are sized to what they hold, as Sheets and Excel size
 * an imported table: "Minimalist Bluetooth Speaker" and "Original price (per unit)" read
 * whole instead of cut at the default width. Capped, so one long name does not take the view.
 */
import type { FWorksheet } from "@univerjs/preset-sheets-core";
import type { Cell } from "../../../functions/cells";
import { SENTENCE_WIDTH_PX } from "../../shared/sentenceColumn";

const PX_PER_CHAR = 7; // Arial 11 at 100 %: about 7 px a character on average
const PADDING = 16;
const MIN_WIDTH = 60;
const MAX_WIDTH = 320;
/** Longer text in a formula's table is a sentence, not a label to fit a column to. */
const SENTENCE_CHARS = 40;
/** Rows looked at: enough to see the long names, cheap on a 2,100-row import. */
const SAMPLE_ROWS = 300;

function shownLength(cell: Cell | undefined): number {
  if (cell === null || cell === undefined) return 0;
  if (typeof cell === "number")
    return Number.isInteger(cell) ? String(cell).length : cell.toFixed(2).length + 1;
  return String(cell).length;
}

/** Size columns `col`.. of `sheet` to `rows` (header first), within MIN..MAX px. */
export function fitColumns(
  sheet: FWorksheet,
  col: number,
  rows: readonly (readonly Cell[])[],
): void {
  const width = Math.max(0, ...rows.slice(0, SAMPLE_ROWS).map((r) => r.length));
  for (let c = 0; c < width; c++) {
    let chars = 0;
    for (const row of rows.slice(0, SAMPLE_ROWS)) chars = Math.max(chars, shownLength(row[c]));
    const px = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, chars * PX_PER_CHAR + PADDING));
    sheet.setColumnWidth(col + c, px);
  }
}

/**
 * Widen columns `col`.. of `sheet` to the text a formula's table shows (`shown`, as displayed),
 * never narrowing one (a width the seller chose stays) and never past MAX_WIDTH: a spilled
 * breakdown's "Product cost (COGS)" and a preview's "Current special price" read whole.
 */
export function widenToFit(
  sheet: FWorksheet,
  col: number,
  shown: readonly (readonly string[])[],
): void {
  const width = Math.max(0, ...shown.slice(0, SAMPLE_ROWS).map((r) => r.length));
  for (let c = 0; c < width; c++) {
    let chars = 0;
    for (const row of shown.slice(0, SAMPLE_ROWS)) {
      const length = shownLength(row[c]);
      // A sentence (the Basis line) runs on over the empty cells beside it: no column for it.
      if (length <= SENTENCE_CHARS) chars = Math.max(chars, length);
    }
    const px = Math.min(MAX_WIDTH, chars * PX_PER_CHAR + PADDING);
    if (sheet.getColumnWidth(col + c) < px) sheet.setColumnWidth(col + c, px);
  }
}

/** Size the columns of blocks about to fill an empty sheet (each block column by its rows). */
export function fitBlocks(
  sheet: FWorksheet,
  blocks: readonly { readonly col: number; readonly values: readonly (readonly Cell[])[] }[],
): void {
  for (const col of new Set(blocks.map((b) => b.col)))
    fitColumns(
      sheet,
      col,
      blocks.filter((b) => b.col === col).flatMap((b) => b.values),
    );
}

/** Widen column `col` of `sheet` for sentences (never narrower than it is), its `rows` wrapped. */
export function sentenceWidth(sheet: FWorksheet, col: number, rows: number): void {
  if (sheet.getColumnWidth(col) < SENTENCE_WIDTH_PX) sheet.setColumnWidth(col, SENTENCE_WIDTH_PX);
  sheet.getRange(0, col, Math.max(1, rows), 1).setWrap(true);
}
