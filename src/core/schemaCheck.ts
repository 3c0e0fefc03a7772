/**
 * A small interpreter of the JSON Schema subset that api/schema.ts generates, so the add-in
 * refuses exactly what the reference server's Ajv refuses, with the same sentences, without
 * shipping Ajv in the Sheets bundle. Every problem is listed, like Ajv with allErrors.
 */
import { isPlainObject, isRealDate, type JsonSchema } from "../api/schema";
import {
  BODY_FIELD,
  BODY_NOT_OBJECT,
  type FieldProblem,
  fieldPath,
  RESERVED_KEY_PROBLEM,
  requiredProblem,
  unknownFieldProblem,
  valueProblem,
} from "../api/schemaWords";

/** A problem with the value found at the field (absent for a missing field). */
export interface ValueProblem extends FieldProblem {
  readonly value?: unknown;
}

/** Every problem of `value` against `schema`; empty when it is valid. */
export function schemaProblems(schema: JsonSchema, value: unknown): ValueProblem[] {
  const out: ValueProblem[] = [];
  if (schema.type === "object" && !isPlainObject(value)) {
    out.push({ field: BODY_FIELD, problem: BODY_NOT_OBJECT, value });
  } else {
    check(schema, value, "", out);
  }
  return out;
}

function check(node: JsonSchema, value: unknown, path: string, out: ValueProblem[]): void {
  if (node.type === "object") {
    if (!isPlainObject(value)) out.push({ field: path, problem: valueProblem(node, value), value });
    else checkObject(node, value, path, out);
    return;
  }
  if (node.type === "array") {
    if (!Array.isArray(value)) {
      out.push({ field: path, problem: valueProblem(node, value), value });
      return;
    }
    const tooFew = node.minItems !== undefined && value.length < node.minItems;
    const tooMany = node.maxItems !== undefined && value.length > node.maxItems;
    if (tooFew || tooMany) out.push({ field: path, problem: valueProblem(node, value), value });
    const items = node.items;
    if (items) value.forEach((item: unknown, i) => check(items, item, fieldPath(path, i), out));
    return;
  }
  if (!scalarOk(node, value)) out.push({ field: path, problem: valueProblem(node, value), value });
}

function checkObject(
  node: JsonSchema,
  value: Record<string, unknown>,
  path: string,
  out: ValueProblem[],
): void {
  const properties = node.properties ?? {};
  const reserved = node.propertyNames?.not.enum ?? [];
  for (const key of Object.keys(value)) {
    const field = fieldPath(path, key);
    if (reserved.includes(key)) {
      out.push({ field, problem: RESERVED_KEY_PROBLEM, value: value[key] });
    } else if (Object.prototype.hasOwnProperty.call(properties, key)) {
      check(properties[key] as JsonSchema, value[key], field, out);
    } else if (node.additionalProperties === false) {
      out.push({ field, problem: unknownFieldProblem(path, Object.keys(properties)) });
    } else if (node.additionalProperties) {
      check(node.additionalProperties, value[key], field, out);
    }
  }
  for (const name of node.required ?? []) {
    if (!Object.prototype.hasOwnProperty.call(value, name)) {
      out.push({ field: fieldPath(path, name), problem: requiredProblem(properties[name]) });
    }
  }
}

function scalarOk(node: JsonSchema, value: unknown): boolean {
  switch (node.type) {
    case "integer":
    case "number": {
      if (typeof value !== "number" || !Number.isFinite(value)) return false;
      if (node.type === "integer" && !Number.isInteger(value)) return false;
      return (
        (node.minimum === undefined || value >= node.minimum) &&
        (node.maximum === undefined || value <= node.maximum)
      );
    }
    case "string":
      if (typeof value !== "string") return false;
      if (node.enum && !node.enum.includes(value)) return false;
      return node.format !== "date" || isRealDate(value);
    case "boolean":
      return typeof value === "boolean";
    default:
      return false;
  }
}
