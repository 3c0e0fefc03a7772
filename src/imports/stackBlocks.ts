/**
 * Blocks of a managed-table write stacked into as few rectangles as they exactly fill. A
 * pricing sheet's answers come as one block per row (1,329 of them for shop 100001's models),
 * and each block is a host write: in the web demo each engine write re-reads every formula
 * and redraws the grid (one a row took 17 minutes on a loaded machine), in Excel each is a
 * sync, in Sheets a setValues call. Blocks on consecutive rows with
 * the same column, width and formats make one block; nothing else changes (a gap, another
 * column or another width starts a new one), so exactly the same cells are written.
 */
import type { GridBlock } from "./managedTable";

const widthOf = (b: GridBlock): number => Math.max(0, ...b.values.map((r) => r.length));

/** True when `next` sits right under `last`, as wide, with the same formats. */
function stacks(last: GridBlock, next: GridBlock): boolean {
  const width = widthOf(last);
  return (
    next.col === last.col &&
    next.row === last.row + last.values.length &&
    width > 0 &&
    widthOf(next) === width &&
    last.values.every((r) => r.length === width) &&
    next.values.every((r) => r.length === width) &&
    next.formats.length === last.formats.length &&
    next.formats.every((f, i) => f === last.formats[i])
  );
}

/** `blocks` in their order, each run of stacking blocks joined into one. */
export function stackBlocks(blocks: readonly GridBlock[]): GridBlock[] {
  const out: GridBlock[] = [];
  for (const b of blocks) {
    const last = out[out.length - 1];
    if (last && stacks(last, b))
      out[out.length - 1] = { ...last, values: [...last.values, ...b.values] };
    else out.push(b);
  }
  return out;
}
