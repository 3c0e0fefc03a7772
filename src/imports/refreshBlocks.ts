/** The write blocks and shade span of a planned refresh (managedTable.ts), host-free. */
import type { Cell } from "../functions/cells";
import type { GridBlock, TableRecord } from "./managedTable";
import { NUMBER_FORMATS } from "./table";

/** The columns a row's shade covers: the table's own, first to last. */
export function tableSpan(at: readonly number[]): { col: number; cols: number } {
  const found = at.filter((c) => c >= 0);
  if (found.length === 0) return { col: 0, cols: 1 };
  const [lo, hi] = [Math.min(...found), Math.max(...found)];
  return { col: lo, cols: hi - lo + 1 };
}

/**
 * Write blocks: per row, each run of adjacent owned cells the plan writes (hosts stack the
 * runs of consecutive rows into one write: stackBlocks.ts), so no other cell is ever written.
 */
export function blocksOf(
  writes: ReadonlyMap<number, ReadonlyMap<number, Cell>>,
  record: TableRecord,
  at: readonly number[],
): GridBlock[] {
  const byColumn = record.columns
    .map((c, j) => ({ j, col: at[j] ?? -1, format: NUMBER_FORMATS[c.format] ?? "@" }))
    .filter((c) => c.col >= 0)
    .sort((a, b) => a.col - b.col);
  const blocks: GridBlock[] = [];
  for (const r of [...writes.keys()].sort((a, b) => a - b)) {
    const row = writes.get(r) as ReadonlyMap<number, Cell>;
    let run: typeof byColumn = [];
    const flush = (): void => {
      const first = run[0];
      if (first)
        blocks.push({
          row: r,
          col: first.col,
          values: [run.map((c) => row.get(c.j) ?? "")],
          formats: run.map((c) => c.format),
        });
      run = [];
    };
    for (const c of byColumn) {
      const prev = run[run.length - 1];
      if (!row.has(c.j)) flush();
      else {
        if (prev && prev.col + 1 !== c.col) flush();
        run.push(c);
      }
    }
    flush();
  }
  return blocks;
}
