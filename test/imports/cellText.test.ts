/** Text that a sheet would turn into a formula or a number is written so it stays text. */
import { MAX_CELL_TEXT } from "../../src/core/cellLimit";
import { chunkRows, needsTextGuard, sheetsCell } from "../../src/imports/cellText";
import { TRICKY_TEXTS } from "../helpers/trickyText";

describe("sheetsCell", () => {
  test.each([
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ["+Plus Size Linen Shirt", "'+Plus Size Linen Shirt"],
    ["-20% Bundle Cable Ties", "'-20% Bundle Cable Ties"],
    ["@home Cotton Bath Towel", "'@home Cotton Bath Towel"],
    ["=1+1 Sticker Pack", "'=1+1 Sticker Pack"],
    ["0012345", "'0012345"],
    ["1/2", "'1/2"],
    ["'quoted", "''quoted"],
  ])("guards %s", (input, written) => {
    expect(sheetsCell(input)).toBe(written);
  });

  test.each(["Vintage Yoga Mat 1L", 'Mug "Best Dad" 350ml', "เสื้อยืด", "3-Pack Socks", ""])(
    "leaves plain text %s alone",
    (text) => {
      expect(needsTextGuard(text)).toBe(false);
      expect(sheetsCell(text)).toBe(text);
    },
  );

  test.each([...TRICKY_TEXTS])("guards %j, which a sheet would not keep as typed", (text) => {
    expect(sheetsCell(text)).toBe(`'${text}`);
  });

  test.each(["Marvel Mug", "May Flowers Tee", "3-Pack Socks", "Size 10", "A-1 Sauce"])(
    "leaves %s alone",
    (text) => expect(sheetsCell(text)).toBe(text),
  );

  test("text longer than a cell is cut before it is guarded", () => {
    const written = String(sheetsCell("=" + "x".repeat(40_000)));
    expect([written.length, written.startsWith("'="), written.endsWith("…")]).toEqual([
      MAX_CELL_TEXT + 1,
      true,
      true,
    ]);
  });

  test("numbers, booleans and dates pass unchanged", () => {
    const d = new Date(0);
    expect([sheetsCell(12.5), sheetsCell(true), sheetsCell(d)]).toEqual([12.5, true, d]);
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
