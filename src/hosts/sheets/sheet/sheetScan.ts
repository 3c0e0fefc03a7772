/**
 * Reading what a spreadsheet's cells show and hold, two reads per sheet (display values and
 * formulas of the used area), to find the cells an action is about: waiting cells for the
 * filler, our formula cells in a refresh scope.
 */

/** What Sheets shows in a custom-function cell that is still running. */
export const LOADING_TEXT = "Loading...";

/** The slice of a Sheet this needs. */
export interface ScannedSheet {
  getName(): string;
  getLastRow(): number;
  getLastColumn(): number;
  getRange(
    row: number,
    column: number,
    numRows: number,
    numColumns: number,
  ): { getDisplayValues(): string[][]; getFormulas(): string[][] };
}

/** A cell found, with what it shows and its formula ("" for none). */
export interface FoundCell<S> {
  readonly sheet: S;
  readonly row: number;
  readonly col: number;
  readonly text: string;
  readonly formula: string;
}

/** Where to look on one sheet: the used area, or a block (a selection). */
export interface ScanArea<S> {
  readonly sheet: S;
  readonly row?: number;
  readonly col?: number;
  readonly rows?: number;
  readonly cols?: number;
}

/** Cells whose text and formula match, and how many cells still show Loading... */
export function scanSheets<S extends ScannedSheet>(
  areas: ReadonlyArray<S | ScanArea<S>>,
  match: (text: string, formula: string) => boolean,
): { found: Array<FoundCell<S>>; loading: number } {
  const found: Array<FoundCell<S>> = [];
  let loading = 0;
  for (const a of areas) {
    const area: ScanArea<S> = "sheet" in a ? a : { sheet: a };
    const sheet = area.sheet;
    const row = area.row ?? 1;
    const col = area.col ?? 1;
    const rows = area.rows ?? sheet.getLastRow() - row + 1;
    const cols = area.cols ?? sheet.getLastColumn() - col + 1;
    if (rows < 1 || cols < 1) continue;
    const range = sheet.getRange(row, col, rows, cols);
    const texts = range.getDisplayValues();
    const formulas = range.getFormulas();
    texts.forEach((line, i) =>
      line.forEach((text, j) => {
        const formula = formulas[i]?.[j] ?? "";
        if (formula !== "" && text === LOADING_TEXT) loading++;
        if (match(text, formula)) found.push({ sheet, row: row + i, col: col + j, text, formula });
      }),
    );
  }
  return { found, loading };
}
