/**
 * Response envelopes: every success is wrapped (spec 2.2); failures use the error envelope of
 * docs/contract-notes.md (the spec does not show one).
 */

/** A successful response; `data` is the endpoint's Response type. */
export interface SuccessEnvelope<T> {
  readonly status: "SUCCESS";
  readonly statusCode: 200;
  /** Present; content not specified by the spec. */
  readonly message: unknown;
  readonly data: T;
}

/** One problem with a request: which field and what is allowed. */
export interface ErrorDetail {
  readonly field: string;
  readonly problem: string;
}

/** A failed response (reference server decision, contract-notes). */
export interface ErrorEnvelope {
  readonly status: "ERROR";
  readonly statusCode: number;
  readonly message: string;
  readonly errors: readonly ErrorDetail[];
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/** True when `x` is a success envelope (status SUCCESS, statusCode 200, a `data` key). */
export function isSuccessEnvelope(x: unknown): x is SuccessEnvelope<unknown> {
  return isRecord(x) && x.status === "SUCCESS" && x.statusCode === 200 && "data" in x;
}

/** True when `x` is an error envelope of contract-notes. */
export function isErrorEnvelope(x: unknown): x is ErrorEnvelope {
  return (
    isRecord(x) &&
    x.status === "ERROR" &&
    typeof x.statusCode === "number" &&
    typeof x.message === "string" &&
    Array.isArray(x.errors) &&
    x.errors.every(
      (e) => isRecord(e) && typeof e.field === "string" && typeof e.problem === "string",
    )
  );
}
