/**
 * A bad argument, caught before any request. The message names the argument and says what
 * is allowed, so the cell's hover text tells the seller what to fix.
 */
export class ArgumentError extends Error {
  constructor(
    readonly argument: string,
    readonly problem: string,
  ) {
    super(`${argument}: ${problem}`);
    this.name = "ArgumentError";
  }
}

/** Show a value the seller typed, short, inside an error message. */
export function quoteInput(value: unknown): string {
  if (value instanceof Date) return isNaN(value.getTime()) ? "an invalid date" : "a date";
  if (typeof value === "string")
    return JSON.stringify(value.length > 40 ? value.slice(0, 40) + "…" : value);
  return String(value);
}
