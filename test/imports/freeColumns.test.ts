import { boxAddress, confirmText, outputPlace } from "../../src/imports/freeColumns";
import { columnLetters } from "../../src/imports/rangeAddress";

const read = { sheet: "Top products", r0: 0, c0: 0, r1: 2, c1: 1 };

describe("where bulk answers go", () => {
  test("right beside the cells read when those columns are empty", () => {
    const place = outputPlace(read, 1, [
      ["id", "cogs"],
      [1, 2],
      [3, 4],
    ]);
    expect(place).toEqual({
      box: { sheet: "Top products", r0: 0, r1: 2, c0: 2, c1: 2 },
      address: "'Top products'!C1:C3",
      overwrites: false,
    });
  });

  test("past a Name column that holds data: the first empty columns to the right", () => {
    const rows = [
      ["id", "cogs", "Name", "", "note"],
      [1, 2, "Mat", "", ""],
      [3, 4, "Lamp", "", ""],
    ];
    expect(outputPlace(read, 1, rows).address).toBe("'Top products'!D1:D3");
    // Two columns do not fit in D (E holds a note in row 1): F and G.
    expect(outputPlace(read, 2, rows).address).toBe("'Top products'!F1:G3");
  });

  test("writing right beside anyway is an overwrite that names the range", () => {
    const place = outputPlace(
      read,
      1,
      [
        ["id", "cogs", "Name"],
        [1, 2, "Mat"],
      ],
      true,
    );
    expect(place.overwrites).toBe(true);
    expect(confirmText(place)).toBe(
      "'Top products'!C1:C3 holds data. Write the answers over it, or leave it as it is?",
    );
  });

  test("column letters and addresses", () => {
    expect([0, 25, 26, 701, 702].map(columnLetters)).toEqual(["A", "Z", "AA", "ZZ", "AAA"]);
    expect(boxAddress({ sheet: "Sheet1", r0: 4, c0: 27, r1: 9, c1: 28 })).toBe("Sheet1!AB5:AC10");
    expect(boxAddress({ sheet: "It's", r0: 0, c0: 0, r1: 0, c1: 0 })).toBe("'It''s'!A1:A1");
  });
});
