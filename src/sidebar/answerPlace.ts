/**
 * Where a bulk run's answers go, decided once for every host (issue 12: never overwrite
 * without asking). By default the first empty columns to the right of the cells read; right
 * beside them when the seller chose so, and then over data only after the seller confirmed a
 * question that names the range. No confirmation, nothing written.
 */
import type { Cell } from "../functions/cells";
import { confirmText, outputPlace } from "../imports/freeColumns";
import { parseRangeAddress, type RangeBox } from "../imports/rangeAddress";

/** The sheet side a host gives: read the rows beside the input, write a block. */
export interface AnswerSheet {
  /**
   * The read rows (box.r0..r1 of box.sheet) from column A to the sheet's last used column;
   * a non-empty cell may come as any non-empty marker.
   */
  readRows(read: RangeBox): Promise<Cell[][]>;
  /**
   * Write `values` with their top-left cell at `at`, each in its number format from `formats`
   * where one is given ("" keeps the host's own); the address written.
   */
  writeBlock(
    at: RangeBox,
    values: Cell[][],
    formats?: readonly (readonly string[])[],
  ): Promise<{ address: string }>;
}

/** The seller's choice of place, and how the host asks. */
export interface AnswerPlaceChoice {
  /** Right beside the cells read, even where that holds data (after confirmation). */
  readonly beside?: boolean;
  /** Ask the seller; absent, data is never written over. */
  readonly confirm?: (question: string) => Promise<boolean>;
}

/** Where the answers were written, or where they were not because the seller said no. */
export interface PlacedAnswers {
  readonly address: string;
  readonly written: boolean;
}

/**
 * Write `values` (one row per row read from `readAddress`) where `choice` allows, each in its
 * number format from `formats` (a bulk answer's money, margins: as imports write them).
 */
export async function writeAnswers(
  sheet: AnswerSheet,
  readAddress: string,
  values: Cell[][],
  choice: AnswerPlaceChoice = {},
  formats?: readonly (readonly string[])[],
): Promise<PlacedAnswers> {
  const read = parseRangeAddress(readAddress);
  const width = Math.max(1, ...values.map((r) => r.length));
  const place = outputPlace(read, width, await sheet.readRows(read), choice.beside === true);
  if (place.overwrites && !(await choice.confirm?.(confirmText(place)))) {
    return { address: place.address, written: false };
  }
  const written = await sheet.writeBlock(place.box, values, formats);
  return { address: written.address, written: true };
}
