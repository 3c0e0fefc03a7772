/**
 * "Remove gone rows": a managed table's rows whose product left the API's answer (marked gone
 * at a refresh), planned here, host-free. The plan names every cell on those rows the seller
 * typed (their own columns, figures typed over, Status text) so the sidebar asks before
 * anything goes; the removal deletes those sheet rows whole (the host's own Delete row), so
 * every kept row keeps every cell beside its product (values, formulas, notes, colours, what
 * lies right of the table) with nothing moved by value, and drops the gone products from the
 * table's record.
 */
import type { Cell } from "../functions/cells";
import { columnLetters, lastValues, STATUS_HEADER, type TableRecord } from "./managedTable";
import { comparable, idOf, SEP, sameValue, tableLayout } from "./tableLayout";
// A row below an import's top N is not gone: offered, but named apart (statusMarks.ts).
import { GONE, isMissingMark } from "./statusMarks";

/** A cell on a gone row that the seller typed, named before the row goes. */
export interface SellerCell {
  /** A1 address ("K7"). */
  readonly cell: string;
  readonly header: string;
  /** The row's product, as the sheet shows it ("10001549"). */
  readonly id: string;
  readonly value: Cell;
}

export interface GoneRowsPlan {
  /** Sheet rows (0-based) of gone products, their copies included, top to bottom. */
  readonly rows: readonly number[];
  /** The gone products, as the sheet shows them. */
  readonly ids: readonly string[];
  /** Of them, those only below the top N rows an import kept (the API may still list them). */
  readonly belowTop: readonly string[];
  readonly sellerCells: readonly SellerCell[];
  readonly record: TableRecord;
}

const blank = (c: Cell | undefined): boolean => comparable(c) === "";

type Written = string | number | boolean | null;

/** Plan the removal of a table's gone rows (no gone row: `rows` is empty). */
export function planGoneRows(
  grid: readonly (readonly Cell[])[],
  record: TableRecord,
): GoneRowsPlan {
  const last = lastValues(record);
  const layout = tableLayout(grid, record, last);
  const statusJ = record.columns.findIndex((c) => c.header === STATUS_HEADER);
  const statusAt = layout.at[statusJ] ?? -1;
  const keyJ = new Set(record.key.map((h) => record.columns.findIndex((c) => c.header === h)));
  const typed = new Map(Object.entries(record.typed ?? {}));
  // Gone: the add-in last wrote its gone mark there (still so when the seller typed over
  // Status); a row it never wrote (a record made again from the sheet): the sheet shows it.
  const goneIds = new Set<string>();
  const belowTop: string[] = [];
  for (const [id, r] of layout.rowOf) {
    const before = last.get(id);
    const mark = before ? before[statusJ] : statusAt >= 0 ? grid[r]?.[statusAt] : "";
    if (typeof mark !== "string" || !isMissingMark(mark.trim())) continue;
    goneIds.add(id);
    if (!GONE.test(mark.trim())) belowTop.push(id.split(SEP).join(" / "));
  }
  const width = Math.max(0, ...grid.map((line) => line.length));
  let bottom = grid.length - 1;
  while (bottom > 0 && (grid[bottom] ?? []).every(blank)) bottom--;
  const below = Array.from({ length: bottom }, (_, i) => i + 1);
  const rows = below.filter((r) => goneIds.has(idOf(grid[r] ?? [], layout.keyAt)));

  const ownedAt = new Map<number, number>(); // sheet column -> record column
  layout.at.forEach((col, j) => {
    if (col >= 0) ownedAt.set(col, j);
  });
  const headerOf = (col: number): string =>
    String(grid[0]?.[col] ?? "").trim() || `column ${columnLetters(col)}`;
  /**
   * An owned cell the seller typed: on a row the add-in never wrote (an id they typed), all
   * but its gone mark; else a cell differing from what it wrote (ids and dates are its own).
   */
  const byHand = (j: number, now: Cell | undefined, before: readonly Written[] | undefined) => {
    if (!before) return !(j === statusJ && isMissingMark(String(now).trim()));
    const was = before[j];
    return !keyJ.has(j) && was !== undefined && was !== null && !sameValue(was, now);
  };
  const sellerCells: SellerCell[] = [];
  for (const r of rows) {
    const line = grid[r] ?? [];
    const id = idOf(line, layout.keyAt);
    const before = last.get(id);
    const kept = new Set(typed.get(id) ?? []);
    const copy = layout.copies.has(r);
    for (let col = 0; col < width; col++) {
      const now = line[col];
      if (blank(now)) continue;
      const j = ownedAt.get(col);
      const seller = j === undefined || copy || kept.has(j) || byHand(j, now, before);
      if (seller)
        sellerCells.push({
          cell: `${columnLetters(col)}${r + 1}`,
          header: j === undefined ? headerOf(col) : (record.columns[j]?.header ?? headerOf(col)),
          id: id.split(SEP).join(" / "),
          value: now ?? "",
        });
    }
  }

  const others = <V>(map: Readonly<Record<string, V>>): Record<string, V> =>
    Object.fromEntries(Object.entries(map).filter(([id]) => !goneIds.has(id)));
  return {
    rows,
    ids: [...goneIds].map((id) => id.split(SEP).join(" / ")),
    belowTop,
    sellerCells,
    record: {
      ...record,
      last: others(record.last),
      ...(record.typed ? { typed: others(record.typed) } : {}),
    },
  };
}

/**
 * Sheet rows (0-based) as runs of neighbours, bottom run first ([start, count]): deleted in
 * this order, each run's rows still have the numbers they were planned with.
 */
export function rowRunsBottomUp(rows: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const r of [...new Set(rows)].sort((a, b) => b - a)) {
    const last = runs[runs.length - 1];
    if (last && last[0] === r + 1) {
      last[0] = r;
      last[1]++;
    } else runs.push([r, 1]);
  }
  return runs;
}
