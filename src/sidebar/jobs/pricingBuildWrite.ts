/**
 * A pricing sheet build's "write" stage (pricingBuildJob.ts): the table, its formulas, the
 * highlight of rows below target and the record, stamped as building.
 */
import {
  FORMULA_AT,
  PRICING_COLUMNS,
  belowTargetRule,
  pricingColumns,
  rowFormulas,
  type Asked,
} from "../../imports/pricingSheet";
import { NUMBER_FORMATS } from "../../imports/table";
import { io, type Op } from "../op";
import type { SidebarPorts } from "../ports";
import { newSheetRecord, pricingStamp, type newSheetGrid } from "../pricingSheet";
import type { BuildState } from "./pricingBuildJob";
import type { StepContext } from "./jobKind";

const formats = PRICING_COLUMNS.map((c) => NUMBER_FORMATS[c.format]);

/** The sheet before its answers: rows as asked, planned prices moved to the list, cells. */
export type BuiltSheet = ReturnType<typeof newSheetGrid> & {
  readonly asked: Asked[];
  readonly listed: Record<string, number>;
};

/** The sheet's cells, formulas, highlight and record, with a stamp saying it is building. */
export function* writeStage(
  p: SidebarPorts,
  s: BuildState,
  ctx: StepContext,
  sheet: BuiltSheet,
): Op<void> {
  const name = s.ask.sheetName;
  const m = s.ask.marketplace;
  const { asked, listed, grid, blocks } = sheet;
  const width = s.blank?.width ?? 0;
  const blank = s.blank
    ? [
        {
          row: 0,
          col: 0,
          values: blankRows(s.blank.rows, width),
          formats: blankRow(width, "General"),
        },
      ]
    : [];
  yield* io(() => p.tables.write(name, [...blank, ...blocks], true));
  // The import look: a bold header that stays in view while the seller scrolls the rows.
  const headers = grid[0] ?? [];
  yield* io(() => p.tables.boldHeader(name, headers.length));
  // The Answer column's sentences come later: room for them now (a fitted sheet sized it to
  // its header).
  const answerCol = headers.indexOf("Answer");
  if (answerCol >= 0) yield* io(() => p.tables.sentenceColumn?.(name, answerCol, grid.length));
  yield* io(() => p.tables.show?.(name));
  const rows = s.rows.length;
  if (p.tables.formulas && rows > 0) {
    yield* io(() =>
      p.tables.formulas?.(name, {
        row: 1,
        col: pricingColumns(m).findIndex((c) => c.role === "formula"),
        formulas: s.rows.map((_, i) => rowFormulas(i + 2, m)),
        // A Text-formatted cell would keep a formula as its text: General for the flag.
        formats: formats.slice(FORMULA_AT).map((f) => (f === "@" ? "General" : f)),
      }),
    );
    // A replaced sheet's rule stays; a second one only where the new table is longer.
    if (rows > s.highlighted)
      yield* io(() =>
        p.tables.highlightRows?.(name, {
          rows,
          cols: grid[0]?.length ?? 0,
          formula: belowTargetRule(m),
        }),
      );
  }
  const highlighted = Math.max(s.highlighted, p.tables.highlightRows ? rows : 0);
  const record = newSheetRecord(s.ask, s.basis, { ...s, asked, listed, grid, highlighted });
  yield* io(() => p.tables.writeRecord(name, JSON.stringify(record)));
  const done = `Building: answers for ${rows.toLocaleString("en-US")} rows still to come; ${ctx.continues}`;
  yield* pricingStamp(p, name, record, done);
  Object.assign(s, { record, stage: "targets", next: 0 });
}

const blankRow = (width: number, cell = ""): string[] => Array<string>(width).fill(cell);
const blankRows = (rows: number, width: number): string[][] =>
  Array.from({ length: rows }, () => blankRow(width));
