/**
 * One figure of a record by name (Bloomberg BDP style), for a function's `field` argument.
 * Every name a seller can see in a spilled table is accepted: a line's key or its row label
 * ("commissionFee", "Commission fee"), a metadata or top-level figure, a column header of a
 * range result or an import ("VAT (per unit)", "Raw profit adjusted ROAS"), that header
 * written as an identifier ("vatPerUnit") and a dot path ("metadata.commissionRate"). Names
 * match exactly, then ignoring case, then ignoring case, spaces and punctuation.
 */
import { isDateTimeArray } from "../api/datetime";
import { figureSynonyms, lineSynonyms, lineWord } from "../api/figures";
import { ApiError } from "./errors";
import { type Figure, currencyOf, figureCell } from "./figure";
import { breakdownLines, isLineObject, isRecord } from "./lines";
import {
  type Cell,
  type DateTimeToCell,
  type ShapeOptions,
  dateTimeToUtcDate,
  figureList,
  flattenRecord,
  humanize,
  lineLabel,
  netProfitOf,
  recordHeaders,
  toCell,
  valueAt,
} from "./shape";

/** The record's figure named `field`; an unknown name fails naming the ones that exist. */
export function pickField(
  record: unknown,
  field: string,
  options: ShapeOptions = {},
): Cell | Figure {
  const found = findField(record, field.trim(), options.dateTime ?? dateTimeToUtcDate);
  if (found !== undefined) return found;
  throw new ApiError(
    "INVALID_ARGUMENT",
    `Unknown field "${field.trim()}": use one of ${shownNames(record).join(", ")}`,
    { field: "field" },
  );
}

/** pickField's search: the name as written, then without "per unit", then as another marketplace's line. */
function findField(
  record: unknown,
  wanted: string,
  dateTime: DateTimeToCell,
): Cell | Figure | undefined {
  // A catalog name matches a key exactly: no labels to word for the common case.
  const keys = fieldCandidates(record, false);
  const candidates = keys.some(([name]) => name === wanted) ? keys : fieldCandidates(record);
  const lower = wanted.toLowerCase();
  const squashed = squash(wanted);
  const hit =
    candidates.find(([name]) => name === wanted) ??
    candidates.find(([name]) => name.toLowerCase() === lower) ??
    (squashed === "" ? undefined : candidates.find(([name]) => squash(name) === squashed));
  if (hit)
    return (
      figureList(hit[2], hit[1], currencyOf(record)) ??
      asFigure(record, hit[2], toCell(hit[1], dateTime))
    );
  // A header of a table of entries names a per-unit figure "… (per unit)" (shape.ts), and its
  // one-word form "vatPerUnit": the figure without it.
  const perUnit = lineWord(wanted);
  if (perUnit !== squashed && perUnit !== "") {
    const bare = findField(record, perUnit, dateTime);
    if (bare !== undefined) return bare;
  }
  // A line by another marketplace's name for it (B's "voucher" is A's "sellerVoucher").
  const lines = breakdownLines(record);
  for (const name of lineSynonyms(wanted)) {
    const line = lines.find(([n]) => n === name);
    if (line) return asFigure(record, `breakdown.${line[0]}`, line[1].amount);
  }
  // A figure by another marketplace's name for it (A's buyerPrice is B's resultingBuyerPrice).
  for (const name of figureSynonyms(wanted)) {
    const other = keys.find(([n]) => n === name && squash(n) !== squashed);
    if (other) return asFigure(record, other[2], toCell(other[1], dateTime));
  }
  const atPath = wanted.includes(".") ? valueAtLoose(record, wanted) : undefined;
  if (atPath !== undefined && (isScalarValue(atPath) || isLineObject(atPath))) {
    return asFigure(record, wanted, toCell(atPath, dateTime));
  }
  return undefined;
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

/**
 * The figure at `source` (the API's name or path the value came from, "breakdown.vat" for a
 * line) with its kind and currency: however the seller spelt it, one figure reads one way.
 */
function asFigure(record: unknown, source: string, cell: Cell): Cell | Figure {
  const parts = source.split(".");
  const leaf = parts[parts.length - 1] ?? source;
  const line = parts[0] === "breakdown" || breakdownLines(record).some(([n]) => n === source);
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

/** A name a seller may use, its value, and the API name or path the value came from. */
type Candidate = [name: string, value: unknown, source: string];

/**
 * (name, value, source) in lookup order: lines, metadata, top level, nested one level down;
 * with labels, then every name as a table heads it (row label, column header "… (per unit)").
 */
function fieldCandidates(record: unknown, withLabels = true): readonly Candidate[] {
  if (!isRecord(record)) return listCandidates(record, withLabels);
  // A parsed answer is never changed: its names are listed once however many fields are read.
  const memo = withLabels ? labelled : unlabelled;
  const known = memo.get(record);
  if (known) return known;
  const listed = listCandidates(record, withLabels);
  memo.set(record, listed);
  return listed;
}
const labelled = new WeakMap<object, Candidate[]>();
const unlabelled = new WeakMap<object, Candidate[]>();

function listCandidates(record: unknown, withLabels: boolean): Candidate[] {
  const lines = breakdownLines(record);
  const out: Candidate[] = lines.map(([n, l]) => [n, l.amount, `breakdown.${n}`]);
  if (withLabels)
    for (const [n, l] of lines) out.push([lineLabel(n, l), l.amount, `breakdown.${n}`]);
  if (!isRecord(record)) return out;
  if (isRecord(record.metadata)) {
    for (const [n, v] of Object.entries(record.metadata)) if (isScalarValue(v)) out.push([n, v, n]);
  }
  for (const [n, v] of Object.entries(record)) if (isScalarValue(v)) out.push([n, v, n]);
  // The "Net profit" row every breakdown table ends with, also where metadata lacks it.
  if (lines.length > 0 && !out.some(([n]) => n === "netProfit"))
    out.push(["netProfit", netProfitOf(record), "netProfit"]);
  for (const [n, v] of flattenRecord(record, true)) {
    // A list of figures keeps its numbers, read as the table shows them (figureList).
    const raw = valueAt(record, n);
    if (!out.some(([k]) => k === n)) out.push([n, Array.isArray(raw) ? raw : v, n]);
  }
  if (!withLabels) return out;
  // The headers shape.ts gives these names in tables of entries (recordHeaders) and key/value
  // tables (humanize): their identifier forms ("vatPerUnit") then match ignoring spacing.
  const headerOf = recordHeaders([record]);
  const named = [...out];
  for (const [n, v, source] of named) {
    const shownAs = source.startsWith("breakdown.") ? source.slice("breakdown.".length) : n;
    out.push([headerOf(shownAs), v, source], [humanize(shownAs), v, source]);
  }
  return out;
}
