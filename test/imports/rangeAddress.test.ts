import { parseRangeAddress } from "../../src/imports/rangeAddress";

describe("range addresses", () => {
  test("sheet and rectangle of Excel and web addresses", () => {
    expect(parseRangeAddress("Inputs!A1:C501")).toEqual({
      sheet: "Inputs",
      r0: 0,
      c0: 0,
      r1: 500,
      c1: 2,
    });
    expect(parseRangeAddress("'Q3 ''draft'' grid'!$B$3")).toEqual({
      sheet: "Q3 'draft' grid",
      r0: 2,
      c0: 1,
      r1: 2,
      c1: 1,
    });
    expect(parseRangeAddress("S!AA10:AB12")).toMatchObject({ c0: 26, c1: 27, r0: 9, r1: 11 });
  });
  test("whole columns or no sheet are refused with advice", () => {
    expect(() => parseRangeAddress("Sheet1!A:C")).toThrow(/block of cells/);
    expect(() => parseRangeAddress("A1:C3")).toThrow(/sheet range/);
  });
});
