/**
 * A bad argument that only the catalog can judge (a marketplace rule, a from/to pair), caught
 * before any request. It is an INVALID_ARGUMENT ApiError like the core's coercion errors, and
 * reads the same way: the argument's name, then what is allowed ("shopId is required for
 * marketplace A").
 */
import { ApiError } from "../core/errors";

export class ArgumentError extends ApiError {
  constructor(
    readonly argument: string,
    readonly problem: string,
  ) {
    super("INVALID_ARGUMENT", `${argument} ${problem}`, { field: argument, retryable: false });
  }
}
