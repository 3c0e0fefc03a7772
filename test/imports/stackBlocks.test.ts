/**
 * The web host writes a managed table's blocks stacked (issue 20: one engine write per answer
 * row took a pricing sheet 17 minutes): the same cells, in the same order, with the same
 * formats, in fewer writes.
 */
import fc from "fast-check";
import type { Cell } from "../../src/functions/cells";
import type { GridBlock } from "../../src/imports/managedTable";
import { stackBlocks } from "../../src/imports/stackBlocks";

/** Every cell a list of blocks writes, in write order: "row:col=value|format". */
const cellsOf = (blocks: readonly GridBlock[]): string[] =>
  blocks.flatMap((b) =>
    b.values.flatMap((r, i) =>
      r.map((v, j) => `${b.row + i}:${b.col + j}=${String(v)}|${b.formats[j]}`),
    ),
  );

const row = (
  r: number,
  col: number,
  values: Cell[],
  formats = values.map(() => "0.00"),
): GridBlock => ({
  row: r,
  col,
  values: [values],
  formats,
});

test("a pricing sheet's answer rows (one block a row) become one block", () => {
  const rows = Array.from({ length: 1329 }, (_, i) => row(i + 1, 9, [i, i + 0.5, 1, 2]));
  const stacked = stackBlocks(rows);
  expect(stacked).toHaveLength(1);
  expect(stacked[0]?.values).toHaveLength(1329);
  expect(cellsOf(stacked)).toEqual(cellsOf(rows));
});

test("a gap, another column, another width or other formats start a new block", () => {
  const blocks = [
    row(1, 9, [1, 2]),
    row(2, 9, [1, 2]),
    row(4, 9, [1, 2]), // a row not asked between: the seller's cells there stay
    row(5, 10, [1, 2]), // another column
    row(6, 10, [1]), // narrower
    row(7, 10, [1], ["@"]), // another format
  ];
  const stacked = stackBlocks(blocks);
  expect(stacked.map((b) => [b.row, b.col, b.values.length])).toEqual([
    [1, 9, 2],
    [4, 9, 1],
    [5, 10, 1],
    [6, 10, 1],
    [7, 10, 1],
  ]);
  expect(cellsOf(stacked)).toEqual(cellsOf(blocks));
});

test("any blocks: exactly the same cells, in the same order, never more writes", () => {
  const block = fc.record({
    row: fc.nat(30),
    col: fc.nat(5),
    width: fc.integer({ min: 1, max: 3 }),
    height: fc.integer({ min: 1, max: 3 }),
    format: fc.constantFrom("0.00", "@"),
  });
  fc.assert(
    fc.property(fc.array(block, { maxLength: 25 }), (specs) => {
      const blocks: GridBlock[] = specs.map((s, k) => ({
        row: s.row,
        col: s.col,
        values: Array.from({ length: s.height }, (_, i) =>
          Array.from({ length: s.width }, (_, j) => k * 100 + i * 10 + j),
        ),
        formats: Array.from({ length: s.width }, () => s.format),
      }));
      const stacked = stackBlocks(blocks);
      expect(cellsOf(stacked)).toEqual(cellsOf(blocks));
      expect(stacked.length).toBeLessThanOrEqual(blocks.length);
    }),
  );
});
