import type { FieldSpec } from "../../src/api/types";
import { ApiProblem } from "../../src/server/problem";
import { isRealDate, parsePathParams, validateBody } from "../../src/server/validate";

const field = (
  name: string,
  type: FieldSpec["type"],
  extra: Partial<FieldSpec> = {},
): FieldSpec => ({
  name,
  type,
  required: false,
  doc: "",
  ...extra,
});

function problemsOf(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiProblem) return { status: error.statusCode, errors: error.errors };
    throw error;
  }
  throw new Error("expected a 400");
}

describe("validateBody", () => {
  const fields = [
    field("shopId", "integer", { required: true }),
    field("price", "number", { min: 0 }),
    field("share", "number", { min: 0, max: 1 }),
    field("lookbackDays", "integer", { default: 180, min: 1, max: 730 }),
    field("to", "date", { default: "today" }),
    field("mode", "string", { default: "PROFIT", enum: ["PROFIT", "MARGIN"] }),
    field("skuIds", "array", { items: "string", max: 2 }),
    field("map", "object"),
    field("modelId", "integer"),
  ];

  it("applies defaults, resolves today, keeps explicit nulls of optional fields", () => {
    expect(
      validateBody(fields, { shopId: 1, price: 2.5, modelId: null, to: null }, "2025-01-31"),
    ).toEqual({
      shopId: 1,
      price: 2.5,
      lookbackDays: 180,
      to: "2025-01-31",
      mode: "PROFIT",
      modelId: null,
    });
    expect(validateBody([field("x", "integer")], undefined, "2025-01-31")).toEqual({});
  });

  it("explains every problem with what is allowed", () => {
    expect(
      problemsOf(() =>
        validateBody(
          fields,
          {
            price: -1,
            share: 2,
            lookbackDays: 731,
            to: "31/01/2025",
            mode: "profit",
            skuIds: ["a", 1, "c"],
            map: [],
            modelId: 1e20,
          },
          "2025-01-31",
        ),
      ),
    ).toEqual({
      status: 400,
      errors: [
        { field: "shopId", problem: "is required (a whole number)" },
        { field: "price", problem: "must be a number of at least 0" },
        { field: "share", problem: "must be a number from 0 to 1" },
        { field: "lookbackDays", problem: "must be a whole number from 1 to 730" },
        { field: "to", problem: "must be a date written YYYY-MM-DD" },
        { field: "mode", problem: 'must be one of "PROFIT", "MARGIN"' },
        { field: "skuIds", problem: "must be a list of texts with at most 2 entries" },
        { field: "map", problem: "must be an object ({...})" },
        { field: "modelId", problem: "must be a whole number" },
      ],
    });
    expect(problemsOf(() => validateBody(fields, { shopId: 1, skuIds: ["a", 1] }, ""))).toEqual({
      status: 400,
      errors: [{ field: "skuIds[1]", problem: "must be text" }],
    });
  });

  it("accepts leap days only in leap years", () => {
    expect(isRealDate("2024-02-29")).toBe(true);
    expect(isRealDate("2025-02-29")).toBe(false);
    expect(isRealDate("2025-13-01")).toBe(false);
  });

  it("caps a long list of problems", () => {
    const spec = [field("ids", "array", { items: "integer" })];
    const error = (() => {
      try {
        validateBody(spec, { ids: Array.from({ length: 80 }, () => "x") }, "");
      } catch (e) {
        return e as ApiProblem;
      }
      throw new Error("expected a 400");
    })();
    expect(error.errors).toHaveLength(51);
    expect(error.errors[50]).toEqual({ field: "body", problem: "and 30 more problems" });
    expect(error.message).toBe("Invalid request: ids[0] must be a whole number (and 79 more).");
  });
});

describe("parsePathParams", () => {
  const params = [
    field("shopId", "integer", { required: true }),
    field("region", "string", { required: true }),
  ];
  it("types integers and keeps strings", () => {
    expect(parsePathParams(params, { shopId: "42", region: "SG" })).toEqual({
      shopId: 42,
      region: "SG",
    });
  });
  it("refuses a non-integer id", () => {
    expect(problemsOf(() => parsePathParams(params, { shopId: "4.2", region: "SG" }))).toEqual({
      status: 400,
      errors: [{ field: "shopId", problem: "must be a whole number (path parameter)" }],
    });
  });
});

describe("numbers the table leaves unbounded", () => {
  it("refuses magnitudes past 1e12, naming the field (they made the solvers loop forever)", () => {
    const fields = [field("cogs", "number"), field("share", "number", { min: 0 })];
    expect(
      problemsOf(() => validateBody(fields, { cogs: 1e15, share: 2e12 }, "2025-06-30")),
    ).toEqual({
      status: 400,
      errors: [
        { field: "cogs", problem: "must be a number from -1000000000000 to 1000000000000" },
        { field: "share", problem: "must be a number from 0 to 1000000000000" },
      ],
    });
    expect(validateBody(fields, { cogs: -1e12, share: 1e12 }, "2025-06-30")).toEqual({
      cogs: -1e12,
      share: 1e12,
    });
  });
});
