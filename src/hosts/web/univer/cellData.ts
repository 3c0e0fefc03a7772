/**
 * Cells as the engine stores them: a value with its type and number format. Text is written
 * as text (FORCE_STRING where the grid would read it otherwise), so a product called
 * "=HYPERLINK(...)" or "00123" stays what it was;
 * dates are serial numbers with a date format, as a spreadsheet keeps them.
 */
import { readsAsOther } from "../forcedText";
import { CellValueType, type CellValue, type ICellData, type Nullable } from "@univerjs/presets";
import type { Cell } from "../../../functions/cells";
import { fitCellText } from "../../../core/cellLimit";
import { pointsToFraction } from "../../../core/marginUnit";
import { dateToSerial } from "../../shared/excelValues";

const DATE_FORMAT = "yyyy-mm-dd hh:mm";

/** One written cell, with a column's number format for numbers. */
export function cellData(cell: Cell, numberFormat: string | null = null): ICellData {
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return {};
    return { v: dateToSerial(cell), t: CellValueType.NUMBER, s: { n: { pattern: DATE_FORMAT } } };
  }
  if (typeof cell === "number")
    return numberFormat && numberFormat !== "@"
      ? { v: cell, t: CellValueType.NUMBER, s: { n: { pattern: numberFormat } } }
      : { v: cell, t: CellValueType.NUMBER };
  if (typeof cell === "boolean") return { v: cell, t: CellValueType.BOOLEAN };
  // Empty data merges nothing in Univer (the old value stays): nulls clear the cell, as
  // Excel's "" does, so a figure that became empty does not keep its last value.
  if (cell === "") return { v: null, f: null, p: null, si: null };
  const text = fitCellText(cell);
  // Forced text shows a leading ' in the formula bar ('Rank): only text the grid would read
  // as a number, date, boolean or formula is forced.
  return { v: text, t: readsAsOther(text) ? CellValueType.FORCE_STRING : CellValueType.STRING };
}

/** What a seller types: "=..." is a formula, a leading apostrophe keeps text, numbers are numbers. */
export function typedCell(input: string | number | boolean): ICellData {
  if (typeof input !== "string") return cellData(input);
  if (input.startsWith("=")) return { f: input };
  if (input.startsWith("'")) return cellData(input.slice(1));
  const n = Number(input);
  return input.trim() !== "" && Number.isFinite(n) ? cellData(n) : cellData(input);
}

/** A cell's value from its stored data (`raw`) and what the engine shows (`shown`). */
export function cellValue(raw: Nullable<ICellData>, shown: Nullable<CellValue>): Cell {
  const v = raw?.v;
  if (raw?.t === CellValueType.BOOLEAN && v !== null && v !== undefined)
    return v === true || v === 1 || String(v).toUpperCase() === "TRUE";
  if (typeof v === "number" && raw?.f === undefined && raw?.si === undefined) return v;
  return shown ?? "";
}

/** "-1,234.50" -> -1234.5, "23.50%" -> 0.235; null for other text. */
export function figureFromText(text: string): number | null {
  const m = /^(-?[\d,]*\.?\d+)(%?)$/.exec(text.trim());
  if (!m) return null;
  const n = Number((m[1] ?? "").replace(/,/g, ""));
  return Number.isFinite(n) ? (m[2] ? pointsToFraction(n) : n) : null;
}
