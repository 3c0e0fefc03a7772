import { normaliseBaseUrl } from "../../src/core/baseUrl";
import type { ApiError } from "../../src/core/errors";
import { buildRequest, checkedKey, isUnset } from "../../src/core/request";
import { BASE, ITEM, KEY, PRODUCT, SHOPS } from "./fakes";

const target = { baseUrl: BASE, apiKey: KEY };

function thrown(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    return e as ApiError;
  }
  throw new Error("expected a throw");
}

describe("buildRequest", () => {
  it("puts params in a JSON body with the bearer header, omitting unset values", () => {
    const req = buildRequest(
      PRODUCT,
      {
        shopId: 1,
        region: "SG",
        itemId: 7,
        lookbackDays: undefined,
        includeVat: null,
        effectiveDate: "",
      },
      target,
    );
    expect(req.method).toBe("POST");
    expect(req.url).toBe(`${BASE}/x/product`);
    expect(req.headers).toMatchObject({
      Authorization: `Bearer ${KEY}`,
      "Content-Type": "application/json",
    });
    expect(JSON.parse(req.body ?? "")).toEqual({ shopId: 1, region: "SG", itemId: 7 });
  });

  it("substitutes URL-encoded path params and never puts the key in the URL", () => {
    const req = buildRequest(ITEM, { shopId: 5, region: "SG", itemId: "a/b c" }, target);
    expect(req.url).toBe(`${BASE}/x/item/5/SG/a%2Fb%20c`);
    expect(req.url).not.toContain(KEY);
    expect(req.body).toBeUndefined();
    expect(req.headers["Content-Type"]).toBeUndefined();
    const withBody = buildRequest(
      ITEM,
      { shopId: 5, region: "SG", itemId: "1", lookbackDays: 30 },
      target,
    );
    expect(JSON.parse(withBody.body ?? "")).toEqual({ lookbackDays: 30 });
  });

  it("builds GET requests without a body", () => {
    const req = buildRequest(SHOPS, {}, { baseUrl: `${BASE}/`, apiKey: ` ${KEY} ` });
    expect(req).toEqual({
      method: "GET",
      url: `${BASE}/x/shops`,
      headers: { Authorization: `Bearer ${KEY}`, Accept: "application/json" },
    });
  });

  it("refuses params not in the spec, naming them and what is allowed", () => {
    const e = thrown(() =>
      buildRequest(PRODUCT, { shopId: 1, region: "SG", itemId: 7, lookbakDays: 3 }, target),
    );
    expect(e.code).toBe("INVALID_ARGUMENT");
    expect(e.field).toBe("lookbakDays");
    expect(e.message).toMatch(
      /^lookbakDays is not a parameter of T_PRODUCT \(allowed: shopId, region, itemId, lookbackDays/,
    );
    expect(thrown(() => buildRequest(SHOPS, { x: 1 }, target)).message).toContain("allowed: none");
  });

  it("checks required params, types, enums and bounds with the API's own sentences", () => {
    expect(thrown(() => buildRequest(PRODUCT, { shopId: 1, region: "SG" }, target)).message).toBe(
      "itemId is required (a whole number)",
    );
    expect(thrown(() => buildRequest(ITEM, { shopId: 1, itemId: "1" }, target)).message).toBe(
      "region is required (text) (path parameter)",
    );
    const base = { shopId: 1, region: "SG", itemId: 7 };
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ itemId: 1.5 }, /itemId must be a whole number \(got 1.5\)/],
      [{ itemId: 1e13 }, /itemId must be a whole number from -1000000000000 to 1000000000000/],
      [{ lookbackDays: -5 }, /lookbackDays must be a whole number from 1 to 730 \(got -5\)/],
      [{ cogs: -1 }, /cogs must be a number from 0 to 1000000000000 \(got -1\)/],
      [{ cogs: Number.NaN }, /cogs must be a number/],
      [{ region: 5 }, /region must be text/],
      [{ includeVat: "yes" }, /includeVat must be true or false \(got "yes"\)/],
      [{ effectiveDate: "1/2/2024" }, /YYYY-MM-DD/],
      [{ effectiveDate: "2025-02-29" }, /a real calendar date \(2025-02-29 does not exist\)/],
      [{ mode: "LOSS" }, /one of "PROFIT", "MARGIN"/],
      [{ models: "x" }, /must be a list/],
      [{ models: [1, 2, 3, 4] }, /with at most 3 entries \(got a list of 4\)/],
      [{ adsCostByProductId: [1] }, /must be an object/],
      [{ itemIds: [1, "x"] }, /itemIds\[1\] must be a whole number \(got "x"\)/],
    ];
    for (const [extra, message] of cases) {
      const e = thrown(() => buildRequest(PRODUCT, { ...base, ...extra }, target));
      expect(e.code).toBe("INVALID_ARGUMENT");
      expect(e.message).toMatch(message);
    }
  });

  it("refuses a missing or malformed key without echoing it", () => {
    expect(thrown(() => buildRequest(SHOPS, {}, { baseUrl: BASE, apiKey: "" })).code).toBe(
      "NO_KEY",
    );
    expect(thrown(() => checkedKey(undefined)).code).toBe("NO_KEY");
    const e = thrown(() => checkedKey("abc\ndef"));
    expect(e.code).toBe("CONFIG");
    expect(e.message).not.toContain("abc");
    expect(isUnset("")).toBe(true);
    expect(isUnset(0)).toBe(false);
  });
});

describe("normaliseBaseUrl", () => {
  it("accepts https and loopback http, normalising case and trailing slashes", () => {
    expect(normaliseBaseUrl(" HTTPS://Api.Example.com/v1/ ")).toBe("https://api.example.com/v1");
    expect(normaliseBaseUrl("http://localhost:8080")).toBe("http://localhost:8080");
    expect(normaliseBaseUrl("http://127.0.0.1:3000/")).toBe("http://127.0.0.1:3000");
    expect(normaliseBaseUrl("http://[::1]:3000")).toBe("http://[::1]:3000");
  });

  it.each([
    ["", /^No API address: /],
    [42, /^No API address: /],
    ["http://api.example.com", /https:\/\/.*unencrypted/],
    ["ftp://x.com", /must start with https/],
    ["api.example.com", /not a URL/],
    ["https://user:pw@x.com", /user name or password/],
    ["https://x.com/?a=1", /must not contain \? or #/],
    ["https://bad host/", /no valid host/],
    ["https://x.com:70000", /port must be 1 to 65535/],
    ["http://localhost.evil.com", /https/],
  ])("refuses %p", (raw, message) => {
    const e = thrown(() => normaliseBaseUrl(raw));
    expect(e.code).toBe("CONFIG");
    expect(e.message).toMatch(message);
    // The Settings field is labelled "API address" in every host: the message names that label.
    expect(e.message).toMatch(/^(No )?API address\b/);
    expect(e.message).not.toMatch(/base URL/i);
  });
});
