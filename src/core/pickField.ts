/**
 * One figure of a record by name (Bloomberg BDP style), for a function's `field` argument.
 * Every name a seller can see in a spilled table is accepted: a line's key or its row label
 * ("commissionFee", "Commission fee"), a metadata or top-level figure, a column header of a
 * range result or an import ("VAT (per unit)", "Raw profit adjusted ROAS"), that header
 * written as an identifier ("vatPerUnit") and a dot path ("metadata.commissionRate"). Names
 * match exactly, then ignoring case, then ignoring case, spaces and punctuation.
 */
import { isDateTimeArray } from "../api/datetime";
import { ApiError } from "./errors";
import { type Figure, currencyOf, figureCell } from "./figure";
import { breakdownLines, isLineObject, isRecord } from "./lines";
import {
  type Cell,
  type ShapeOptions,
  dateTimeToUtcDate,
  flattenRecord,
  humanize,
  lineLabel,
  netProfitOf,
  recordHeaders,
  toCell,
} from "./shape";

/** The record's figure named `field`; an unknown name fails naming the ones that exist. */
export function pickField(
  record: unknown,
  field: string,
  options: ShapeOptions = {},
): Cell | Figure {
  const dateTime = options.dateTime ?? dateTimeToUtcDate;
  const wanted = field.trim();
  // A catalog name matches a key exactly: no labels to word for the common case.
  const keys = fieldCandidates(record, false);
  const candidates = keys.some(([name]) => name === wanted) ? keys : fieldCandidates(record);
  const lower = wanted.toLowerCase();
  const squashed = squash(wanted);
  const hit =
    candidates.find(([name]) => name === wanted) ??
    candidates.find(([name]) => name.toLowerCase() === lower) ??
    (squashed === "" ? undefined : candidates.find(([name]) => squash(name) === squashed));
  if (hit) return asFigure(record, hit[0], toCell(hit[1], dateTime));
  // A header of a table of entries names a per-unit figure "… (per unit)" (shape.ts).
  const perUnit = /\s*\(per unit\)$/i;
  if (perUnit.test(wanted)) return pickField(record, wanted.replace(perUnit, ""), options);
  const atPath = wanted.includes(".") ? valueAtLoose(record, wanted) : undefined;
  if (atPath !== undefined && (isScalarValue(atPath) || isLineObject(atPath))) {
    return asFigure(record, wanted, toCell(atPath, dateTime));
  }
  throw new ApiError(
    "INVALID_ARGUMENT",
    `Unknown field "${wanted}": use one of ${shownNames(record).join(", ")}`,
    { field: "field" },
  );
}

/** The record's field names as a table shows them ("Commission fee", "Net profit"), for errors. */
function shownNames(record: unknown): string[] {
  const labels = new Map(breakdownLines(record).map(([n, l]) => [n, lineLabel(n, l)]));
  return [...new Set(fieldNames(record).map((n) => labels.get(n) ?? humanize(n)))];
}

/** Field names pickField accepts for a record (keys, not labels), in lookup order. */
export function fieldNames(record: unknown): string[] {
  return [...new Set(fieldCandidates(record, false).map(([name]) => name))];
}

/** The figure `name` of `record` with its kind and currency (a line, by key or label, is money). */
function asFigure(record: unknown, name: string, cell: Cell): Cell | Figure {
  const line = breakdownLines(record).some(([n, l]) => n === name || lineLabel(n, l) === name);
  const leaf = name.split(".").pop() ?? name;
  return figureCell(line ? "breakdown." + leaf : leaf, cell, currencyOf(record));
}

/** "Net profit (per unit)" -> "netprofitperunit": what a name is once case and spacing go. */
function squash(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** valueAt, matching each step's name ignoring case. */
function valueAtLoose(entry: unknown, path: string): unknown {
  let current: unknown = entry;
  for (const part of path.split(".")) {
    if (!isRecord(current)) return undefined;
    const key = Object.keys(current).find((k) => k.toLowerCase() === part.toLowerCase());
    if (key === undefined) return undefined;
    current = current[key];
  }
  return current;
}

function isScalarValue(v: unknown): boolean {
  return v === null || typeof v !== "object" || isDateTimeArray(v) || v instanceof Date;
}

/**
 * (name, value) pairs in lookup order: lines, metadata, top level, nested one level down;
 * with labels, then every name as a table heads it (row label, column header "… (per unit)").
 */
function fieldCandidates(record: unknown, withLabels = true): ReadonlyArray<[string, unknown]> {
  if (!isRecord(record)) return listCandidates(record, withLabels);
  // A parsed answer is never changed: its names are listed once however many fields are read.
  const memo = withLabels ? labelled : unlabelled;
  const known = memo.get(record);
  if (known) return known;
  const listed = listCandidates(record, withLabels);
  memo.set(record, listed);
  return listed;
}
const labelled = new WeakMap<object, Array<[string, unknown]>>();
const unlabelled = new WeakMap<object, Array<[string, unknown]>>();

function listCandidates(record: unknown, withLabels: boolean): Array<[string, unknown]> {
  const lines = breakdownLines(record);
  const out: Array<[string, unknown]> = lines.map(([n, l]) => [n, l.amount]);
  if (withLabels) for (const [n, l] of lines) out.push([lineLabel(n, l), l.amount]);
  if (!isRecord(record)) return out;
  if (isRecord(record.metadata)) {
    for (const [n, v] of Object.entries(record.metadata)) if (isScalarValue(v)) out.push([n, v]);
  }
  for (const [n, v] of Object.entries(record)) if (isScalarValue(v)) out.push([n, v]);
  // The "Net profit" row every breakdown table ends with, also where metadata lacks it.
  if (lines.length > 0 && !out.some(([n]) => n === "netProfit"))
    out.push(["netProfit", netProfitOf(record)]);
  for (const [n, v] of flattenRecord(record, true))
    if (!out.some(([k]) => k === n)) out.push([n, v]);
  if (!withLabels) return out;
  // The headers shape.ts gives these names in tables of entries (recordHeaders) and key/value
  // tables (humanize): their identifier forms ("vatPerUnit") then match ignoring spacing.
  const headerOf = recordHeaders([record]);
  const named = [...out];
  for (const [n, v] of named) out.push([headerOf(n), v], [humanize(n), v]);
  return out;
}
