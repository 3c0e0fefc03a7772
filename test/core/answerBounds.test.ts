/**
 * Values outside what the spec allows are an unexpected answer, not data (issue 22, item 8):
 * an id of 1e308, a 40,000-character shop name, a number JSON reads as infinite.
 */
import { MAX_ID_CHARS, MAX_NAME_CHARS, outOfBoundsValue } from "../../src/core/answerBounds";
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
