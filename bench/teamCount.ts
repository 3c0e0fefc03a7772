/**
 * The counting of bench/teamWorkbook.ts, apart so a cheap test checks it: what a job planned
 * (from the views its run showed), duplicate rows of a table (by its id columns), seller cells
 * planted beside rows and found again on their product's row, and the two bounds.
 */
import type { JobView } from "../src/sidebar/jobs/jobRecord";

type Grid = readonly (readonly unknown[])[];

/**
 * Requests the job said it would make, at the first view whose plan is known: those its
 * planning already spent (a shop's lists) and those left. Null when no view had a plan (a job
 * that made no request, or ended in one step).
 */
export function plannedRequests(views: readonly JobView[]): number | null {
  const first = views.find((v) => v.left.planned);
  return first ? first.spent + first.left.requests : null;
}

/** The table's id columns: the headers that name an id ("Item id", "SKU id", "Model id"). */
export function idColumns(table: Grid): number[] {
  return (table[0] ?? []).flatMap((h, i) => (/\bid$/i.test(String(h)) ? [i] : []));
}

const blank = (v: unknown): boolean => v === "" || v === null || v === undefined;

/** The table's rows, below its header down to the first row with no id. */
export function tableRows(table: Grid): (readonly unknown[])[] {
  const ids = idColumns(table);
  const out: (readonly unknown[])[] = [];
  for (const row of table.slice(1)) {
    if (ids.length === 0 || ids.every((c) => blank(row[c]))) break;
    out.push(row);
  }
  return out;
}

const keyOf = (row: readonly unknown[], ids: readonly number[]): string =>
  ids.map((c) => String(row[c] ?? "")).join("/");

/** Rows whose ids another row above already has (0 for a table built right). */
export function duplicateRows(table: Grid): number {
  const ids = idColumns(table);
  const seen = new Set<string>();
  let twice = 0;
  for (const row of tableRows(table)) {
    const k = keyOf(row, ids);
    if (seen.has(k)) twice++;
    seen.add(k);
  }
  return twice;
}

/** A cell the seller typed beside a product's row. */
export interface Planted {
  readonly sheet: string;
  /** The row's ids, joined ("123/456"). */
  readonly key: string;
  /** 0-based column, right of the table with one empty column between. */
  readonly col: number;
  readonly value: string;
}

/** Where `count` seller cells go beside the table's rows, spread over it: 0-based row, cell. */
export function sellerCells(
  sheet: string,
  table: Grid,
  count: number,
): { row: number; planted: Planted }[] {
  const rows = tableRows(table);
  const ids = idColumns(table);
  const col = Math.max(...table.slice(0, rows.length + 1).map((r) => r.length)) + 1;
  const at = [
    ...new Set(Array.from({ length: count }, (_, i) => Math.floor((i * rows.length) / count))),
  ];
  return at.map((i, n) => ({
    row: i + 1,
    planted: { sheet, key: keyOf(rows[i] ?? [], ids), col, value: `note ${n + 1} on ${sheet}` },
  }));
}

/** Planted cells not found, as typed, on their product's row. */
export function sellerCellsChanged(table: Grid, planted: readonly Planted[]): number {
  const ids = idColumns(table);
  const rowOf = new Map(tableRows(table).map((r) => [keyOf(r, ids), r]));
  return planted.filter((p) => rowOf.get(p.key)?.[p.col] !== p.value).length;
}

/** The bound on minutes with the sidebar open: 1.1 × ceil(requests / 60) + 2. */
export const minutesBound = (requests: number): number => 1.1 * Math.ceil(requests / 60) + 2;

/** The issue's bound on requests: 1.1 × the plans' minimum. */
export const requestsBound = (planned: number): number => 1.1 * planned;
