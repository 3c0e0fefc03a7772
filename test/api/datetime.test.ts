import {
  dateTimeArrayToIso,
  isDateTimeArray,
  isoToDateTimeArray,
  type DateTimeArray,
} from "../../src/api/datetime";

describe("date-time arrays (spec 2.4)", () => {
  it("converts an array to ISO with a 1-based month and back", () => {
    expect(dateTimeArrayToIso([2024, 5, 1, 13, 4, 5])).toBe("2024-05-01T13:04:05Z");
    expect(isoToDateTimeArray("2024-05-01T13:04:05Z")).toEqual([2024, 5, 1, 13, 4, 5]);
    expect(dateTimeArrayToIso([2024, 12, 31, 23, 59, 59])).toBe("2024-12-31T23:59:59Z");
  });

  it("reads dates alone, fractions, spaces and offsets (as UTC)", () => {
    expect(isoToDateTimeArray("2024-02-29")).toEqual([2024, 2, 29, 0, 0, 0]);
    expect(isoToDateTimeArray("2024-05-01 13:04")).toEqual([2024, 5, 1, 13, 4, 0]);
    expect(isoToDateTimeArray("2024-05-01T13:04:05.987Z")).toEqual([2024, 5, 1, 13, 4, 5]);
    expect(isoToDateTimeArray("2024-01-01T07:30:00+08:00")).toEqual([2023, 12, 31, 23, 30, 0]);
    expect(isoToDateTimeArray("2024-02-28T23:00:00-0130")).toEqual([2024, 2, 29, 0, 30, 0]);
  });

  it("round-trips every day of a leap year at varied times", () => {
    let t = Date.UTC(2024, 0, 1, 0, 0, 0);
    for (let i = 0; i < 366; i++, t += 86_400_000 + 3_661_000) {
      const d = new Date(t);
      const a: DateTimeArray = [
        d.getUTCFullYear(),
        d.getUTCMonth() + 1,
        d.getUTCDate(),
        d.getUTCHours(),
        d.getUTCMinutes(),
        d.getUTCSeconds(),
      ];
      const iso = dateTimeArrayToIso(a);
      expect(iso).toBe(d.toISOString().replace(".000Z", "Z"));
      expect(isoToDateTimeArray(iso)).toEqual(a);
    }
  });

  it("rejects what is not a real date-time", () => {
    expect(isDateTimeArray([2024, 5, 1, 13, 4, 5])).toBe(true);
    expect(isDateTimeArray([2023, 2, 29, 0, 0, 0])).toBe(false);
    expect(isDateTimeArray([1900, 2, 29, 0, 0, 0])).toBe(false);
    expect(isDateTimeArray([2000, 2, 29, 0, 0, 0])).toBe(true);
    expect(isDateTimeArray([2024, 0, 1, 0, 0, 0])).toBe(false);
    expect(isDateTimeArray([2024, 4, 31, 0, 0, 0])).toBe(false);
    expect(isDateTimeArray([2024, 5, 1, 24, 0, 0])).toBe(false);
    expect(isDateTimeArray([2024, 5, 1, 13, 4])).toBe(false);
    expect(isDateTimeArray([2024, 5, 1, 13, 4, 5.5])).toBe(false);
    expect(isDateTimeArray("2024-05-01")).toBe(false);
    expect(() => dateTimeArrayToIso([2024, 13, 1, 0, 0, 0])).toThrow(RangeError);
    expect(() => isoToDateTimeArray("2024-02-30")).toThrow(RangeError);
    expect(() => isoToDateTimeArray("May 1st")).toThrow(RangeError);
  });
});
