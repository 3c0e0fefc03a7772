/**
 * Where a managed table's own columns and rows are in the sheet now, found by what they hold
 * rather than by the first header that matches (issue 33): a column the seller inserted and
 * headed "Total profit", or an id column they copied, is not the add-in's. Each record column
 * is the sheet column under its header whose cells hold what the add-in last wrote there (row
 * by row, by id); where two hold it equally, the one between its identified neighbours; where
 * that still leaves two, neither is written and both are named. A product's row is the one
 * whose cells match what was written for it; its copies are named, never refreshed.
 */
import type { Cell } from "../functions/cells";
import { columnLetters } from "./rangeAddress";
import { isAddinMark } from "./statusMarks";

/** What the layout needs of a table's record (managedTable.ts's TableRecord). */
export interface RecordShape {
  readonly columns: readonly { readonly header: string }[];
  readonly key: readonly string[];
}

/** The values last written per row id (record column order; null: not compared). */
export type LastValues = ReadonlyMap<string, readonly (string | number | boolean | null)[]>;

/** The table as it sits in the sheet now. */
export interface TableLayout {
  /** The sheet column of each record column, -1 where the add-in does not find its own. */
  readonly at: readonly number[];
  /** The sheet columns of the key's headers, in the record's key order. */
  readonly keyAt: readonly number[];
  /** Headers under which the add-in cannot tell its column from another: left alone. */
  readonly ambiguous: readonly string[];
  /** Headers whose one column holds none of what the add-in wrote there: left alone. */
  readonly unrecognised: readonly string[];
  /** Each id's own row (0-based sheet row). */
  readonly rowOf: ReadonlyMap<string, number>;
  /** Rows holding an id whose own row is another: sheet row -> that row. */
  readonly copies: ReadonlyMap<number, number>;
}

/** Key parts are joined by a unit separator, which no cell shows. */
export const SEP = "\u001f";

/** A value as compared between what was written and what the sheet holds now. */
export function comparable(cell: Cell | undefined): string | number | boolean | null {
  if (cell === undefined || cell === null) return "";
  if (cell instanceof Date) return null; // hosts hand dates back as Date or serial: not compared
  if (typeof cell === "number") return Number(cell.toPrecision(12));
  if (typeof cell === "string") return cell.trim();
  return cell;
}

/** Whether the sheet still shows what was written (null: not compared, always the same). */
export function sameValue(a: string | number | boolean | null, b: Cell | undefined): boolean {
  if (a === null) return true;
  const now = comparable(b);
  if (now === null) return true;
  if (typeof a === "number" && typeof now === "number") return Math.abs(a - now) < 1e-9;
  // A number the host read back as its text (or the other way round) is the same figure.
  return String(a) === String(now);
}

/** A row's id from its key cells ("" parts where blank). */
export const idOf = (row: readonly Cell[], at: readonly number[]): string =>
  at.map((c) => String(comparable(row[c]) ?? "")).join(SEP);

/** Whether any part of an id holds something (a row without is the seller's own). */
export const hasId = (id: string): boolean => id.split(SEP).some((part) => part !== "");

/** The error when the table's rows cannot be matched any more. */
function keyLost(header: string): Error {
  return new Error(
    `The table's id column "${header}" is no longer in row 1, so its rows cannot be matched: put the header back, or import into a new sheet`,
  );
}

/**
 * The column (other than the key's) holding one of `ids` (the table's known ids, or the
 * answer's), or null: with an empty column under the id's header, it says the header moved
 * rather than the rows went.
 */
export function idsElsewhere(
  grid: readonly (readonly Cell[])[],
  keyAt: readonly number[],
  ids: Iterable<string>,
): number | null {
  const known = new Set([...ids].flatMap((id) => id.split(SEP)).filter((v) => v !== ""));
  const width = Math.max(0, ...grid.map((line) => line.length));
  for (let c = 0; c < width; c++) {
    if (keyAt.includes(c)) continue;
    if (grid.slice(1).some((line) => known.has(String(comparable(line[c]) ?? "")))) return c;
  }
  return null;
}

/** Every combination of one candidate per key header (a handful at most). */
function combinations(candidates: readonly (readonly number[])[]): number[][] {
  return candidates.reduce<number[][]>(
    (all, options) => all.flatMap((prefix) => options.map((c) => [...prefix, c])),
    [[]],
  );
}

/** Find the table's columns and rows in `grid` (row 0: the header row). */
export function tableLayout(
  grid: readonly (readonly Cell[])[],
  record: RecordShape,
  last: LastValues,
): TableLayout {
  const header = (grid[0] ?? []).map((h) => String(h ?? "").trim());
  const under = (h: string): number[] => header.flatMap((x, i) => (x === h ? [i] : []));
  const rows = grid.map((_, r) => r).slice(1);

  // The key: the combination of columns whose rows hold the most known ids.
  const keyCandidates = record.key.map((h) => {
    const found = under(h);
    if (found.length === 0) throw keyLost(h);
    return found;
  });
  const scored = combinations(keyCandidates).map((at) => ({
    at,
    score: rows.filter((r) => last.has(idOf(grid[r] ?? [], at))).length,
  }));
  const best = Math.max(...scored.map((s) => s.score));
  const top = scored.filter((s) => s.score === best);
  if (top.length > 1) {
    const twice = record.key.filter((_, i) => (keyCandidates[i]?.length ?? 0) > 1);
    throw new Error(
      `Row 1 has "${twice.join('", "')}" more than once and the add-in cannot tell which holds the table's ids: rename the column you added`,
    );
  }
  const keyAt = (top[0] as { at: number[] }).at;
  // Ids under the header, none of them the table's: the header was moved to another column.
  const holdsIds = rows.some((r) => hasId(idOf(grid[r] ?? [], keyAt)));
  const elsewhere = best === 0 && last.size > 0 ? idsElsewhere(grid, keyAt, last.keys()) : null;
  if (best === 0 && last.size > 0 && (holdsIds || elsewhere !== null))
    throw new Error(
      `The column headed "${record.key.join('", "')}" holds none of the table's ids${elsewhere === null ? "" : ` (column ${columnLetters(elsewhere)}, headed "${header[elsewhere] ?? ""}", holds some)`}, so its rows cannot be matched: put the header back over the ids (or import into a new sheet)`,
    );

  // Each id's rows; its own row is the one that holds the most of what was written for it.
  const byId = new Map<string, number[]>();
  for (const r of rows) {
    const id = idOf(grid[r] ?? [], keyAt);
    if (hasId(id)) byId.set(id, [...(byId.get(id) ?? []), r]);
  }

  const keySet = new Set(keyAt);
  const at = record.columns.map((c) => {
    const k = record.key.indexOf(c.header);
    return k >= 0
      ? (keyAt[k] as number)
      : under(c.header).filter((x) => !keySet.has(x)).length
        ? -2
        : -1;
  });
  // A first choice of each id's row, to score columns by (the top-most; refined below).
  const firstRow = new Map([...byId].map(([id, rs]) => [id, rs[0] as number]));
  const score = (j: number, col: number, rowOf: ReadonlyMap<string, number>): number => {
    let n = 0;
    for (const [id, r] of rowOf) {
      const was = last.get(id)?.[j];
      const now = grid[r]?.[col];
      if (was !== undefined && was !== null && sameValue(was, now)) n++;
      // A mark only the add-in writes (a gone row's Status, a copy's) is its, known or not: a
      // rebuilt record keeps no gone row's cells, and its live rows' Status may be typed over.
      else if (typeof now === "string" && isAddinMark(now.trim())) n++;
    }
    return n;
  };
  // Evidence against a column is a cell holding something else than what was written: blank
  // cells hold nothing of anyone's (a row of the seller's with only an id, say).
  const evidence = (j: number, col: number): boolean =>
    [...firstRow].some(([id, r]) => {
      const was = last.get(id)?.[j];
      return was !== undefined && was !== null && comparable(grid[r]?.[col]) !== "";
    });
  const ambiguous: string[] = [];
  const unrecognised: string[] = [];
  const ties = new Map<number, number[]>();
  record.columns.forEach((c, j) => {
    if (at[j] !== -2) return;
    const options = under(c.header).filter((x) => !keySet.has(x));
    const scores = options.map((col) => score(j, col, firstRow));
    const high = Math.max(...scores);
    const winners = options.filter((_, i) => scores[i] === high);
    // One column under its header: the add-in's unless its cells hold none of what it wrote.
    if (options.length === 1) {
      at[j] = high > 0 || !evidence(j, options[0] as number) ? (options[0] as number) : -1;
      if (at[j] < 0) unrecognised.push(c.header);
    } else if (winners.length === 1) at[j] = winners[0] as number;
    else ties.set(j, winners);
  });
  // Ties: the one lying between the neighbours found in the record's order.
  for (const [j, winners] of ties) {
    const before = at.slice(0, j).filter((x) => x >= 0);
    const after = at.slice(j + 1).filter((x) => x >= 0);
    const lo = before.length ? Math.max(...before) : -1;
    const hi = after.length ? Math.min(...after) : Number.POSITIVE_INFINITY;
    const between = winners.filter((x) => x > lo && x < hi);
    if (between.length === 1) at[j] = between[0] as number;
    else {
      at[j] = -1;
      ambiguous.push(record.columns[j]?.header ?? "");
    }
  }

  // Each id's own row: the copy that matches what was written the most (the top-most if even).
  const rowOf = new Map<string, number>();
  const copies = new Map<number, number>();
  for (const [id, rs] of byId) {
    let own = rs[0] as number;
    if (rs.length > 1) {
      const match = (r: number): number =>
        at.reduce((n, col, j) => {
          const was = last.get(id)?.[j];
          return col >= 0 && was !== undefined && was !== null && sameValue(was, grid[r]?.[col])
            ? n + 1
            : n;
        }, 0);
      own = rs.reduce((a, b) => (match(b) > match(a) ? b : a), own);
    }
    rowOf.set(id, own);
    for (const r of rs) if (r !== own) copies.set(r, own);
  }
  return { at, keyAt, ambiguous, unrecognised, rowOf, copies };
}
