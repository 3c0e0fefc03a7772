import { isErrorEnvelope, isSuccessEnvelope } from "../../src/api/envelope";
import { CURSOR_REQUEST_FIELD, nextCursorValue } from "../../src/api/pagination";

describe("envelopes", () => {
  it("recognises the success envelope of spec 2.2", () => {
    expect(isSuccessEnvelope({ status: "SUCCESS", statusCode: 200, message: null, data: [] })).toBe(
      true,
    );
    expect(isSuccessEnvelope({ status: "SUCCESS", statusCode: 200, data: null })).toBe(true);
    expect(isSuccessEnvelope({ status: "SUCCESS", statusCode: 200 })).toBe(false);
    expect(isSuccessEnvelope({ status: "ERROR", statusCode: 200, data: 1 })).toBe(false);
    expect(isSuccessEnvelope({ status: "SUCCESS", statusCode: 201, data: 1 })).toBe(false);
    expect(isSuccessEnvelope(null)).toBe(false);
    expect(isSuccessEnvelope([1])).toBe(false);
  });

  it("recognises the error envelope of contract-notes", () => {
    const err = {
      status: "ERROR",
      statusCode: 400,
      message: "Bad request",
      errors: [{ field: "pageSize", problem: "at most 500" }],
    };
    expect(isErrorEnvelope(err)).toBe(true);
    expect(isSuccessEnvelope(err)).toBe(false);
    expect(isErrorEnvelope({ ...err, errors: [{ field: "x" }] })).toBe(false);
    expect(isErrorEnvelope({ ...err, statusCode: "400" })).toBe(false);
  });
});

describe("cursor pages", () => {
  it("reads the next cursor value or null at the end", () => {
    expect(CURSOR_REQUEST_FIELD).toBe("cursorRtProductId");
    expect(nextCursorValue({ cursorRtProductId: 1234 })).toBe(1234);
    expect(nextCursorValue(null)).toBeNull();
    expect(() => nextCursorValue({ id: 1 })).toThrow(TypeError);
  });
});
