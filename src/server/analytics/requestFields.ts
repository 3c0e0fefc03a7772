/**
 * Typed reads of a validated request body (the HTTP layer has checked types and applied
 * defaults; these only narrow `unknown` without casts crossing module boundaries).
 */
import { ApiProblem } from "../problem";
import { badRequest } from "../schemaErrors";

type Body = Readonly<Record<string, unknown>>;

/** A number field, or null when absent. */
export function optNumber(body: Body, name: string): number | null {
  const v = body[name];
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

/** A required number field (400 if missing: validation should have caught it). */
export function reqNumber(body: Body, name: string): number {
  return optNumber(body, name) ?? missing(name);
}

/** A field validation should have required: a 400 naming it. */
export function missing(name: string): never {
  throw new ApiProblem(400, `${name} is required`, [{ field: name, problem: "is required" }]);
}

export function optString(body: Body, name: string): string | null {
  const v = body[name];
  return typeof v === "string" ? v : null;
}

export function reqString(body: Body, name: string): string {
  return optString(body, name) ?? missing(name);
}

export function optBoolean(body: Body, name: string): boolean | null {
  const v = body[name];
  return typeof v === "boolean" ? v : null;
}

/** The first day of the fee tables (fees/vat.ts, ratesA.ts, the demo categories' rates). */
const FIRST_RATES = "2020-01-01";

/** The date whose rates apply: the body's effectiveDate, or today (every endpoint's default). */
export function effectiveDateOf(ctx: { readonly body: Body; readonly today: string }): string {
  const date = optString(ctx.body, "effectiveDate") ?? ctx.today;
  // Before the fee tables start no rate is in force: say so, not "unknown category", in the
  // words of every refused field ("Invalid request: effectiveDate must be ...").
  if (date < FIRST_RATES)
    throw badRequest([
      {
        field: "effectiveDate",
        problem: `must be ${FIRST_RATES} or later: no fee rates are known before it`,
      },
    ]);
  return date;
}

/** Marketplace B and C settings every endpoint reads alike (spec 4.3 and 4.4 defaults). */
export function windowBC(ctx: { readonly body: Body; readonly today: string }): {
  readonly effectiveDate: string;
  readonly lookbackDays: number;
} {
  return {
    effectiveDate: effectiveDateOf(ctx),
    lookbackDays: optNumber(ctx.body, "lookbackDays") ?? 30,
  };
}

/** An array field's elements (empty when absent). */
export function arrayOf(body: Body, name: string): readonly unknown[] {
  const v = body[name];
  return Array.isArray(v) ? v : [];
}

/** Elements of an array-of-objects field. */
export function objectsOf(body: Body, name: string): Body[] {
  return arrayOf(body, name).filter(
    (x): x is Body => typeof x === "object" && x !== null && !Array.isArray(x),
  );
}

/** A map of numbers (e.g. adsCostByProductId); non-number values are ignored. */
export function numberMap(body: Body, name: string): ReadonlyMap<string, number> {
  const v = body[name];
  const out = new Map<string, number>();
  if (typeof v === "object" && v !== null && !Array.isArray(v)) {
    for (const [k, x] of Object.entries(v))
      if (typeof x === "number" && Number.isFinite(x)) out.set(k, x);
  }
  return out;
}

/** A path parameter as a number. */
export function pathNumber(path: Readonly<Record<string, string | number>>, name: string): number {
  const v = path[name];
  const n = typeof v === "number" ? v : Number(v);
  if (!Number.isFinite(n))
    throw new ApiProblem(400, `${name} must be a number`, [
      { field: name, problem: "must be a number" },
    ]);
  return n;
}

/** A path parameter as text. */
export function pathString(path: Readonly<Record<string, string | number>>, name: string): string {
  const v = path[name];
  if (v === undefined)
    throw new ApiProblem(400, `${name} is required`, [
      { field: name, problem: "is required in the path" },
    ]);
  return String(v);
}
