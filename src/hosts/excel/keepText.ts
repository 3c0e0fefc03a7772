/**
 * The one way the task pane writes cells into Excel: number formats first (text cells Text,
 * "@"), then the values, and the text cells read back in the same sync. That a Text cell keeps
 * any string as given is Excel's UI behaviour, not in the API reference (test/hosts/FAKES.md
 * E-B3): a text cell that read back as something else (a formula, a number, a date) is written
 * again behind an apostrophe, Excel's prefix character that keeps the rest as text. Where "@"
 * holds, as it does today, this costs one load per write and writes nothing more.
 */
import type { XlRange, XlWorksheet } from "./xlTypes";

type Written = string | number | boolean;

/**
 * Queue a block's formats and values at (top, left); `formula(i, j)` marks cells whose string
 * is a formula (never checked as text). Returns the check to call after the next sync: it
 * queues the rewrites of converted text cells and says how many (0: nothing to sync).
 */
export function writeKeepingText(
  sheet: XlWorksheet,
  top: number,
  left: number,
  width: number,
  values: readonly (readonly Written[])[],
  formats: readonly (readonly string[])[],
  formula: (row: number, column: number) => boolean = () => false,
): () => number {
  const range = sheet.getRangeByIndexes(top, left, values.length, width);
  range.numberFormat = formats.map((r) => [...r]);
  range.values = values.map((r) => [...r]);
  const isText = (v: Written | undefined, i: number, j: number): v is string =>
    typeof v === "string" && v !== "" && !formula(i, j);
  if (!values.some((r, i) => r.some((v, j) => isText(v, i, j)))) return () => 0;
  range.load("values");
  return () => rewriteConverted(sheet, top, left, values, range, isText);
}

function rewriteConverted(
  sheet: XlWorksheet,
  top: number,
  left: number,
  values: readonly (readonly Written[])[],
  range: XlRange,
  isText: (v: Written | undefined, i: number, j: number) => v is string,
): number {
  let rewritten = 0;
  values.forEach((r, i) =>
    r.forEach((v, j) => {
      if (!isText(v, i, j) || range.values[i]?.[j] === v) return;
      sheet.getRangeByIndexes(top + i, left + j, 1, 1).values = [[`'${v}`]];
      rewritten++;
    }),
  );
  return rewritten;
}

/** Run the checks of writes that were just synced; how many rewrites they queued. */
export function settleText(checks: Array<() => number>): number {
  return checks.splice(0).reduce((queued, check) => queued + check(), 0);
}
