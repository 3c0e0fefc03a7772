/**
 * Excel's Insert and Delete of rows and columns on the workbook fake: every stored thing of a
 * cell (value, number format, fill, bold, note) moves as `to` says (null: gone). The fake
 * computes nothing, so formulas' references are not rewritten (FAKES.md).
 */
import { moveKeys } from "../cellKeys";
import type { SheetRecord } from "./fakeWorkbook";

/** Column letters of a 0-based index, and back. */
const letters = (c: number): string =>
  c < 26 ? String.fromCharCode(65 + c) : letters(Math.floor(c / 26) - 1) + letters(c % 26);
const columnOf = (l: string): number =>
  [...l].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;

/** A note's cell moves with its cell ("'Top'!B1 text" after a column is inserted left of A). */
function moveNotes(rec: SheetRecord, to: (r: number, c: number) => [number, number] | null) {
  const kept = rec.notes.flatMap((n) => {
    const m = /^(.*!)\$?([A-Z]+)\$?(\d+) ([\s\S]*)$/.exec(n);
    if (!m) return [n];
    const next = to(Number(m[3]) - 1, columnOf(m[2] as string));
    return next ? [`${m[1]}${letters(next[1])}${next[0] + 1} ${m[4]}`] : [];
  });
  rec.notes.splice(0, rec.notes.length, ...kept);
}

export function moveCells(
  rec: SheetRecord,
  to: (r: number, c: number) => [number, number] | null,
): void {
  moveKeys(rec.values, to);
  moveKeys(rec.formats, to);
  moveKeys(rec.fills, to);
  const bold = new Map([...rec.bold].map((k) => [k, true]));
  moveKeys(bold, to);
  rec.bold.clear();
  for (const k of bold.keys()) rec.bold.add(k);
  moveNotes(rec, to);
}
