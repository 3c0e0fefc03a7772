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
