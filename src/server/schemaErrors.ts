/**
 * Ajv's validation errors (Fastify's schema validation of body and path parameters) as the
 * `{field, problem}` sentences of the error envelope, from api/schemaWords.ts: the same
 * sentences the add-in's own check (core/schemaCheck.ts) gives for the same schema and value.
 */
import type { FastifySchemaValidationError } from "fastify";
import { isPlainObject, type JsonSchema } from "../api/schema";
import {
  BODY_FIELD,
  BODY_NOT_OBJECT,
  type FieldProblem,
  fieldPath,
  placed,
  type ProblemPlace,
  RESERVED_KEY_PROBLEM,
  requiredProblem,
  unknownFieldProblem,
  valueProblem,
} from "../api/schemaWords";
import { ApiProblem, echoed } from "./problem";

/** More problems than this in one request are summarised, not listed. */
const MAX_PROBLEMS = 50;

/** One problem per field, in Ajv's order, for errors of `root` validated against `schema`. */
export function problemsOfAjv(
  errors: readonly FastifySchemaValidationError[],
  schema: JsonSchema,
  root: unknown,
  place: ProblemPlace,
): FieldProblem[] {
  const byField = new Map<string, string>();
  for (const error of errors) {
    const { field, problem } = problemOf(error, schema, root);
    if (!byField.has(field)) byField.set(field, placed(problem, place));
  }
  return [...byField].map(([field, problem]) => ({ field, problem }));
}

/** The 400 problem for a list of field problems; the message names the first. */
export function badRequest(problems: readonly FieldProblem[]): ApiProblem {
  const listed =
    problems.length > MAX_PROBLEMS
      ? [
          ...problems.slice(0, MAX_PROBLEMS),
          { field: BODY_FIELD, problem: `and ${problems.length - MAX_PROBLEMS} more problems` },
        ]
      : problems;
  const first = problems[0] ?? { field: BODY_FIELD, problem: "is invalid" };
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : "";
  return new ApiProblem(400, `Invalid request: ${first.field} ${first.problem}${more}.`, listed);
}

function problemOf(
  error: FastifySchemaValidationError,
  schema: JsonSchema,
  root: unknown,
): FieldProblem {
  const at = locate(schema, root, error.instancePath);
  const params = error.params;
  if ("propertyName" in error || error.keyword === "propertyNames") {
    const key = "propertyName" in error ? error.propertyName : params.propertyName;
    return { field: fieldPath(at.path, echoed(key)), problem: RESERVED_KEY_PROBLEM };
  }
  if (error.keyword === "required") {
    const name = String(params.missingProperty);
    return {
      field: fieldPath(at.path, name),
      problem: requiredProblem(at.node?.properties?.[name]),
    };
  }
  if (error.keyword === "additionalProperties") {
    return {
      field: fieldPath(at.path, echoed(params.additionalProperty)),
      problem: unknownFieldProblem(at.path, Object.keys(at.node?.properties ?? {})),
    };
  }
  if (at.path === "" || at.node === undefined) {
    return { field: BODY_FIELD, problem: BODY_NOT_OBJECT };
  }
  return { field: at.path, problem: valueProblem(at.node, at.value) };
}

/** The field path, schema node and value an Ajv instancePath (a JSON pointer) points at. */
function locate(
  schema: JsonSchema,
  root: unknown,
  pointer: string,
): { path: string; node: JsonSchema | undefined; value: unknown } {
  let path = "";
  let node: JsonSchema | undefined = schema;
  let value = root;
  const segments = pointer === "" ? [] : pointer.slice(1).split("/");
  for (const raw of segments) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(value)) {
      const index = Number(key);
      path = fieldPath(path, index);
      value = value[index];
      node = node?.items;
    } else {
      path = fieldPath(path, echoed(key));
      value = isPlainObject(value) ? value[key] : undefined;
      const own: JsonSchema | undefined =
        node?.properties && Object.prototype.hasOwnProperty.call(node.properties, key)
          ? node.properties[key]
          : undefined;
      node = own ?? (node?.additionalProperties || undefined);
    }
  }
  return { path, node, value };
}
