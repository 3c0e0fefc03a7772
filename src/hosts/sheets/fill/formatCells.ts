/**
 * Number formats for our formula cells. A custom function cannot format its cell (Spreadsheet
 * is read-only inside it), so the add-on does it where it writes with full rights: the cells
 * it fills or refreshes (clear, flush, set back) and the formula the seller inserts from the
 * builder. A cell's formats are its answer's (functions/cells.ts resultFormats: money in the
 * shop currency's decimals, margins as %), read from the cache the cell itself answers from;
 * a spill's cells get theirs by offset. Formats follow the answer (issue 35): a cell of the
 * answer takes its figure's format where it has the automatic one or one of the figure
 * table's (a format some answer left there), and gives such a format back where it holds no
 * figure now; a table Sheets could not expand (#REF!, or another formula in its cells) gives
 * its formats back from the empty cells it would have filled. A format the seller chose (any other) stays. A cell whose answer
 * is not cached keeps its format.
 */
import { runSync } from "../../../core";
import { functionByName } from "../../../functions";
import { resultFormats } from "../../../functions/cells";
import { FIGURE_LOOKS } from "../../../core/figure";
import { firstCalls, runFromCache } from "../cells/cacheOnly";
import { readFormula } from "../cells/r1c1Formula";
import { closeSession, openSession } from "../cells/session";
import { argsForRows, type ReadableBook, type ReadableSheet } from "../cells/siblingCells";
import { cacheKeysOf } from "./readAhead";

/** A sheet whose cells' number formats can be read and set. */
export interface FormattableSheet extends ReadableSheet {
  getRange(
    row: number,
    column: number,
    numRows: number,
    numColumns: number,
  ): {
    getValues(): unknown[][];
    getFormulasR1C1(): (string | null)[][];
    getNumberFormats(): string[][];
    setNumberFormats(formats: string[][]): unknown;
  };
}

/** Formats Sheets reports for a cell nobody formatted ("Automatic"). */
const AUTOMATIC = new Set(["", "General", "0.###############"]);

/** The format that gives a cell back its automatic one. */
const RESET = "General";

/**
 * The figure table's formats: on a cell of an answer, one an answer put there (the add-on sets
 * no other), so the next answer there may change it. A seller who picked exactly one of these
 * by hand sees it follow the answer too; any other format of theirs stays.
 */
const FIGURE_FORMATS: ReadonlySet<string> = new Set(
  Object.values(FIGURE_LOOKS).flatMap((look) => [look.format(null), look.format("VND")]),
);

/** An error value Sheets shows in a formula cell (#REF! where an array could not expand). */
const SHOWS_ERROR = /^#[A-Z/0-9]+[!?]?$/;

/** A formula cell, 1-based. */
interface At {
  readonly row: number;
  readonly col: number;
}

/**
 * Give `cells` (our formula cells of `sheet`) their answers' number formats where they are
 * still automatic; `live`: a cell whose answer is not cached asks the API once (an inserted
 * formula: the cell then answers from that cache entry). Returns the cells formatted.
 */
export function formatFormulaCells(
  book: ReadableBook,
  sheet: FormattableSheet,
  cells: readonly At[],
  live = false,
): number {
  if (cells.length === 0) return 0;
  const wanted = new Map<string, string>(); // "row,col" -> format ("" for none)
  const released = new Set<string>(); // cells a blocked answer would fill
  const session = openSession();
  try {
    const env = session.env;
    for (const [col, group] of byFormula(sheet, cells)) {
      const formula = readFormula(group.text);
      const fn = formula ? functionByName(formula.name) : undefined;
      if (!formula || !fn) continue;
      const rows = argsForRows(book, sheet, formula, group.rows, col);
      const shown = shownValues(sheet, col, group.rows);
      if (env.cache)
        session.readAhead.prime(
          cacheKeysOf(
            rows.flatMap((r) => firstCalls(() => fn.program(r.args, session.basis))),
            env.cache,
            env,
          ),
        );
      for (const r of rows) {
        const cached = runFromCache(fn.program(r.args, session.basis), env);
        let result = "value" in cached ? cached.value : undefined;
        if (result === undefined && live)
          try {
            result = runSync(fn.program(r.args, session.basis), env);
          } catch {
            continue; // the cell says why itself
          }
        if (result === undefined) continue;
        const formats = resultFormats(result);
        const grid = Array.isArray(formats) ? formats : [[formats]];
        const blocked =
          SHOWS_ERROR.test(String(shown.get(r.row) ?? "")) ||
          formulaInside(sheet, r.row, col, grid.length, grid[0]?.length ?? 1);
        grid.forEach((line, i) =>
          line.forEach((f, j) => {
            const at = `${r.row + i},${col + j}`;
            if (blocked) released.add(at);
            else wanted.set(at, f);
          }),
        );
      }
    }
  } finally {
    closeSession(session);
  }
  // A blocked table's cells that stayed empty: nothing shows there, so nothing owns a format.
  for (const at of emptyCells(sheet, released)) if (!wanted.has(at)) wanted.set(at, "");
  return applyFormats(sheet, wanted);
}

/** The values the formula cells show now, by row ("#REF!" where Sheets could not expand). */
function shownValues(
  sheet: FormattableSheet,
  col: number,
  rows: readonly number[],
): Map<number, unknown> {
  const top = Math.min(...rows);
  const values = sheet.getRange(top, col, Math.max(...rows) - top + 1, 1).getValues();
  return new Map(rows.map((r) => [r, values[r - top]?.[0]]));
}

/**
 * Whether another formula stands in the table's cells (its top-left one aside): Sheets cannot
 * expand it there (#REF!). Read from the formulas, because right after a refresh's flush the
 * top cell may still read "Loading..." rather than its error.
 */
function formulaInside(
  sheet: FormattableSheet,
  row: number,
  col: number,
  rows: number,
  cols: number,
): boolean {
  if (rows * cols <= 1) return false;
  const formulas = sheet.getRange(row, col, rows, cols).getFormulasR1C1();
  return formulas.some((line, i) => line.some((f, j) => (i > 0 || j > 0) && !!f));
}

/** The cells of `at` ("row,col") that hold nothing, read one column run at a time. */
function emptyCells(sheet: FormattableSheet, at: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const byCol = new Map<number, number[]>();
  for (const k of at) {
    const [row, col] = k.split(",").map(Number) as [number, number];
    byCol.set(col, [...(byCol.get(col) ?? []), row]);
  }
  for (const [col, rows] of byCol) {
    const top = Math.min(...rows);
    const values = sheet.getRange(top, col, Math.max(...rows) - top + 1, 1).getValues();
    for (const r of rows) {
      const v = values[r - top]?.[0];
      if (v === "" || v === null || v === undefined) out.push(`${r},${col}`);
    }
  }
  return out;
}

/** The cells grouped by column and R1C1 text (a fill-down's cells share one). */
function byFormula(
  sheet: FormattableSheet,
  cells: readonly At[],
): Array<[number, { text: string; rows: number[] }]> {
  const groups = new Map<string, { col: number; text: string; rows: number[] }>();
  for (const col of new Set(cells.map((c) => c.col))) {
    const rows = cells.filter((c) => c.col === col).map((c) => c.row);
    const top = Math.min(...rows);
    const texts = sheet.getRange(top, col, Math.max(...rows) - top + 1, 1).getFormulasR1C1();
    for (const row of rows) {
      const text = texts[row - top]?.[0] ?? "";
      const key = `${col}\n${text}`;
      const group = groups.get(key) ?? { col, text, rows: [] };
      group.rows.push(row);
      groups.set(key, group);
    }
  }
  return [...groups.values()].map((g) => [g.col, { text: g.text, rows: g.rows }]);
}

/**
 * Set the wanted formats column by column (one read, one write each) on cells whose format is
 * automatic or an answer's; "" gives such a cell its automatic format back.
 */
function applyFormats(sheet: FormattableSheet, wanted: ReadonlyMap<string, string>): number {
  const columns = new Map<number, Map<number, string>>();
  for (const [at, format] of wanted) {
    const [row, col] = at.split(",").map(Number) as [number, number];
    columns.set(col, (columns.get(col) ?? new Map<number, string>()).set(row, format));
  }
  let set = 0;
  for (const [col, rows] of columns) {
    const top = Math.min(...rows.keys());
    const range = sheet.getRange(top, col, Math.max(...rows.keys()) - top + 1, 1);
    const now = range.getNumberFormats();
    let changed = false;
    const next = now.map((line, i) => {
      const format = rows.get(top + i);
      const current = line[0] ?? "";
      const ours = AUTOMATIC.has(current) || FIGURE_FORMATS.has(current);
      // "" wants no format: an automatic cell stays as it is.
      if (format === undefined || !ours || format === current) return [current];
      if (format === "" && AUTOMATIC.has(current)) return [current];
      changed = true;
      set++;
      return [format === "" ? RESET : format];
    });
    if (changed) range.setNumberFormats(next);
  }
  return set;
}
