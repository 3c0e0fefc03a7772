/**
 * Checks that run before the schema check, each cheap whatever the request's size. Query
 * parameters are refused (queryParams.ts). A list longer than its schema allows is refused
 * on its length alone: the schema check walks every element and lists each one's problem, and
 * a 1 MB body of 200,000 nulls in `itemIds` took it about 1.3 s of the event loop, time every
 * other key's request waited (an attack run: 8 such bodies held a cheap GET for 3.7 s).
 */
import { isPlainObject, type JsonSchema } from "../api/schema";
import { valueProblem } from "../api/schemaWords";
import { refuseQueryParameters } from "./queryParams";
import { badRequest } from "./schemaErrors";

/** Throws the 400 of a request refused before its schema check; returns when it may go on. */
export function refuseBeforeValidation(url: string, body: unknown, schema: JsonSchema): void {
  refuseQueryParameters(url);
  if (!isPlainObject(body) || !schema.properties) return;
  const overlong = Object.entries(schema.properties).flatMap(([name, node]) => {
    const value = body[name];
    return Array.isArray(value) && node.maxItems !== undefined && value.length > node.maxItems
      ? [{ field: name, problem: valueProblem(node, value) }]
      : [];
  });
  if (overlong.length > 0) throw badRequest(overlong);
}
