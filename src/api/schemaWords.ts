/**
 * The sentences of a refused request, derived from the schema node of the field at fault, so
 * the server (mapping Ajv's errors) and the add-in (core/schemaCheck.ts) say the same thing:
 * `{field: "lookbackDays", problem: "must be a whole number from 1 to 730"}`.
 */
import { isDateShaped, type JsonSchema, MAX_NUMBER_MAGNITUDE } from "./schema";

/** Where a problem was found: the JSON body or the URL's path parameters. */
export type ProblemPlace = "body" | "path";

/** One refused field and what is allowed, as in the error envelope. */
export interface FieldProblem {
  readonly field: string;
  readonly problem: string;
}

/** Field name of the body itself when it is not an object. */
export const BODY_FIELD = "body";
export const BODY_NOT_OBJECT = "must be a JSON object ({...})";
export const RESERVED_KEY_PROBLEM = "is a reserved name (__proto__, constructor, prototype)";

/** `models[0].cogs`: a key below `parent` (dotted) or an array index (bracketed). */
export function fieldPath(parent: string, key: string | number): string {
  if (typeof key === "number") return `${parent}[${key}]`;
  const name = key === "" ? '""' : key; // an empty key still gets a visible name
  return parent === "" ? name : `${parent}.${name}`;
}

/** "is not a field of each models entry (allowed: itemId, modelId, originalPrice)". */
export function unknownFieldProblem(objectPath: string, allowed: readonly string[]): string {
  const owner =
    objectPath === ""
      ? "this request"
      : /\[\d+\]$/.test(objectPath)
        ? `each ${objectPath.replace(/\[\d+\]$/, "")} entry`
        : objectPath;
  return `is not a field of ${owner} (allowed: ${allowed.join(", ") || "none"})`;
}

/** "is required (a whole number from 1 to 730)". */
export function requiredProblem(node: JsonSchema | undefined): string {
  return node === undefined ? "is required" : `is required (${expected(node, undefined)})`;
}

/** What `value` at a field of schema `node` must be instead: "must be one of "A", "B"". */
export function valueProblem(node: JsonSchema, value: unknown): string {
  return `must be ${expected(node, value)}`;
}

/** Adds where a path parameter's problem was found. */
export function placed(problem: string, place: ProblemPlace): string {
  return place === "path" ? `${problem} (path parameter)` : problem;
}

function expected(node: JsonSchema, value: unknown): string {
  switch (node.type) {
    case "integer":
    case "number":
      return numberRule(node, value);
    case "string":
      if (node.enum) return `one of ${node.enum.map((v) => `"${v}"`).join(", ")}`;
      if (node.format === "date") {
        return typeof value === "string" && isDateShaped(value)
          ? `a real calendar date (${value} does not exist)`
          : "a date written YYYY-MM-DD";
      }
      return "text";
    case "boolean":
      return "true or false";
    case "array":
      return arrayRule(node);
    case "object":
      return "an object ({...})";
  }
}

/** Bounds are named unless they are only the general ±1e12 and the value is not even a number. */
function numberRule(node: JsonSchema, value: unknown): string {
  const kind = node.type === "integer" ? "a whole number" : "a number";
  const isKind =
    typeof value === "number" &&
    (node.type === "integer" ? Number.isInteger(value) : Number.isFinite(value));
  const general = node.minimum === -MAX_NUMBER_MAGNITUDE && node.maximum === MAX_NUMBER_MAGNITUDE;
  if (general && !isKind) return kind;
  const { minimum: min, maximum: max } = node;
  if (min !== undefined && max !== undefined) return `${kind} from ${min} to ${max}`;
  if (min !== undefined) return `${kind} of at least ${min}`;
  if (max !== undefined) return `${kind} of at most ${max}`;
  return kind;
}

function arrayRule(node: JsonSchema): string {
  const what = node.items ? `a list of ${plural(node.items)}` : "a list";
  const { minItems: min, maxItems: max } = node;
  if (min !== undefined && max !== undefined) return `${what} with ${min} to ${max} entries`;
  if (min !== undefined) return `${what} with at least ${min} ${min === 1 ? "entry" : "entries"}`;
  if (max !== undefined) return `${what} with at most ${max} entries`;
  return what;
}

function plural(node: JsonSchema): string {
  switch (node.type) {
    case "integer":
      return "whole numbers";
    case "number":
      return "numbers";
    case "string":
      return node.format === "date" ? "dates (YYYY-MM-DD)" : "texts";
    case "boolean":
      return "true/false values";
    case "array":
      return "lists";
    case "object":
      return "objects";
  }
}
