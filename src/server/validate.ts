/**
 * Request validation derived from the endpoint table: every body field and path parameter is
 * checked against its FieldSpec (type, required, bounds, enum, nested fields), unknown fields
 * are refused, and the spec's defaults are filled in. Each problem names the field and what
 * is allowed, e.g. `{field: "lookbackDays", problem: "must be a whole number from 1 to 730"}`.
 */
import type { FieldSpec, FieldType } from "../api/types";
import { ApiProblem, type FieldProblem } from "./problem";

/** More problems than this in one request are summarised, not listed. */
const MAX_PROBLEMS = 50;

/**
 * Bound of a number field the table leaves unbounded (money, rates, ids): beyond it minor
 * units (x 100) stop being exact integers and the solvers' bisections would never end.
 */
export const MAX_NUMBER_MAGNITUDE = 1e12;

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Checks a JSON body against the fields of an endpoint and returns it with defaults applied
 * (`"today"` becomes `today`). An absent body counts as `{}`. Throws ApiProblem 400 listing
 * every problem.
 */
export function validateBody(
  fields: readonly FieldSpec[],
  body: unknown,
  today: string,
): Record<string, unknown> {
  const problems: FieldProblem[] = [];
  const given = body === undefined || body === null ? {} : body;
  if (!isPlainObject(given)) {
    throw badRequest([{ field: "body", problem: "must be a JSON object ({...})" }]);
  }
  const result = checkObject(fields, given, "", today, problems, "this request");
  if (problems.length > 0) throw badRequest(problems);
  return result;
}

/** Converts path parameters (always text in a URL) to their declared types; throws ApiProblem 400. */
export function parsePathParams(
  params: readonly FieldSpec[],
  raw: Readonly<Record<string, string | undefined>>,
): Record<string, string | number> {
  const problems: FieldProblem[] = [];
  const out: Record<string, string | number> = {};
  for (const spec of params) {
    const text = raw[spec.name] ?? "";
    if (text === "") {
      problems.push({ field: spec.name, problem: "is required in the path" });
    } else if (spec.type === "integer" || spec.type === "number") {
      const value = Number(text);
      const ok =
        spec.type === "integer"
          ? /^-?\d+$/.test(text) && Number.isSafeInteger(value)
          : Number.isFinite(value);
      const problem = ok ? boundsProblem(spec, value) : numberRule(spec);
      if (problem === null) out[spec.name] = value;
      else problems.push({ field: spec.name, problem: `${problem} (path parameter)` });
    } else {
      out[spec.name] = text;
    }
  }
  if (problems.length > 0) throw badRequest(problems);
  return out;
}

/** The 400 problem for a list of field problems; the message names the first. */
export function badRequest(problems: readonly FieldProblem[]): ApiProblem {
  const listed =
    problems.length > MAX_PROBLEMS
      ? [
          ...problems.slice(0, MAX_PROBLEMS),
          { field: "body", problem: `and ${problems.length - MAX_PROBLEMS} more problems` },
        ]
      : problems;
  const first = problems[0] as FieldProblem;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : "";
  return new ApiProblem(400, `Invalid request: ${first.field} ${first.problem}${more}.`, listed);
}

function checkObject(
  fields: readonly FieldSpec[],
  given: Record<string, unknown>,
  prefix: string,
  today: string,
  problems: FieldProblem[],
  owner: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const known = new Set(fields.map((f) => f.name));
  for (const name of Object.keys(given)) {
    if (!known.has(name)) {
      const allowed = fields.map((f) => f.name).join(", ") || "none";
      problems.push({
        field: prefix + name,
        problem: `is not a field of ${owner} (allowed: ${allowed})`,
      });
    }
  }
  for (const spec of fields) {
    const field = prefix + spec.name;
    const value = Object.prototype.hasOwnProperty.call(given, spec.name)
      ? given[spec.name]
      : undefined;
    if (value === undefined || value === null) {
      if (spec.required) {
        problems.push({ field, problem: `is required (${describe(spec)})` });
      } else if (spec.default !== undefined) {
        out[spec.name] = spec.default === "today" && spec.type === "date" ? today : spec.default;
      } else if (value === null) {
        out[spec.name] = null;
      }
      continue;
    }
    const checked = checkValue(spec, spec.type, value, field, today, problems);
    if (checked !== INVALID) out[spec.name] = checked;
  }
  return out;
}

const INVALID = Symbol("invalid");

function checkValue(
  spec: FieldSpec,
  type: FieldType,
  value: unknown,
  field: string,
  today: string,
  problems: FieldProblem[],
): unknown {
  const fail = (problem: string) => {
    problems.push({ field, problem });
    return INVALID;
  };
  switch (type) {
    case "integer":
    case "number": {
      const ok =
        typeof value === "number" &&
        (type === "integer" ? Number.isSafeInteger(value) : Number.isFinite(value));
      if (!ok) return fail(numberRule(spec, type));
      const problem = boundsProblem(spec, value);
      return problem === null ? value : fail(problem);
    }
    case "string":
      if (typeof value !== "string") return fail(spec.enum ? enumRule(spec.enum) : "must be text");
      if (spec.enum && !spec.enum.includes(value)) return fail(enumRule(spec.enum));
      return value;
    case "boolean":
      return typeof value === "boolean" ? value : fail("must be true or false");
    case "date":
      if (typeof value !== "string" || !DATE_SHAPE.test(value)) {
        return fail("must be a date written YYYY-MM-DD");
      }
      return isRealDate(value)
        ? value
        : fail(`must be a real calendar date (${value} does not exist)`);
    case "object":
      if (!isPlainObject(value)) return fail("must be an object ({...})");
      return spec.fields
        ? checkObject(spec.fields, value, `${field}.`, today, problems, field)
        : value;
    case "array": {
      if (!Array.isArray(value)) return fail(arrayRule(spec));
      if (
        (spec.min !== undefined && value.length < spec.min) ||
        (spec.max !== undefined && value.length > spec.max)
      ) {
        return fail(arrayRule(spec));
      }
      const itemType = spec.items;
      if (itemType === undefined) return value;
      const before = problems.length;
      const items = value.map((item, i) => {
        const itemField = `${field}[${i}]`;
        if (item === null || item === undefined) {
          problems.push({ field: itemField, problem: `must be ${article(itemType)}` });
          return INVALID;
        }
        if (itemType === "object") {
          if (!isPlainObject(item)) {
            problems.push({ field: itemField, problem: "must be an object ({...})" });
            return INVALID;
          }
          return spec.fields
            ? checkObject(
                spec.fields,
                item,
                `${itemField}.`,
                today,
                problems,
                `each ${field} entry`,
              )
            : item;
        }
        // Element bounds are not in the spec; the array's min/max bound its length.
        const elementSpec: FieldSpec = { name: itemField, type: itemType, required: true, doc: "" };
        return checkValue(elementSpec, itemType, item, itemField, today, problems);
      });
      return problems.length > before ? INVALID : items;
    }
  }
}

/** "must be a whole number from 1 to 730" and its variants. */
function numberRule(spec: FieldSpec, type: FieldType = spec.type): string {
  const kind = type === "integer" ? "a whole number" : "a number";
  if (spec.min !== undefined && spec.max !== undefined)
    return `must be ${kind} from ${spec.min} to ${spec.max}`;
  if (spec.min !== undefined) return `must be ${kind} of at least ${spec.min}`;
  if (spec.max !== undefined) return `must be ${kind} of at most ${spec.max}`;
  return `must be ${kind}`;
}

function boundsProblem(spec: FieldSpec, value: number): string | null {
  if (
    (spec.min !== undefined && value < spec.min) ||
    (spec.max !== undefined && value > spec.max)
  ) {
    return numberRule(spec);
  }
  if (Math.abs(value) > MAX_NUMBER_MAGNITUDE) {
    const lowest = spec.min ?? -MAX_NUMBER_MAGNITUDE;
    const highest = spec.max ?? MAX_NUMBER_MAGNITUDE;
    return `must be ${spec.type === "integer" ? "a whole number" : "a number"} from ${lowest} to ${highest}`;
  }
  return null;
}

function arrayRule(spec: FieldSpec): string {
  const what = spec.items ? `a list of ${plural(spec.items)}` : "a list";
  if (spec.min !== undefined && spec.max !== undefined)
    return `must be ${what} with ${spec.min} to ${spec.max} entries`;
  if (spec.min !== undefined)
    return `must be ${what} with at least ${spec.min} ${spec.min === 1 ? "entry" : "entries"}`;
  if (spec.max !== undefined) return `must be ${what} with at most ${spec.max} entries`;
  return `must be ${what}`;
}

function enumRule(values: readonly string[]): string {
  return `must be one of ${values.map((v) => `"${v}"`).join(", ")}`;
}

/** What a required field expects, for "is required (...)". */
function describe(spec: FieldSpec): string {
  if (spec.enum) return enumRule(spec.enum).replace("must be ", "");
  if (spec.type === "array") return arrayRule(spec).replace("must be ", "");
  if (spec.type === "integer" || spec.type === "number")
    return numberRule(spec).replace("must be ", "");
  return article(spec.type);
}

function article(type: FieldType): string {
  const names: Record<FieldType, string> = {
    integer: "a whole number",
    number: "a number",
    string: "text",
    boolean: "true or false",
    date: "a date written YYYY-MM-DD",
    array: "a list",
    object: "an object",
  };
  return names[type];
}

function plural(type: FieldType): string {
  const names: Record<FieldType, string> = {
    integer: "whole numbers",
    number: "numbers",
    string: "texts",
    boolean: "true/false values",
    date: "dates (YYYY-MM-DD)",
    array: "lists",
    object: "objects",
  };
  return names[type];
}

/** True for a YYYY-MM-DD text naming a day that exists (no 2025-02-30). */
export function isRealDate(text: string): boolean {
  const m = DATE_SHAPE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
