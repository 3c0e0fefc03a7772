/**
 * Number formats for our formula cells. A custom function cannot format its cell (Spreadsheet
 * is read-only inside it), so the add-on does it where it writes with full rights: the cells
 * it fills or refreshes (clear, flush, set back) and the formula the seller inserts from the
 * builder. A cell's formats are its answer's (functions/cells.ts resultFormats: money in the
 * shop currency's decimals, margins as %), read from the cache the cell itself answers from;
 * a spill's cells get theirs by offset. Only cells still in the automatic format get one: a
 * format the seller chose stays. A cell whose answer is not cached keeps its format.
 */
import { runSync } from "../../../core";
import { functionByName } from "../../../functions";
import { resultFormats } from "../../../functions/cells";
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
  const wanted = new Map<string, string>(); // "row,col" -> format
  const session = openSession();
  try {
    const env = session.env;
    for (const [col, group] of byFormula(sheet, cells)) {
      const formula = readFormula(group.text);
      const fn = formula ? functionByName(formula.name) : undefined;
      if (!formula || !fn) continue;
      const rows = argsForRows(book, sheet, formula, group.rows, col);
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
        grid.forEach((line, i) =>
          line.forEach((f, j) => {
            if (f !== "") wanted.set(`${r.row + i},${col + j}`, f);
          }),
        );
      }
    }
  } finally {
    closeSession(session);
  }
  return applyFormats(sheet, wanted);
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

/** Set the wanted formats column by column (one read, one write each), automatic cells only. */
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
      if (format === undefined || !AUTOMATIC.has(current) || format === current) return [current];
      changed = true;
      set++;
      return [format];
    });
    if (changed) range.setNumberFormats(next);
  }
  return set;
}
