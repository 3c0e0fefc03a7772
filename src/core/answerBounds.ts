/**
 * Values no API following the spec sends: an id that is no id (1e308, a 40,000-character
 * text), a name longer than any marketplace allows, a number JSON could only read as
 * infinite. Shown as data they would look like the seller's shops and products; they are an
 * unexpected answer instead (bounds: docs/contract-notes.md, "Answers the add-in refuses").
 */
import { shorten } from "./errors";

/** Identifiers of spec 2.4 and the ids answers carry beside them. */
const ID_FIELD = /^(shop|seller|item|model|sku|product|category|rtProduct)Id$/;

/** Ids are integers within ±1e12 (contract-notes), or C's opaque texts of this length at most. */
export const MAX_ID_CHARS = 128;
/** Marketplaces cap names at a few hundred characters; the demo's longest is 500. */
export const MAX_NAME_CHARS = 1_000;
/** Nesting followed; deeper parts of an answer are not looked at (no answer nests this deep). */
const MAX_DEPTH = 16;

const count = (n: number): string => n.toLocaleString("en-US");

function fieldProblem(name: string, value: unknown): string | null {
  if (typeof value === "number" && !Number.isFinite(value))
    return `${name} is a number too large to be a figure`;
  if (ID_FIELD.test(name)) {
    const text = typeof value === "string";
    if (
      value === null ||
      (text && value.length > 0 && value.length <= MAX_ID_CHARS) ||
      (Number.isSafeInteger(value) && Math.abs(value as number) <= 1e12)
    )
      return null;
    const shown = text
      ? `a text of ${count(value.length)} characters`
      : shorten(JSON.stringify(value) ?? "", 30);
    return `${name} is ${shown}, not an id (a whole number up to 1e12, or a text of at most ${MAX_ID_CHARS} characters)`;
  }
  if ((name === "name" || name.endsWith("Name")) && typeof value === "string")
    if (value.length > MAX_NAME_CHARS)
      return `${name} is ${count(value.length)} characters long (a name has at most ${count(MAX_NAME_CHARS)})`;
  return null;
}

/** What a list answer's entries come to once each is held to the bounds. */
export interface BoundedEntries {
  readonly kept: unknown[];
  /** One line per entry left out: "item 10001691: name is 40,000 characters long (...)". */
  readonly leftOut: string[];
}

/**
 * A list answer's entries held to the bounds one by one (issue 36): an entry with a value the
 * spec does not allow is one bad row, left out and named, and the others are the answer.
 * `firstRow`: the 1-based row of entries[0] in the whole list (for entries without an id).
 */
export function entriesWithinBounds(entries: readonly unknown[], firstRow = 1): BoundedEntries {
  const kept: unknown[] = [];
  const leftOut: string[] = [];
  entries.forEach((entry, i) => {
    const problem = outOfBoundsValue([entry]);
    if (problem === null) kept.push(entry);
    else leftOut.push(`${entryName(entry) ?? `row ${count(firstRow + i)}`}: ${problem}`);
  });
  return { kept, leftOut };
}

/** "item 10001691" from an entry's first id that is one (item, SKU, product, model, ...). */
function entryName(entry: unknown): string | null {
  if (typeof entry !== "object" || entry === null) return null;
  const fields = Object.entries(entry);
  const order = ["itemId", "skuId", "productId", "modelId"];
  fields.sort(([a], [b]) => rank(order, a) - rank(order, b));
  for (const [name, value] of fields)
    if (ID_FIELD.test(name) && fieldProblem(name, value) === null && value !== null)
      return `${name.slice(0, -2).replace(/^sku$/, "SKU")} ${String(value)}`;
  return null;
}

function rank(order: readonly string[], name: string): number {
  const at = order.indexOf(name);
  return at < 0 ? order.length : at;
}

/** The first value of `data` outside what the spec allows, in words; null when all fit. */
export function outOfBoundsValue(data: unknown): string | null {
  // Two stacks, not a pair and an entries list per value: every value of every page comes here.
  const values: unknown[] = [data];
  const depths: number[] = [0];
  while (values.length > 0) {
    const value = values.pop();
    const depth = depths.pop() as number;
    if (depth > MAX_DEPTH || typeof value !== "object" || value === null) continue;
    // A list's items are checked like fields of the list's name.
    const names = Array.isArray(value) ? null : Object.keys(value);
    const size = names ? names.length : (value as unknown[]).length;
    for (let i = 0; i < size; i++) {
      const name = names ? (names[i] as string) : "a value";
      const field: unknown = names
        ? (value as Record<string, unknown>)[name]
        : (value as unknown[])[i];
      const problem = fieldProblem(name, field);
      if (problem) return problem;
      values.push(field);
      depths.push(depth + 1);
    }
  }
  return null;
}
