import {
  ApiError,
  isApiError,
  isKeyThrottled,
  isRateLimit,
  noKeyError,
  notYetActiveError,
  redactKey,
  shorten,
  toApiError,
} from "../../src/core/errors";
import {
  AUTH_MESSAGE,
  headerValue,
  parseResponse,
  retryAfterSeconds,
} from "../../src/core/response";
import { fail, ok } from "./fakes";

function errorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    if (isApiError(e)) return e;
    throw e;
  }
  throw new Error("expected an ApiError");
}

describe("parseResponse", () => {
  it("unwraps the success envelope", () => {
    expect(parseResponse(ok({ a: 1 }))).toEqual({ a: 1 });
    expect(parseResponse(ok(null))).toBeNull();
  });

  it("maps a non-JSON 2xx body to BAD_RESPONSE", () => {
    const e = errorOf(() =>
      parseResponse({ status: 200, headers: {}, body: "<html>login</html>" }),
    );
    expect(e.code).toBe("BAD_RESPONSE");
    expect(e.retryable).toBe(false);
    expect(e.message).toMatch(/^The API answered with something that is not JSON \(HTTP 200\)/);
  });

  it("says an empty or null 2xx body was empty, not 'not JSON'", () => {
    for (const [body, what] of [
      ["null", "null"],
      [" null\n", "null"],
      ["", "no body"],
    ] as const) {
      const e = errorOf(() => parseResponse({ status: 200, headers: {}, body }));
      expect([e.code, e.retryable]).toEqual(["BAD_RESPONSE", false]);
      expect(e.message).toBe(
        `The API's answer was empty (HTTP 200, ${what}): check the base URL in Settings; if it is right, tell your API provider`,
      );
    }
  });

  it("says a whole body that stops inside its JSON is malformed; one the transport saw break off was cut off", () => {
    const whole = JSON.stringify({ status: "SUCCESS", data: [{ shopName: 'a "b" {c' }] });
    const cuts = [whole.slice(0, 1), whole.slice(0, 30), whole.slice(0, -2), whole.slice(0, -1)];
    for (const body of cuts) {
      const e = errorOf(() => parseResponse({ status: 200, headers: {}, body }));
      expect(e.message).toMatch(
        /^The API's answer was malformed \(HTTP 200\): it arrived whole, but its JSON stops before its end/,
      );
      expect(e.message).not.toMatch(/cut off/);
      expect(e.retryable).toBe(false); // the API sent it so: asking again gets the same
    }
    const broken = errorOf(() => parseResponse({ status: 200, headers: {}, body: whole + "}" }));
    expect(broken.message).toMatch(/not JSON/);
    const e = errorOf(() => parseResponse({ status: 200, headers: {}, body: "", cutOff: true }));
    expect(e.message).toMatch(/cut off before its end \(HTTP 200\): the connection dropped/);
    expect(e.message).toMatch(
      /; refresh the cells with errors from the add-in.s menu or pane, and if/,
    );
  });

  it("maps a 2xx without SUCCESS: by its inner status code, else BAD_RESPONSE", () => {
    const inner = {
      status: 200,
      headers: {},
      body: JSON.stringify({ status: "ERROR", statusCode: 404, message: "x" }),
    };
    expect(errorOf(() => parseResponse(inner)).code).toBe("NOT_FOUND");
    const odd = { status: 200, headers: {}, body: JSON.stringify({ status: "WEIRD", data: 1 }) };
    expect(errorOf(() => parseResponse(odd)).code).toBe("BAD_RESPONSE");
  });

  it("maps 401 to AUTH with the key-renewal advice", () => {
    const e = errorOf(() => parseResponse(fail(401, "invalid key")));
    expect(e.code).toBe("AUTH");
    expect(e.message).toBe(AUTH_MESSAGE);
    expect(e.status).toBe(401);
    expect(e.retryable).toBe(false);
  });

  it("maps 404 to NOT_FOUND", () => {
    const e = errorOf(() => parseResponse(fail(404, "Not found")));
    expect(e.code).toBe("NOT_FOUND");
    expect(e.message).toMatch(/check the shop, region and ids/);
  });

  it("maps 400 with the server's field and problem", () => {
    const e = errorOf(() =>
      parseResponse(
        fail(400, "Bad body", [{ field: "lookbackDays", problem: "must be at most 730" }]),
      ),
    );
    expect(e.code).toBe("BAD_REQUEST");
    expect(e.field).toBe("lookbackDays");
    expect(e.message).toContain("lookbackDays: must be at most 730");
  });

  it("maps 400 without details, 405 and 413 to BAD_REQUEST", () => {
    expect(errorOf(() => parseResponse(fail(400, "Body is not JSON"))).message).toContain(
      "Body is not JSON",
    );
    expect(errorOf(() => parseResponse(fail(405, "Method not allowed"))).code).toBe("BAD_REQUEST");
    expect(errorOf(() => parseResponse(fail(413, "too big"))).message).toMatch(/fewer ids/);
  });

  it("maps 422 to UNREACHABLE with the server's message", () => {
    const e = errorOf(() =>
      parseResponse(
        fail(422, "Margin 95% cannot be reached at any price", [
          { field: "targetMargin", problem: "unreachable_margin" },
        ]),
      ),
    );
    expect(e.code).toBe("UNREACHABLE");
    expect(e.message).toContain("Margin 95% cannot be reached at any price");
    expect(e.field).toBe("targetMargin");
  });

  it("maps 429 to RATE_LIMITED with Retry-After (any header case)", () => {
    const e = errorOf(() => parseResponse(fail(429, "slow down", [], { "Retry-After": "17" })));
    expect(e.code).toBe("RATE_LIMITED");
    expect(e.retryable).toBe(true);
    expect(e.retryAfterSec).toBe(17);
    // The scheduler pauses for Retry-After: the message never asks the seller to recalculate.
    expect(e.message).toContain("asked to wait 17 s");
    expect(e.message).not.toMatch(/recalculate/);
    const noHeader = errorOf(() => parseResponse(fail(429, "slow down")));
    expect(noHeader.retryAfterSec).toBeUndefined();
    expect(noHeader.message).toMatch(/asked to wait$/);
  });

  it("maps a 429 that asks for other credentials (WWW-Authenticate) to AUTH, in the API's own words", () => {
    const said =
      "This API key was not accepted, and it failed more than 30 times in a minute from your address: check that the whole key was pasted, or create a new one in Settings → API keys. Valid keys are not held back. Retry in 2 s.";
    const e = errorOf(() =>
      parseResponse(
        fail(429, said, [{ field: "Authorization", problem: "was not accepted" }], {
          "Retry-After": "2",
          "www-authenticate": 'Bearer realm="api", error="invalid_token"',
        }),
      ),
    );
    expect(e).toMatchObject({ code: "AUTH", status: 429, retryable: false, message: said });
    expect(isKeyThrottled(e)).toBe(true);
    expect(isRateLimit(e)).toBe(false);
    // Without the challenge it is the key's rate limit, waited for.
    const limit = errorOf(() => parseResponse(fail(429, said, [], { "Retry-After": "2" })));
    expect(isRateLimit(limit)).toBe(true);
  });

  it("maps 5xx (even with an HTML body) to retryable SERVER", () => {
    const e = errorOf(() =>
      parseResponse({ status: 502, headers: {}, body: "<html>Bad gateway</html>" }),
    );
    expect(e.code).toBe("SERVER");
    expect(e.retryable).toBe(true);
    expect(e.status).toBe(502);
  });

  it("maps status 0 to retryable NETWORK and odd statuses to BAD_RESPONSE", () => {
    const e = errorOf(() => parseResponse({ status: 0, headers: {}, body: "" }));
    expect(e.code).toBe("NETWORK");
    expect(e.retryable).toBe(true);
    expect(errorOf(() => parseResponse({ status: 304, headers: {}, body: "" })).code).toBe(
      "BAD_RESPONSE",
    );
  });

  it("reads Retry-After as seconds or an HTTP date", () => {
    const now = Date.parse("2024-05-01T00:00:00Z");
    expect(retryAfterSeconds({ "retry-after": "Wed, 01 May 2024 00:00:30 GMT" }, now)).toBe(30);
    // Never longer than one window of the per-minute limit, however far the server points.
    expect(retryAfterSeconds({ "retry-after": "3600" }, now)).toBe(60);
    expect(retryAfterSeconds({ "retry-after": "Thu, 01 May 2025 00:00:00 GMT" }, now)).toBe(60);
    expect(retryAfterSeconds({ "retry-after": "2.2" }, now)).toBe(3);
    expect(retryAfterSeconds({ "retry-after": "soon" }, now)).toBeUndefined();
    expect(headerValue({ "X-A": "1" }, "x-a")).toBe("1");
  });
});

describe("ApiError helpers", () => {
  it("defaults retryable by code and keeps details", () => {
    expect(new ApiError("TIMEOUT", "t").retryable).toBe(true);
    expect(new ApiError("AUTH", "a").retryable).toBe(false);
    const e = new ApiError("BAD_REQUEST", "m", { status: 400, field: "x", retryable: true });
    expect(e.withMessage("n")).toMatchObject({
      code: "BAD_REQUEST",
      message: "n",
      status: 400,
      field: "x",
      retryable: true,
    });
    expect(e).toBeInstanceOf(Error);
  });

  it("wraps foreign errors as NETWORK and keeps ApiErrors", () => {
    const e = new ApiError("AUTH", "a");
    expect(toApiError(e)).toBe(e);
    expect(toApiError(new Error("DNS error")).code).toBe("NETWORK");
    expect(toApiError("boom").message).toContain("boom");
  });

  it("redacts the key from messages", () => {
    const e = new ApiError("SERVER", "echo key-abcdef and key-abcdef");
    expect(redactKey(e, "key-abcdef").message).toBe("echo *** and ***");
    expect(redactKey(e, null)).toBe(e);
  });

  it("has the fixed NO_KEY and NOT_YET_ACTIVE messages", () => {
    expect(noKeyError().message).toBe(
      "No API key: paste your key under API key and settings in the add-on's sidebar",
    );
    expect(notYetActiveError("B9", "pipeline not delivered").message).toContain(
      "B9 is not yet active",
    );
    expect(shorten("a   b", 10)).toBe("a b");
    expect(shorten("abcdefghijkl", 5)).toBe("abcd…");
  });
});
