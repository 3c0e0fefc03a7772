/**
 * API results -> cells. A breakdown becomes a two-column table (line, amount) ending in net
 * profit and margin; a list becomes one row per entry; `field` picks one scalar. Cells are
 * only string | number | boolean | Date: null becomes "", date-time arrays become dates.
 */
import { isDateTimeArray } from "../api/datetime";
import { ArgumentError } from "./argumentError";
import type { Cell, Table } from "./cells";

type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A breakdown line object: `{ amount, label, rate?, base? }` (contract-notes). */
interface Line {
  readonly amount: number;
  readonly label?: string;
}

function isLine(value: unknown): value is Line {
  return isRecord(value) && typeof value.amount === "number";
}

/** One API value as a cell: date-time arrays become Dates (UTC wall clock), null becomes "". */
export function toCell(value: unknown): Cell {
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : "";
  if (value instanceof Date) return value;
  if (isDateTimeArray(value)) {
    const [y, mo, d, h, mi, s] = value;
    return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  }
  if (isLine(value)) return value.amount;
  if (Array.isArray(value) && value.every((v) => typeof v === "string" || typeof v === "number")) {
    return value.join(", ");
  }
  return "";
}

/** "commissionFee" -> "Commission fee"; "raw.profitAdjustedRoas" -> "Raw profit adjusted roas". */
export function humanize(key: string): string {
  const words = key
    .replace(/\./g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The breakdown lines of a result: `data.breakdown`, or line-valued keys of `data` itself. */
export function breakdownOf(data: unknown): Json {
  if (!isRecord(data)) return {};
  if (isRecord(data.breakdown)) return data.breakdown;
  const lines: Json = {};
  for (const [k, v] of Object.entries(data)) if (isLine(v)) lines[k] = v;
  return lines;
}

function metadataOf(data: unknown): Json {
  return isRecord(data) && isRecord(data.metadata) ? data.metadata : {};
}

/** Make every row as wide as the widest, filling with "". */
export function padTable(rows: Cell[][]): Table {
  const width = Math.max(1, ...rows.map((r) => r.length));
  return rows.map((r) =>
    r.length === width ? r : [...r, ...Array<Cell>(width - r.length).fill("")],
  );
}

/** What an empty result shows, so a cell is never blank by accident. */
export const NO_ROWS = "No rows";

/**
 * One result with a breakdown as a two-column table: headline figures first (a required
 * price, units sold), then each line with its amount, then net profit, margin and currency.
 */
export function breakdownTable(data: unknown, headers: boolean): Table {
  const rows: Cell[][] = headers ? [["Line", "Amount"]] : [];
  const lines = breakdownOf(data);
  if (isRecord(data)) {
    for (const [k, v] of Object.entries(data)) {
      if (k === "breakdown" || k === "metadata" || isLine(v)) continue;
      if (typeof v === "number" || typeof v === "string" || typeof v === "boolean")
        rows.push([humanize(k), v]);
    }
  }
  let sum = 0;
  for (const [k, v] of Object.entries(lines)) {
    if (!isLine(v)) continue;
    sum += v.amount;
    rows.push([v.label ?? humanize(k), v.amount]);
  }
  const meta = metadataOf(data);
  const netProfit =
    typeof meta.netProfit === "number" ? meta.netProfit : Math.round(sum * 100) / 100;
  rows.push(["Net profit", netProfit]);
  if (meta.margin !== undefined) rows.push(["Margin", toCell(meta.margin)]);
  if (typeof meta.currency === "string") rows.push(["Currency", meta.currency]);
  return padTable(rows);
}

/**
 * A record flattened to (column, cell) pairs: scalars, breakdown lines by their key (the
 * amount), metadata figures, and nested objects one level down as `outer.inner`.
 * Lists inside a record are left out: they get their own function or section.
 */
export function flattenRecord(record: unknown): Array<[string, Cell]> {
  const out: Array<[string, Cell]> = [];
  if (!isRecord(record)) return [["value", toCell(record)]];
  for (const [k, v] of Object.entries(record)) {
    if (k === "breakdown" && isRecord(v)) {
      for (const [line, lv] of Object.entries(v)) out.push([line, toCell(lv)]);
    } else if (k === "metadata" && isRecord(v)) {
      for (const [mk, mv] of Object.entries(v))
        if (!isRecord(mv) && !isArrayOfRecords(mv)) out.push([mk, toCell(mv)]);
    } else if (isRecord(v) && !isLine(v)) {
      for (const [ik, iv] of Object.entries(v)) {
        if (!isRecord(iv) && !isArrayOfRecords(iv)) out.push([`${k}.${ik}`, toCell(iv)]);
        else if (isLine(iv)) out.push([`${k}.${ik}`, iv.amount]);
      }
    } else if (!isArrayOfRecords(v)) {
      out.push([k, toCell(v)]);
    }
  }
  return out;
}

function isArrayOfRecords(value: unknown): value is Json[] {
  return Array.isArray(value) && value.length > 0 && value.every(isRecord);
}

/** Many records as one table: a header row (optional) and one row per record. */
export function recordsTable(records: readonly unknown[], headers: boolean): Table {
  return pairsTable(records.map(flattenRecord), headers);
}

/** Rows given as (column, cell) pairs: columns in first-seen order, "" where a row lacks one. */
export function pairsTable(
  flat: ReadonlyArray<ReadonlyArray<[string, Cell]>>,
  headers: boolean,
): Table {
  const columns: string[] = [];
  for (const pairs of flat) for (const [k] of pairs) if (!columns.includes(k)) columns.push(k);
  const rows: Cell[][] = flat.map((pairs) => {
    const byKey = new Map(pairs);
    return columns.map((c) => byKey.get(c) ?? "");
  });
  if (headers && columns.length > 0) rows.unshift(columns.map(humanize));
  return rows.length === 0 ? [[NO_ROWS]] : padTable(rows);
}

/** One record as a two-column (field, value) table. */
export function keyValueTable(record: unknown, headers: boolean): Table {
  const rows: Cell[][] = flattenRecord(record).map(([k, v]) => [humanize(k), v]);
  if (headers) rows.unshift(["Field", "Value"]);
  return rows.length === 0 ? [[NO_ROWS]] : padTable(rows);
}

/**
 * A whole document (a shop overview): its figures as (field, value) rows, then each list in
 * it as a titled block of rows, so every number the API sent has a cell.
 */
export function documentTable(data: unknown, headers: boolean): Table {
  const rows: Cell[][] = keyValueTable(data, headers).filter((r) => r[0] !== NO_ROWS);
  const visit = (value: unknown, title: string): void => {
    if (isArrayOfRecords(value)) {
      rows.push([humanize(title)]);
      rows.push(...recordsTable(value, true));
    } else if (isRecord(value) && !isLine(value)) {
      for (const [k, v] of Object.entries(value)) visit(v, title ? `${title}.${k}` : k);
    }
  };
  if (isRecord(data)) for (const [k, v] of Object.entries(data)) visit(v, k);
  return rows.length === 0 ? [[NO_ROWS]] : padTable(rows);
}

/**
 * One scalar by name: a dotted path, a top-level figure, a breakdown line (its amount) or a
 * metadata figure. Unknown names list what is there.
 */
export function pickField(data: unknown, field: string): Cell {
  const found = lookup(data, field);
  if (found !== undefined) return toCell(found);
  const names = flattenRecord(data).map(([k]) => k);
  throw new ArgumentError(
    "field",
    `no field "${field}" in this result; available: ${names.slice(0, 30).join(", ")}`,
  );
}

function lookup(data: unknown, field: string): unknown {
  const wanted = field.trim();
  const lower = wanted.toLowerCase();
  const byName = (obj: Json): unknown => {
    const key = Object.keys(obj).find((k) => k.toLowerCase() === lower);
    return key === undefined ? undefined : obj[key];
  };
  if (!isRecord(data)) return undefined;
  if (wanted.includes(".")) {
    let at: unknown = data;
    for (const part of wanted.split(".")) {
      if (!isRecord(at)) return undefined;
      const key = Object.keys(at).find((k) => k.toLowerCase() === part.toLowerCase());
      if (key === undefined) return undefined;
      at = at[key];
    }
    return isRecord(at) && !isLine(at) ? undefined : at;
  }
  for (const source of [data, breakdownOf(data), metadataOf(data)]) {
    const v = byName(source);
    if (v !== undefined && (!isRecord(v) || isLine(v))) return v;
  }
  return undefined;
}
