/**
 * One JSON Schema per endpoint (path parameters and body), generated from the endpoint table.
 * The reference server validates with it (Ajv under Fastify) and the add-in checks its requests
 * with the same schema (core/schemaCheck.ts), so both refuse the same bodies for the same
 * reason. Only the subset of JSON Schema generated here is used: type, minimum, maximum, enum,
 * format "date", items, minItems, maxItems, properties, required, additionalProperties and
 * propertyNames. Pure, no I/O.
 */
import type { EndpointSpec, FieldSpec, FieldType } from "./types";

/** JSON types of the generated schemas. */
export type JsonType = "integer" | "number" | "string" | "boolean" | "array" | "object";

/** The subset of JSON Schema (draft 7) this module generates. */
export interface JsonSchema {
  readonly type: JsonType;
  readonly description?: string;
  readonly default?: string | number | boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly enum?: readonly string[];
  readonly format?: "date";
  readonly items?: JsonSchema;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  /** false: unknown keys are refused; a schema: the type of every value of a map. */
  readonly additionalProperties?: false | JsonSchema;
  /** Keys a map may not use. */
  readonly propertyNames?: { readonly not: { readonly enum: readonly string[] } };
}

/** The schemas of one endpoint. */
export interface EndpointSchemas {
  /** Path parameters, as typed values (the server converts the URL's text first). */
  readonly params: JsonSchema;
  readonly body: JsonSchema;
}

/**
 * Bound of every number the table leaves unbounded (money, costs, ids): within it minor units
 * (x 100) stay exact integers and no solver searches past 2^50 (contract-notes "Limits").
 */
export const MAX_NUMBER_MAGNITUDE = 1e12;

/** Keys that would reach an object's prototype if copied naively; never a valid map key. */
export const RESERVED_KEYS: readonly string[] = ["__proto__", "constructor", "prototype"];

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a YYYY-MM-DD text naming a day that exists (no 2025-02-30): format "date". */
export function isRealDate(text: string): boolean {
  const m = DATE_SHAPE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** True for YYYY-MM-DD shaped text, a real day or not. */
export function isDateShaped(text: string): boolean {
  return DATE_SHAPE.test(text);
}

/**
 * The one rule JSON Schema cannot say: a null or empty-text value means "not given" (an empty
 * cell), at any depth, so an optional field falls back to its default and a required one is
 * missing. Returns a copy without those keys; arrays keep their elements as they are.
 */
export function withoutUnset(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUnset);
  if (!isPlainObject(value)) return value;
  // fromEntries defines own keys, so even a "__proto__" key stays data, never a prototype.
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null && v !== "")
      .map(([k, v]) => [k, withoutUnset(v)]),
  );
}

/**
 * withoutUnset for a request body the server receives: null and "" are "not given" only for a
 * field the spec has. An unknown key keeps its value, even null, so the schema refuses it like
 * any other unknown field (a typo never passes silently because its value was empty).
 */
export function withoutUnsetKnown(value: unknown, fields: readonly FieldSpec[]): unknown {
  if (!isPlainObject(value)) return withoutUnset(value);
  const byName = new Map(fields.map((f) => [f.name, f]));
  const kept: [string, unknown][] = [];
  for (const [k, v] of Object.entries(value)) {
    const field = byName.get(k);
    if (!field) kept.push([k, v]);
    else if (v !== null && v !== "") {
      const inner = field.fields;
      const nested =
        inner && Array.isArray(v)
          ? v.map((e) => withoutUnsetKnown(e, inner))
          : inner
            ? withoutUnsetKnown(v, inner)
            : withoutUnset(v);
      kept.push([k, nested]);
    }
  }
  // fromEntries defines own keys, so even a "__proto__" key stays data, never a prototype.
  return Object.fromEntries(kept);
}

/** True for a JSON object ({...}): not null, not an array. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const cache = new WeakMap<EndpointSpec, EndpointSchemas>();

/** The schemas of an endpoint (memoised per table entry). */
export function endpointSchemas(spec: EndpointSpec): EndpointSchemas {
  let schemas = cache.get(spec);
  if (!schemas) {
    schemas = { params: objectSchema(spec.pathParams), body: objectSchema(spec.body) };
    cache.set(spec, schemas);
  }
  return schemas;
}

function objectSchema(fields: readonly FieldSpec[]): JsonSchema {
  return {
    type: "object",
    properties: Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)])),
    required: fields.filter((f) => f.required).map((f) => f.name),
    additionalProperties: false,
  };
}

function fieldSchema(field: FieldSpec): JsonSchema {
  const schema = valueSchema(field.type, field);
  const dflt = field.default;
  // "today" is resolved by the server at request time, not a literal default.
  const withDefault =
    dflt === undefined || dflt === null || dflt === "today" ? {} : { default: dflt };
  return { ...schema, description: field.doc, ...withDefault };
}

/** The schema of a value of type `type`; `field` carries bounds, enum, items and fields. */
function valueSchema(type: FieldType, field?: FieldSpec): JsonSchema {
  switch (type) {
    case "integer":
    case "number":
      return {
        type,
        minimum: field?.min ?? -MAX_NUMBER_MAGNITUDE,
        maximum: field?.max ?? MAX_NUMBER_MAGNITUDE,
      };
    case "string":
      return field?.enum ? { type: "string", enum: field.enum } : { type: "string" };
    case "boolean":
      return { type: "boolean" };
    case "date":
      return { type: "string", format: "date" };
    case "array": {
      const itemType = field?.items;
      const items =
        itemType === "object" && field?.fields
          ? objectSchema(field.fields)
          : itemType !== undefined
            ? valueSchema(itemType)
            : undefined;
      return {
        type: "array",
        ...(items ? { items } : {}),
        ...(field?.min !== undefined ? { minItems: field.min } : {}),
        ...(field?.max !== undefined ? { maxItems: field.max } : {}),
      };
    }
    case "object":
      if (field?.fields) return objectSchema(field.fields);
      return {
        type: "object",
        propertyNames: { not: { enum: RESERVED_KEYS } },
        ...(field?.values ? { additionalProperties: valueSchema(field.values) } : {}),
      };
  }
}
