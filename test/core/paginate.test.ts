import { cursorValue, pageRows } from "../../src/core/paginate";

describe("cursor and page rows", () => {
  it("reads the cursor shapes it documents", () => {
    expect(cursorValue(null)).toBeNull();
    expect(cursorValue(undefined)).toBeNull();
    expect(cursorValue(12)).toBe(12);
    expect(cursorValue("13")).toBe(13);
    expect(cursorValue({ cursorRtProductId: 14 })).toBe(14);
    expect(cursorValue({ rtProductId: 15, score: 1.5 })).toBe(15);
    expect(cursorValue({ id: "16" })).toBe(16);
    expect(cursorValue({ lastSeen: 17, name: "x" })).toBe(17);
    expect(() => cursorValue({ a: 1, b: 2 })).toThrow(/cursor/);
    expect(() => cursorValue([1])).toThrow(/cursor/);
  });

  it("reads rows from data, rows or entries", () => {
    expect(pageRows({ rows: [1] })).toEqual([1]);
    expect(pageRows({ entries: [2] })).toEqual([2]);
    expect(pageRows([3])).toEqual([3]);
    expect(() => pageRows({ x: 1 })).toThrow(/without rows/);
    expect(() => pageRows(null)).toThrow(/without rows/);
  });
});
