/**
 * Number formats on the cells of formula answers. A table's formats wait until the engine has
 * spilled it: a table that cannot spill (#SPILL!) owns none of the cells below it, and giving
 * them its formats re-set the formats of cells other answers had formatted — Univer then showed
 * every figure of the sheet rounded (168.99 as 169, -2.36% as 0), and saved it so.
 */
import type { FUniver } from "@univerjs/presets";
import type { CellPlace } from "../formulaCells";
import type { CellFormat } from "../engineErrors";
import { GETTING_DATA, PLAIN_FORMAT } from "../engineErrors";

/** The formats this page gave cells (by sheet and cell), to tell them from the seller's own. */
const ourFormats = new Map<string, string>();

/**
 * Give the cells of an answer their number formats, where the cell's format is still the
 * default or one this page set: a format the seller chose stays.
 */
function formatCells(api: FUniver, place: CellPlace, formats: readonly CellFormat[]): void {
  const sheet = api.getActiveWorkbook()?.getSheetBySheetId(place.sheetId);
  if (!sheet) return;
  for (const [r, c, format] of formats) {
    const key = `${place.sheetId}!${place.row + r}:${place.column + c}`;
    // A cell without a format of its own: only one this page set there goes.
    if (format === PLAIN_FORMAT && !ourFormats.has(key)) continue;
    const cell = sheet.getRange(place.row + r, place.column + c);
    const current = cell.getNumberFormat();
    if (current === format) continue;
    if (current && current !== "General" && current !== ourFormats.get(key)) continue;
    cell.setNumberFormat(format);
    if (format === PLAIN_FORMAT) ourFormats.delete(key);
    else ourFormats.set(key, format);
  }
}

/** Formats answers as they arrive: one cell's at once, a table's once the engine spilled it. */
export function answerFormats(
  api: FUniver,
): (place: CellPlace, formats: readonly CellFormat[]) => void {
  const waiting = new Map<string, { place: CellPlace; formats: readonly CellFormat[] }>();
  // Formatted a turn later, outside the engine's callback (other listeners of it still hear it).
  const formatWaiting = (): void => {
    for (const [key, { place, formats }] of waiting) {
      const sheet = api.getActiveWorkbook()?.getSheetBySheetId(place.sheetId);
      const shown = sheet?.getRange(place.row, place.column).getValue();
      // Not spilled yet, or blocked: the cells around are not this table's.
      if (shown === GETTING_DATA || shown === "#SPILL!") continue;
      waiting.delete(key);
      formatCells(api, place, formats);
    }
  };
  api.getFormula().calculationEnd(() => {
    if (waiting.size > 0) setTimeout(formatWaiting, 0);
  });
  return (place, formats) => {
    if (formats.every(([r, c]) => r === 0 && c === 0)) {
      formatCells(api, place, formats);
      return;
    }
    // The newest answer of the cell wins; it is formatted after the next calculation.
    waiting.set(`${place.sheetId}!${place.row}:${place.column}`, { place, formats });
  };
}
