/** A request the server refuses, carried to the error envelope `{status:"ERROR", statusCode, message, errors}`. */
export interface FieldProblem {
  readonly field: string;
  readonly problem: string;
}

/** Thrown by validation and endpoint handlers; the HTTP layer turns it into the error envelope. */
export class ApiProblem extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 404 | 405 | 413 | 422 | 429 | 503,
    message: string,
    readonly errors: readonly FieldProblem[] = [],
  ) {
    super(message);
    this.name = "ApiProblem";
  }
}

/** Longest caller input a message repeats (a region, a key, an id), then an ellipsis. */
const MAX_ECHO = 64;

/** Caller input as a message may repeat it: at most MAX_ECHO characters. */
export function echoed(value: unknown, max = MAX_ECHO): string {
  const text = String(value);
  if (text.length <= max) return text;
  return `${Array.from(text).slice(0, max).join("")}…`;
}
