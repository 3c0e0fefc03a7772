/**
 * An endpoint's `data` already written as JSON, as UTF-8 bytes. Large list pages (A7, A11,
 * A12: up to 500 rows of about 1.1 KB) are served from rows serialized once per window, so a
 * page costs copying bytes instead of building 500 objects and serializing them on every
 * request (issue 22: a 500-row A11 page spent most of its time in JSON.stringify and the GC).
 * Bytes, not strings: a 571 KB page built as a string lands in V8's old generation on every
 * request, and with the server's heap policy (heap.ts) that brought a full collection every
 * few dozen pages (A11's p99 went from 85 ms to about 190 ms); Buffers live outside the heap.
 */
export class SerializedData {
  /** The pieces that, written one after the other, are the JSON of `data`. */
  constructor(readonly parts: readonly Buffer[]) {}

  /** The JSON as text (for tests and tools; the server sends `parts`). */
  get json(): string {
    return Buffer.concat(this.parts).toString("utf8");
  }
}

/** A JSON value as UTF-8 bytes, written once (a list row). */
export const jsonBytes = (value: unknown): Buffer => Buffer.from(JSON.stringify(value), "utf8");

const COMMA = Buffer.from(",");

/** `{"<first>": <value>, ...rest}`: a JSON object with one field put before an object's own. */
export function withLeadingField(name: string, value: unknown, objectJson: Buffer): Buffer[] {
  const lead = `${JSON.stringify(name)}:${JSON.stringify(value)}`;
  return objectJson.length <= 2
    ? [Buffer.from(`{${lead}}`)]
    : [Buffer.from(`{${lead},`), objectJson.subarray(1)];
}

/** A JSON object whose first field `name` is the array of `items` (each in pieces), then `fields`. */
export function objectWithArray(
  name: string,
  items: readonly (Buffer | readonly Buffer[])[],
  fields: Readonly<Record<string, unknown>>,
): SerializedData {
  const rest = JSON.stringify(fields);
  const parts: Buffer[] = [Buffer.from(`{${JSON.stringify(name)}:[`)];
  items.forEach((item, i) => {
    if (i > 0) parts.push(COMMA);
    if (Buffer.isBuffer(item)) parts.push(item);
    else parts.push(...item);
  });
  parts.push(Buffer.from(rest === "{}" ? "]}" : `],${rest.slice(1)}`));
  return new SerializedData(parts);
}
