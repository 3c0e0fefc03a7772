/**
 * An endpoint's `data` already written as JSON. Large list pages (A7, A11, A12: up to 500
 * rows of about 1.1 KB) are served from rows serialized once per window, so a page costs a
 * string join instead of building 500 objects and serializing them on every request
 * (issue 22: a 500-row A11 page spent most of its time in JSON.stringify and the GC).
 */
export class SerializedData {
  constructor(readonly json: string) {}
}

/** `{"<first>": <value>, ...rest}`: a JSON object with one field put before an object's own. */
export function withLeadingField(name: string, value: unknown, objectJson: string): string {
  const lead = `${JSON.stringify(name)}:${JSON.stringify(value)}`;
  return objectJson === "{}" ? `{${lead}}` : `{${lead},${objectJson.slice(1)}`;
}

/** A JSON object whose first field `name` is the array of `itemsJson`, then `fields`. */
export function objectWithArray(
  name: string,
  itemsJson: readonly string[],
  fields: Readonly<Record<string, unknown>>,
): string {
  const rest = JSON.stringify(fields);
  const array = `${JSON.stringify(name)}:[${itemsJson.join(",")}]`;
  return rest === "{}" ? `{${array}}` : `{${array},${rest.slice(1)}`;
}
