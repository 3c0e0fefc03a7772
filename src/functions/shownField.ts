/**
 * A `field` found by the label a table shows. pickField (core) knows the record's names and
 * the headers shape.ts derives from them; a function's own table may add rows of its own
 * ("Basis", "Margin", "ROAS", an id column). A name the record does not know is looked up
 * among those labels, and the error lists the labels as the table shows them.
 */
import { ApiError, isApiError } from "../core/errors";
import { pickField } from "../core/pickField";
import type { ResultCell } from "./cells";

/** "VAT (per unit)" -> "vatperunit": a label once case, spacing and punctuation go. */
function squash(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** The cell of the (label, value) pair named `field`: exact, then ignoring case, then squashed. */
function byLabel(
  pairs: ReadonlyArray<readonly [string, ResultCell]>,
  field: string,
): ResultCell | undefined {
  const wanted = field.trim();
  const squashed = squash(wanted);
  const hit =
    pairs.find(([label]) => label === wanted) ??
    pairs.find(([label]) => label.toLowerCase() === wanted.toLowerCase()) ??
    (squashed === "" ? undefined : pairs.find(([label]) => squash(label) === squashed));
  return hit?.[1];
}

/**
 * The figure named `field` where `shown` is the whole table a result spills, as (label, value)
 * rows: a row label wins (in a one-result table "Basis" is the row the seller reads, even
 * where the API also has a figure named basis: that one stays at "metadata.basis"), then the
 * record's names; an unknown name fails listing the table's labels.
 */
export function pickShown(
  record: unknown,
  field: string,
  shown: () => ReadonlyArray<readonly [string, ResultCell]>,
): ResultCell {
  const pairs = shown();
  const hit = byLabel(pairs, field);
  if (hit !== undefined) return hit;
  try {
    return pickField(record, field);
  } catch (err) {
    if (!isApiError(err) || err.code !== "INVALID_ARGUMENT" || pairs.length === 0) throw err;
    const labels = [...new Set(pairs.map(([label]) => label))];
    throw new ApiError(
      "INVALID_ARGUMENT",
      `Unknown field "${field.trim()}": use one of ${labels.join(", ")}`,
      { field: "field" },
    );
  }
}

/** The record's figure named `field`, else one of a few `extra` columns beside it (ids). */
export function pickWithExtra(
  record: unknown,
  field: string,
  extra: () => ReadonlyArray<readonly [string, ResultCell]>,
): ResultCell {
  try {
    return pickField(record, field);
  } catch (err) {
    const hit = byLabel(extra(), field);
    if (hit === undefined) throw err;
    return hit;
  }
}

/**
 * A (label, value) table's rows as pairs, the header row left out; none for a wider table
 * (a document's titled lists: their columns are many values, not one figure).
 */
export function labelledRows(
  table: ReadonlyArray<readonly ResultCell[]>,
): Array<[string, ResultCell]> {
  if (table.some((row) => row.length !== 2)) return [];
  return table
    .slice(1)
    .filter((row): row is [string, ResultCell] => typeof row[0] === "string")
    .map((row) => [row[0], row[1]]);
}
