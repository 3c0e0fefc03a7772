/** Issue 14 finding 3: a 200 whose data the spec does not allow is named as such, per endpoint. */
import { ENDPOINTS } from "../../src/api/endpoints";
import { apiCall, call, parallel } from "../../src/core/effects";
import type { ApiError } from "../../src/core/errors";
import { checkResponseShape } from "../../src/core/responseShape";

const line = { amount: 10, label: "Original price" };

describe("checkResponseShape", () => {
  test.each([
    ["SHOPS_A", { foo: 1 }, /a list was expected, got \{"foo":1\}/],
    ["SHOPS_A", null, /a list was expected, got null/],
    ["SHOPS_A", [1, 2], /a list of records was expected, got an entry 1/],
    ["A6", { foo: 1 }, /a breakdown with lines was expected/],
    ["A6", [], /an object was expected, got \[\]/],
    ["A6", undefined, /an object was expected, got nothing/],
    ["A2", { note: "x" }, /a breakdown with lines was expected/],
    ["A7", { rows: null }, /a page with a list of entries was expected/],
    ["A11", "text", /an object was expected/],
    ["A4", { foo: 1 }, /none of requiredListingPrice, breakdown in \{"foo":1\}/],
    ["B14", { constructor: 1 }, /none of adjustedItems, unadjustableItems/],
  ])("%s answering %j is an unexpected shape", (endpoint, data, detail) => {
    let error: ApiError | undefined;
    try {
      checkResponseShape(endpoint, data);
    } catch (e) {
      error = e as ApiError;
    }
    expect(error?.code).toBe("BAD_RESPONSE");
    expect(error?.retryable).toBe(false);
    expect(error?.message).toMatch(
      new RegExp(`^The API answered in an unexpected shape \\(endpoint ${endpoint}\\): `),
    );
    expect(error?.message).toMatch(detail);
    expect(error?.message).toMatch(/Check the base URL in Settings/);
  });

  test.each([
    ["SHOPS_A", []],
    ["SEARCH", { data: [{ title: "Mug" }] }],
    ["A6", { breakdown: { originalModelPrice: line }, metadata: {} }],
    ["A2", { originalModelPrice: line }],
    ["B2", { breakdown: { originalPrice: 25, commissionFee: -2 } }],
    ["A7", { data: [], nextCursor: null }],
    ["A11", { entries: [], totalPages: 0 }],
    ["A4", { requiredListingPrice: 12 }],
    ["B9", { itemId: 1, raw: null }],
    ["UNKNOWN", null],
  ])("%s answering %j passes", (endpoint, data) => {
    expect(checkResponseShape(endpoint, data)).toBe(data);
  });

  test("every endpoint of the table accepts an answer in its own shape", () => {
    for (const spec of ENDPOINTS) {
      const names = spec.response.fields.map((f) => f.name);
      const record = {
        breakdown: { x: line },
        originalModelPrice: line,
        [names[0] ?? "x"]: 1,
        // A batch answer's entries name their ids.
        ...(spec.batch ? { [spec.batch.resultIdField]: 7 } : {}),
      };
      const data =
        spec.response.kind === "array"
          ? [record]
          : spec.response.kind === "object"
            ? record
            : { data: [record], entries: [record] };
      expect(checkResponseShape(spec.id, data)).toBe(data);
    }
  });
});

describe("call and parallel check the shape of what they get", () => {
  test("call throws the unexpected-shape error into the body", () => {
    const program = call("SHOPS_A", {});
    program.next();
    expect(() => program.next({ foo: 1 })).toThrow(/unexpected shape \(endpoint SHOPS_A\)/);
  });

  test("parallel turns only the odd answer into a failed outcome", () => {
    const program = parallel([apiCall("SHOPS_A", {}), apiCall("SHOPS_A", {})]);
    program.next();
    const done = program.next([
      { ok: true, value: [{ shopId: 1 }] },
      { ok: true, value: null },
    ]);
    const outcomes = done.value as Array<{ ok: boolean; error?: ApiError }>;
    expect(outcomes.map((o) => o.ok)).toEqual([true, false]);
    expect(outcomes[1]?.error?.message).toMatch(/endpoint SHOPS_A/);
  });
});
