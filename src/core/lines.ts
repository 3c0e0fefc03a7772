/**
 * Breakdown lines in every shape the spec allows (2.5). Marketplace A's lines are objects
 * (`{ amount, label, rate?, base? }`, contract-notes); for B and C the spec shows no line
 * shape, so an API may just as well send plain signed numbers (`"originalPrice": 25`).
 * Lines live under `breakdown`; object lines may also sit at the top level (A2, A6).
 */

/** One signed line: revenue positive, cost negative. */
export interface BreakdownLine {
  readonly amount: number;
  readonly label?: string;
}

/** True for a plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** True for an object-valued line (`{ amount: number, ... }`). */
export function isLineObject(value: unknown): value is BreakdownLine {
  return isRecord(value) && typeof value.amount === "number" && Number.isFinite(value.amount);
}

/** The line a value under `breakdown` stands for: an object line, or a plain signed number. */
function lineOf(value: unknown): BreakdownLine | undefined {
  if (isLineObject(value)) return value;
  if (typeof value === "number" && Number.isFinite(value)) return { amount: value };
  return undefined;
}

/**
 * The lines of a breakdown record: every line under `record.breakdown` (objects or numbers),
 * else the object lines at the record's top level. A top-level number is never a line: it
 * may be any figure (a price, a count).
 */
export function breakdownLines(record: unknown): Array<[string, BreakdownLine]> {
  if (!isRecord(record)) return [];
  const out: Array<[string, BreakdownLine]> = [];
  if (isRecord(record.breakdown)) {
    for (const [name, value] of Object.entries(record.breakdown)) {
      const line = lineOf(value);
      if (line) out.push([name, line]);
    }
    return out;
  }
  for (const [name, value] of Object.entries(record))
    if (isLineObject(value)) out.push([name, value]);
  return out;
}

/**
 * True for a line that is a summary ratio rather than money (the spec lists C's "net margin"
 * among its lines): shown, but never added into the net profit.
 */
export function isRatioLine(name: string): boolean {
  return /margin$/i.test(name);
}

/** Net profit per unit: the sum of the money lines, to the minor unit (rounding noise removed). */
export function sumOfLines(lines: ReadonlyArray<[string, BreakdownLine]>): number {
  const sum = lines.reduce(
    (total, [name, line]) => total + (isRatioLine(name) ? 0 : line.amount),
    0,
  );
  return Math.round(sum * 1e6) / 1e6;
}
