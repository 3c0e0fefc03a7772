/**
 * Where a bulk run writes its answers without overwriting the seller's data (issue 12): the
 * first block of columns to the right of the cells it read whose output rows are all empty.
 * Writing anywhere else is a choice the seller confirms, and the confirmation names the range.
 * Pure: a host reads the rows beside the selection, asks here, then writes or asks first.
 */
import type { Cell } from "../functions/cells";
import { columnLetters, type RangeBox } from "./rangeAddress";

/** Where the answers go. */
export interface OutputPlace {
  readonly box: RangeBox;
  /** "Inputs!D1:E31", for messages. */
  readonly address: string;
  /** True when the target holds data: write only after the seller confirmed `confirmText`. */
  readonly overwrites: boolean;
}

/** "Sheet1!C1:D3" ('My sheet' quoted). */
export function boxAddress(box: RangeBox): string {
  const sheet = /^[A-Za-z0-9_]+$/.test(box.sheet)
    ? box.sheet
    : `'${box.sheet.replace(/'/g, "''")}'`;
  return `${sheet}!${columnLetters(box.c0)}${box.r0 + 1}:${columnLetters(box.c1)}${box.r1 + 1}`;
}

function isEmpty(cell: Cell | undefined): boolean {
  return cell === undefined || cell === null || cell === "";
}

/**
 * The answers' place for `read` (the cells the run read) and `width` output columns.
 * `rows` are the sheet's values of the read rows (row i = read.r0 + i), from column A.
 * `besideOnly` keeps the place right beside the read cells (the seller chose it): then it
 * may overwrite, and says so.
 */
export function outputPlace(
  read: RangeBox,
  width: number,
  rows: readonly (readonly Cell[])[],
  besideOnly = false,
): OutputPlace {
  const span = read.r1 - read.r0 + 1;
  const freeFrom = (c0: number): boolean => {
    for (let r = 0; r < span; r++)
      for (let c = c0; c < c0 + width; c++) if (!isEmpty(rows[r]?.[c])) return false;
    return true;
  };
  let c0 = read.c1 + 1;
  if (!besideOnly) while (!freeFrom(c0)) c0++;
  const box = { sheet: read.sheet, r0: read.r0, r1: read.r1, c0, c1: c0 + width - 1 };
  return { box, address: boxAddress(box), overwrites: !freeFrom(c0) };
}

/** The question a host asks before writing over data. */
export function confirmText(place: OutputPlace): string {
  return `${place.address} holds data. Write the answers over it, or leave it as it is?`;
}
