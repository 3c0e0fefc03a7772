/**
 * Values outside what the spec allows are an unexpected answer, not data (issue 22, item 8):
 * an id of 1e308, a 40,000-character shop name, a number JSON reads as infinite.
 */
import {
  MAX_ID_CHARS,
  MAX_NAME_CHARS,
  entriesWithinBounds,
  outOfBoundsValue,
} from "../../src/core/answerBounds";
import type { ApiError } from "../../src/core/errors";
import { checkResponseShape } from "../../src/core/responseShape";

const shop = { shopId: 100001, region: "SG", shopName: "Demo Shop" };

describe("outOfBoundsValue", () => {
  test.each([
    [[{ ...shop, shopId: 1e308 }], /^shopId is 1e\+308, not an id/],
    [[{ ...shop, shopId: 1.5 }], /^shopId is 1\.5, not an id/],
    [[{ ...shop, shopId: 1e12 + 1 }], /^shopId is 1000000000001, not an id/],
    [[{ ...shop, shopId: "x".repeat(MAX_ID_CHARS + 1) }], /^shopId is a text of 129 characters/],
    [[{ ...shop, shopId: "" }], /^shopId is a text of 0 characters/],
    [[{ ...shop, shopId: true }], /^shopId is true, not an id/],
    [
      [{ ...shop, shopName: "s".repeat(40_000) }],
      /^shopName is 40,000 characters long \(a name has at most 1,000\)$/,
    ],
    [
      { entries: [{ itemId: 1, name: "n".repeat(MAX_NAME_CHARS + 1) }] },
      /^name is 1,001 characters/,
    ],
    [
      { data: [{ itemId: 1, breakdown: { x: { amount: Infinity } } }] },
      /^amount is a number too large/,
    ],
    [{ modelDetails: [{ modelId: [1] }] }, /^modelId is \[1\], not an id/],
  ])("%j: %s", (data, problem) => {
    expect(outOfBoundsValue(data)).toMatch(problem);
  });

  test.each([
    [[shop]],
    [[{ shopId: "c-shop-opaque-7", shopName: "x".repeat(MAX_NAME_CHARS) }]],
    [{ itemId: 10001691, modelId: null, note: "n".repeat(40_000), margin: -3.5e9 }],
    [
      {
        entries: [{ itemId: -1e12, name: "Tab\tand\nnewline name" }],
        nextCursor: { rtProductId: 5 },
      },
    ],
  ])("%j fits", (data) => {
    expect(outOfBoundsValue(data)).toBeNull();
  });
});

test("SHOPS_A answering an id of 1e308 or a 40,000-character name is an unexpected answer", () => {
  for (const data of [[{ ...shop, shopId: 1e308 }], [{ ...shop, shopName: "s".repeat(40_000) }]]) {
    let error: ApiError | undefined;
    try {
      checkResponseShape("SHOPS_A", data);
    } catch (e) {
      error = e as ApiError;
    }
    expect(error?.code).toBe("BAD_RESPONSE");
    expect(error?.message).toMatch(
      /^The API answered with a value the spec does not allow \(endpoint SHOPS_A\): shop(Id|Name) is .+\. Check the base URL in Settings; if it is right, tell your API provider$/,
    );
  }
});

describe("one bad row fails one row (issue 36)", () => {
  const long = "n".repeat(40_000);

  test("entries out of bounds are left out and named; the others are kept in order", () => {
    const entries = [
      { itemId: 1, name: "One" },
      { rank: 2, itemId: 2, name: long },
      { skuId: "sku-3", name: "Three", shopId: 1e308 },
      { name: long },
      { itemId: 5, name: "Five" },
    ];
    expect(entriesWithinBounds(entries, 101)).toEqual({
      kept: [entries[0], entries[4]],
      leftOut: [
        "item 2: name is 40,000 characters long (a name has at most 1,000)",
        "SKU sku-3: shopId is 1e+308, not an id (a whole number up to 1e12, or a text of at most 128 characters)",
        "row 104: name is 40,000 characters long (a name has at most 1,000)",
      ],
    });
  });

  test('checkResponseShape(..., "apart") leaves a page\'s entries to the caller, not the rest', () => {
    const page = (entries: unknown[], extra: Record<string, unknown> = {}) => ({
      entries,
      page: 0,
      pageSize: 2,
      totalItems: 2,
      totalPages: 1,
      ...extra,
    });
    const bad = page([{ itemId: 1, name: long }]);
    expect(checkResponseShape("A11", bad, "apart")).toBe(bad);
    expect(() => checkResponseShape("A11", bad)).toThrow(/name is 40,000 characters long/);
    const badCursor = { data: [{ itemId: 1 }], nextCursor: { rtProductId: 1e308 } };
    expect(() => checkResponseShape("A7", badCursor, "apart")).toThrow(/rtProductId is 1e\+308/);
  });
});
