/** Text cells are written with the text format "@"; other cells keep the format they are given. */
import { MAX_CELL_TEXT } from "../../src/core/cellLimit";
import {
  TEXT_FORMAT,
  blockFormats,
  cellFormat,
  chunkRows,
  fittedCell,
} from "../../src/imports/cellText";
import { TRICKY_TEXTS } from "../helpers/trickyText";

describe("cell formats before values", () => {
  test.each([...TRICKY_TEXTS, "Vintage Yoga Mat 1L", "เสื้อยืด"])("%j is written as text", (t) => {
    expect(cellFormat(t, "#,##0.00")).toBe(TEXT_FORMAT);
  });

  test("numbers, booleans, dates and empty cells keep the format they are given", () => {
    expect([12.5, true, new Date(0), ""].map((c) => cellFormat(c, "#,##0.00"))).toEqual([
      "#,##0.00",
      "#,##0.00",
      "#,##0.00",
      "#,##0.00",
    ]);
  });

  test("a block: text cells '@', the rest their column's format", () => {
    const formats = ["0", "@", "#,##0.00"];
    expect(
      blockFormats(
        [
          [1, "=1+1", 2.5],
          [2, "0012", ""],
        ],
        (_, column) => formats[column] ?? "General",
      ),
    ).toEqual([
      ["0", "@", "#,##0.00"],
      ["0", "@", "#,##0.00"],
    ]);
  });

  test("text longer than a cell is cut; other cells pass unchanged", () => {
    const cut = String(fittedCell("=" + "x".repeat(40_000)));
    expect([cut.length, cut.startsWith("=x"), cut.endsWith("…")]).toEqual([
      MAX_CELL_TEXT,
      true,
      true,
    ]);
    const d = new Date(0);
    expect([fittedCell(12.5), fittedCell(true), fittedCell(d)]).toEqual([12.5, true, d]);
  });
});

describe("chunkRows", () => {
  test("splits 2,100 rows into chunks of 500 without losing or reordering any", () => {
    const rows = Array.from({ length: 2100 }, (_, i) => [i]);
    const chunks = chunkRows(rows, 500);
    expect(chunks.map((c) => c.length)).toEqual([500, 500, 500, 500, 100]);
    expect(chunks.flat()).toEqual(rows);
    expect(chunkRows([], 500)).toEqual([]);
    expect(() => chunkRows(rows, 0)).toThrow();
  });
});
