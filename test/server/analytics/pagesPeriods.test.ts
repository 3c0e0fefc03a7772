import { cursorPage, offsetPage, toDateTimeArray } from "../../../src/server/analytics/pages";
import {
  addDays,
  inPeriod,
  previousPeriod,
  resolvePeriod,
} from "../../../src/server/analytics/periods";
import { toMajor, toMinor } from "../../../src/server/analytics/money";
import { ApiProblem } from "../../../src/server/problem";

const fresh = toDateTimeArray("2025-03-01T08:09:10Z");

describe("pages", () => {
  it("serializes date-times as arrays", () => {
    expect(fresh).toEqual([2025, 3, 1, 8, 9, 10]);
    expect(toDateTimeArray("2025-12-31")).toEqual([2025, 12, 31, 0, 0, 0]);
  });
  it("offset pages concatenate to the whole list", () => {
    const all = Array.from({ length: 23 }, (_, i) => i);
    const p0 = offsetPage(all, 0, 10, fresh);
    expect(p0).toMatchObject({ page: 0, pageSize: 10, totalItems: 23, totalPages: 3 });
    const joined = [0, 1, 2, 3].flatMap((p) => offsetPage(all, p, 10, fresh).entries);
    expect(joined).toEqual(all);
    expect(offsetPage([], 0, 50, fresh)).toMatchObject({
      entries: [],
      totalItems: 0,
      totalPages: 0,
    });
  });
  it("cursor pages walk ascending ids to a null cursor", () => {
    const all = [5, 1, 9, 3, 7].map((id) => ({ id }));
    const seen: number[] = [];
    let cursor: number | undefined;
    for (let i = 0; i < 10; i++) {
      const page = cursorPage(all, (x) => x.id, cursor, 2, fresh);
      seen.push(...page.data.map((x) => x.id));
      if (page.nextCursor === null) break;
      cursor = page.nextCursor.rtProductId;
    }
    expect(seen).toEqual([1, 3, 5, 7, 9]);
  });
});

describe("periods", () => {
  it("defaults to the last 30 days ending today, previous of equal length", () => {
    const p = resolvePeriod({}, "2025-03-31");
    expect(p).toEqual({ from: "2025-03-02", to: "2025-03-31", days: 30 });
    expect(previousPeriod(p)).toEqual({ from: "2025-01-31", to: "2025-03-01", days: 30 });
    expect(inPeriod("2025-03-02T23:00:00Z", p)).toBe(true);
    expect(inPeriod("2025-03-01", p)).toBe(false);
  });
  it("honours from/to and rejects from after to", () => {
    expect(resolvePeriod({ from: "2024-12-30", to: "2025-01-02" }, "2025-06-01")).toEqual({
      from: "2024-12-30",
      to: "2025-01-02",
      days: 4,
    });
    expect(() => resolvePeriod({ from: "2025-01-03", to: "2025-01-02" }, "2025-06-01")).toThrow(
      ApiProblem,
    );
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
  });
});

describe("money", () => {
  it("converts between major and minor units exactly", () => {
    expect(toMinor(1.005, 2)).toBe(101);
    expect(toMinor(-12.34, 2)).toBe(-1234);
    expect(toMinor(15000, 0)).toBe(15000);
    expect(toMajor(1234, 2)).toBe(12.34);
    expect(toMajor(-5, 2)).toBe(-0.05);
  });
});
