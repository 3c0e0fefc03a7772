import {
  flattenRange,
  isEmptyArg,
  optional,
  toBoolean,
  toChoice,
  toIdList,
  toInteger,
  toIsoDate,
  toNumber,
  toRegion,
  toText,
} from "../../src/core/coerce";
import type { ApiError } from "../../src/core/errors";

function thrown(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    return e as ApiError;
  }
  throw new Error("expected a throw");
}

describe("dates", () => {
  it("accepts Sheets Dates, Excel serials and YYYY-MM-DD text", () => {
    expect(toIsoDate(new Date(2024, 1, 29), "from")).toBe("2024-02-29");
    expect(toIsoDate(45351, "from")).toBe("2024-02-29");
    expect(toIsoDate(45351.75, "from")).toBe("2024-02-29");
    expect(toIsoDate(1, "from")).toBe("1899-12-31");
    expect(toIsoDate(" 2024-3-5 ", "from")).toBe("2024-03-05");
    expect(toIsoDate("2024-03-05T10:00:00Z", "from")).toBe("2024-03-05");
    expect(toIsoDate([[45292]], "from")).toBe("2024-01-01");
  });

  it.each([["2024-02-30"], ["05/03/2024"], [0], [-3], [new Date("nope")], [true], [""]])(
    "refuses %p, naming the argument",
    (value) => {
      const e = thrown(() => toIsoDate(value, "effectiveDate"));
      expect(e.code).toBe("INVALID_ARGUMENT");
      expect(e.field).toBe("effectiveDate");
      expect(e.message).toMatch(
        /^effectiveDate must be a date \(a date cell or YYYY-MM-DD\) \(got .+\)$/,
      );
    },
  );
});

describe("ranges and ids", () => {
  it("flattens a 2-D range row-major, skipping empty cells and keeping duplicates", () => {
    const range = [
      [101, "", 102],
      [null, 101, "103"],
    ];
    expect(flattenRange(range)).toEqual([101, 102, 101, "103"]);
    expect(toIdList(range, "itemIds", "integer")).toEqual([101, 102, 101, 103]);
    expect(toIdList(555, "itemId", "integer")).toEqual([555]);
    expect(toIdList([["SKU-1"], [12345]], "skuIds", "string")).toEqual(["SKU-1", "12345"]);
    expect(flattenRange(["a", "", "b"])).toEqual(["a", "b"]);
  });

  it("names the argument for empty ranges and bad ids", () => {
    expect(thrown(() => toIdList([[""], [null]], "itemIds", "integer")).message).toBe(
      "itemIds is empty: give an id or a range of ids",
    );
    expect(thrown(() => toIdList([[1], ["x"]], "itemIds", "integer")).message).toBe(
      'itemIds must be a whole-number id (digits only) (got "x")',
    );
    expect(thrown(() => toIdList([[true]], "skuIds", "string")).message).toBe(
      "skuIds must be text (got true)",
    );
  });

  it("treats empty cells as omitted", () => {
    expect(isEmptyArg("")).toBe(true);
    expect(isEmptyArg("  ")).toBe(true);
    expect(isEmptyArg(null)).toBe(true);
    expect(isEmptyArg(undefined)).toBe(true);
    expect(isEmptyArg([[""], [""]])).toBe(true);
    expect(isEmptyArg(0)).toBe(false);
    expect(isEmptyArg(false)).toBe(false);
    expect(optional("", (v) => toInteger(v, "x"))).toBeUndefined();
    expect(optional("4", (v) => toInteger(v, "x"))).toBe(4);
  });
});

describe("scalars", () => {
  it("reads whole numbers with bounds and a precise message", () => {
    expect(toInteger(30, "lookbackDays", { min: 1, max: 730 })).toBe(30);
    expect(toInteger(" 42 ", "lookbackDays")).toBe(42);
    expect(thrown(() => toInteger(-5, "lookbackDays", { min: 1, max: 730 })).message).toBe(
      "lookbackDays must be a whole number from 1 to 730 (got -5)",
    );
    expect(thrown(() => toInteger(2.5, "topN", { max: 100 })).message).toBe(
      "topN must be a whole number of at most 100 (got 2.5)",
    );
    expect(thrown(() => toInteger("", "topN")).message).toBe(
      "topN must be a whole number (got empty)",
    );
  });

  it("reads numbers, including text and percentages", () => {
    expect(toNumber(12.5, "cogs")).toBe(12.5);
    expect(toNumber("1,234.5", "cogs")).toBe(1234.5);
    expect(toNumber("12.5%", "targetMargin")).toBeCloseTo(0.125);
    expect(toNumber(".5", "x")).toBe(0.5);
    expect(thrown(() => toNumber("abc", "cogs", { min: 0 })).message).toBe(
      'cogs must be a number of at least 0 (got "abc")',
    );
    expect(thrown(() => toNumber(2, "targetMargin", { min: 0, max: 1 })).message).toBe(
      "targetMargin must be a number from 0 to 1 (got 2)",
    );
    expect(thrown(() => toNumber(new Date(0), "x")).message).toContain("(got a date)");
    expect(thrown(() => toNumber({}, "x")).message).toContain("(got an object)");
  });

  it("reads booleans the way sellers type them", () => {
    for (const yes of [true, 1, "TRUE", "yes", "Y", " true "])
      expect(toBoolean(yes, "hasVat")).toBe(true);
    for (const no of [false, 0, "FALSE", "no", "n"]) expect(toBoolean(no, "hasVat")).toBe(false);
    expect(thrown(() => toBoolean("maybe", "hasVat")).message).toBe(
      'hasVat must be TRUE or FALSE (got "maybe")',
    );
  });

  it("reads regions, choices and text", () => {
    expect(toRegion(" sg ")).toBe("SG");
    expect(thrown(() => toRegion("SGP")).message).toBe(
      'region must be a two-letter region code such as SG (got "SGP")',
    );
    expect(toChoice("margin", "mode", ["PROFIT", "MARGIN"] as const)).toBe("MARGIN");
    expect(toChoice(5, "n", ["5", "10"])).toBe("5");
    // A TRUE/FALSE cell is a boolean, whichever host passes it.
    expect(toChoice(true, "hasVat", ["TRUE", "FALSE"])).toBe("TRUE");
    expect(toChoice([[false]], "hasVat", ["TRUE", "FALSE"])).toBe("FALSE");
    expect(thrown(() => toChoice(true, "mode", ["PROFIT", "MARGIN"])).message).toBe(
      "mode must be one of PROFIT, MARGIN (got true)",
    );
    expect(thrown(() => toChoice("loss", "mode", ["PROFIT", "MARGIN"])).message).toBe(
      'mode must be one of PROFIT, MARGIN (got "loss")',
    );
    expect(toText([["  abc "]], "productId")).toBe("abc");
    expect(thrown(() => toText([[1, 2]], "productId")).message).toBe(
      "productId must be text (got a range)",
    );
    expect(thrown(() => toChoice("x".repeat(40), "mode", ["A"])).message).toContain("…");
  });
});
