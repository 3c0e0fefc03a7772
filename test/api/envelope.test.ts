import { isErrorEnvelope, isSuccessEnvelope } from "../../src/api/envelope";

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
