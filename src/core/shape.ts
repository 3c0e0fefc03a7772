/**
 * API results -> 2-D cell arrays. Cells only ever get string | number | boolean | Date;
 * null becomes "". Date-time arrays (spec 2.4) become a Date or a host serial through a
 * converter the host passes.
 */
import { isDateTimeArray } from "../api/datetime";
import { REGION_CURRENCY } from "../api/figures";
import type { DateTimeArray } from "../api/datetime";
import { fitCellText } from "./cellLimit";
import { isPointsCopy } from "./marginUnit";
import { humanize } from "./humanize";

export { humanize };
import { ApiError, isApiError, messageOf } from "./errors";
import { Figure, currencyOf, figureCell, figureText } from "./figure";
import { type BreakdownLine, breakdownLines, isLineObject, isRecord, sumOfLines } from "./lines";

export { type BreakdownLine, breakdownLines, isRecord };

/** What a spreadsheet cell may hold. */
export type Cell = string | number | boolean | Date;
/** Rows of cells. */
export type Table = Cell[][];

/** The error values a result cell may show: "not there" or "something is wrong". */
export type CellErrorCode = "#N/A" | "#VALUE!";

/**
 * One failed row inside a result table (the other rows still show their figures). Hosts
 * render it: Excel as an error value with the message on hover, Sheets (which cannot put
 * an error value inside an array) as the text "Error: <message>".
 */
export class CellError {
  constructor(
    readonly code: CellErrorCode,
    readonly message: string,
  ) {}

  /** The cell for a row's failure: NOT_FOUND and NOT_YET_ACTIVE are #N/A, anything else #VALUE!. */
  static of(error: unknown): CellError {
    const message = messageOf(error);
    const missing =
      isApiError(error) && (error.code === "NOT_FOUND" || error.code === "NOT_YET_ACTIVE");
    return new CellError(missing ? "#N/A" : "#VALUE!", message);
  }

  /** How a host without error values inside arrays shows it. */
  toText(): string {
    return `Error: ${this.message}`;
  }
}

/** A cell of a result table: a value, a figure with its format, or one row's error. */
export type ResultCell = Cell | Figure | CellError;
/** Rows of result cells. */
export type ResultTable = ResultCell[][];

/** Turns a date-time array into what the host's cells want (a Date, an Excel serial...). */
export type DateTimeToCell = (parts: DateTimeArray) => Cell;

/** Date-time array read as UTC wall-clock time (the API's reading) -> Date. */
export function dateTimeToUtcDate(parts: DateTimeArray): Date {
  const [y, mo, d, h, mi, s] = parts;
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}

/** Date-time array -> Excel serial number (days since 1899-12-30, time as a fraction). */
export function dateTimeToSerial(parts: DateTimeArray): number {
  return dateTimeToUtcDate(parts).getTime() / 86_400_000 + 25_569;
}

/** Options shared by the shaping functions. */
export interface ShapeOptions {
  /** Start with a header row; default true. */
  readonly headers?: boolean;
  /** Date-time converter; default dateTimeToUtcDate. */
  readonly dateTime?: DateTimeToCell;
}

/** Any API value as one cell. Objects that are not dates become "" (they need their own table). */
export function toCell(value: unknown, dateTime: DateTimeToCell = dateTimeToUtcDate): Cell {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return fitCellText(value);
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : "";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value;
  if (isDateTimeArray(value)) return dateTime(value);
  if (isLineObject(value)) return value.amount;
  if (Array.isArray(value) && value.every((v) => typeof v === "string" || typeof v === "number")) {
    return fitCellText(value.join(", "));
  }
  return "";
}

/** How a line shows as a row label: its own label, else its name in words. */
export function lineLabel(name: string, line: BreakdownLine): string {
  return typeof line.label === "string" && line.label !== "" ? line.label : humanize(name);
}

/** Net profit per unit: metadata.netProfit where the API sent it, else the sum of the lines. */
export function netProfitOf(record: unknown): number {
  const metadata = isRecord(record) && isRecord(record.metadata) ? record.metadata : {};
  return typeof metadata.netProfit === "number"
    ? metadata.netProfit
    : sumOfLines(breakdownLines(record));
}

/** Line and amount rows of a breakdown, ending with Net profit (metadata.netProfit or the sum). */
export function breakdownTable(record: unknown, options: ShapeOptions = {}): ResultTable {
  const lines = breakdownLines(record);
  if (lines.length === 0) {
    throw new ApiError(
      "BAD_RESPONSE",
      "The API returned no breakdown lines: in a while, refresh the cells with errors from the add-in's menu or pane",
    );
  }
  const currency = currencyOf(record);
  const money = (n: number): Figure => new Figure(n, "money", currency);
  const table: ResultTable = options.headers === false ? [] : [["Line", "Amount"]];
  for (const [name, line] of lines) table.push([lineLabel(name, line), money(line.amount)]);
  table.push(["Net profit", money(netProfitOf(record))]);
  return table;
}

/** How a column's values are read. */
export type ColumnKind = "money" | "percent" | "fraction" | "integer" | "text" | "date" | "boolean";

/** One column of an entries table. */
export interface Column {
  readonly header: string;
  /** Dot path into the entry: `metadata.netProfit`, `breakdown.vat.amount`. */
  readonly path: string;
  readonly kind: ColumnKind;
}

/** The value at a dot path, or undefined. */
export function valueAt(entry: unknown, path: string): unknown {
  let current: unknown = entry;
  for (const part of path.split(".")) {
    if (!isRecord(current) && !Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** One row per entry, with stable columns (a missing value is ""). */
export function entriesTable(
  entries: readonly unknown[],
  columns: readonly Column[],
  options: ShapeOptions = {},
): Table {
  const dateTime = options.dateTime ?? dateTimeToUtcDate;
  const table: Table = options.headers === false ? [] : [columns.map((c) => c.header)];
  for (const entry of entries) {
    table.push(columns.map((c) => columnCell(valueAt(entry, c.path), c.kind, dateTime)));
  }
  return table;
}

function columnCell(value: unknown, kind: ColumnKind, dateTime: DateTimeToCell): Cell {
  switch (kind) {
    case "money":
    case "percent":
    case "fraction":
    case "integer": {
      const cell = toCell(value, dateTime);
      if (typeof cell === "number") return cell;
      const n = typeof cell === "string" && cell.trim() !== "" ? Number(cell) : NaN;
      return Number.isFinite(n) ? n : "";
    }
    case "boolean":
      return typeof value === "boolean" ? value : toCell(value, dateTime);
    case "date":
      if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
        const [y, m, d] = value.split("-").map(Number);
        return dateTime([y ?? 1970, m ?? 1, d ?? 1, 0, 0, 0]);
      }
      return toCell(value, dateTime);
    case "text": {
      const cell = toCell(value, dateTime);
      return typeof cell === "string" ? cell : cell instanceof Date ? cell : String(cell);
    }
  }
}

// ------------------------------------------------ tables whose columns come from the data

/** What an empty result shows, so a cell is never blank by accident. */
export const NO_ROWS = "No rows";

/** Make every row as wide as the widest, filling with "". */
export function padTable<C extends ResultCell = Cell>(rows: readonly C[][]): Array<Array<C | "">> {
  const width = Math.max(1, ...rows.map((r) => r.length));
  return rows.map((r) =>
    r.length === width ? r : [...r, ...Array<"">(width - r.length).fill("")],
  );
}

/** An object whose every value is a flat record of figures (no line objects, no lists). */
function isRecordOfRecords(value: unknown): value is Record<string, Record<string, unknown>> {
  if (!isRecord(value) || isLineObject(value)) return false;
  const inner = Object.values(value);
  return (
    inner.length > 0 &&
    inner.every(
      (v) =>
        isRecord(v) &&
        !isLineObject(v) &&
        Object.values(v).every((x) => x === null || typeof x !== "object"),
    )
  );
}

function isArrayOfRecords(value: unknown): value is Array<Record<string, unknown>> {
  return Array.isArray(value) && value.length > 0 && value.every(isRecord);
}

/**
 * A record flattened to (column, cell) pairs: scalars, breakdown lines by their key (the
 * amount), metadata figures, and nested objects one level down as `outer.inner`.
 * Lists of records inside are left out: they need their own table (documentTable).
 */
export function flattenRecord(record: unknown, withPointsCopies = false): Array<[string, Cell]> {
  const out: Array<[string, Cell]> = [];
  if (!isRecord(record)) return [["value", toCell(record)]];
  // A's `marginPoints` beside `margin`: one margin per table (field lookups still see it).
  const copy = (key: string, holder: Record<string, unknown>): boolean =>
    !withPointsCopies && isPointsCopy(key, holder);
  for (const [k, v] of Object.entries(record)) {
    if (copy(k, record)) continue;
    if (k === "breakdown" && isRecord(v)) {
      for (const [line, lv] of Object.entries(v)) out.push([line, toCell(lv)]);
    } else if (k === "metadata" && isRecord(v)) {
      for (const [mk, mv] of Object.entries(v))
        if (!isRecord(mv) && !isArrayOfRecords(mv) && !copy(mk, v)) out.push([mk, toCell(mv)]);
    } else if (isRecord(v) && !isLineObject(v)) {
      for (const [ik, iv] of Object.entries(v)) {
        if (copy(ik, v)) continue;
        if (!isRecord(iv) && !isArrayOfRecords(iv)) out.push([`${k}.${ik}`, toCell(iv)]);
        else if (isLineObject(iv)) out.push([`${k}.${ik}`, iv.amount]);
      }
    } else if (!isArrayOfRecords(v)) {
      out.push([k, toCell(v)]);
    }
  }
  return out;
}

/**
 * flattenRecord with every number the contract knows as a Figure (lines are money in the
 * record's currency), so a table shows each the same way everywhere.
 */
export function figurePairs(
  record: unknown,
  fallbackCurrency: string | null = null,
): Array<[string, Cell | Figure]> {
  // An entry of a document's list (a category) is in the document's currency.
  const currency = currencyOf(record) ?? fallbackCurrency;
  const lines = new Set(breakdownLines(record).map(([name]) => name));
  return flattenRecord(record).map(([k, c]) => [
    k,
    lines.has(k)
      ? figureCell("breakdown." + k, c, currency)
      : (figureList(k, valueAt(record, k), currency) ?? figureCell(k, c, currency)),
  ]);
}

/**
 * A list of figures in one cell (a distribution's outliers) as the seller reads each one:
 * "-93.58%, -77.56%", not the bare numbers; null for anything else.
 */
export function figureList(name: string, value: unknown, currency: string | null): string | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  if (!value.every((v) => typeof v === "number" && Number.isFinite(v))) return null;
  const cells = value.map((v) => figureCell(name, v as number, currency));
  if (!cells.every((c) => c instanceof Figure)) return null;
  return fitCellText(cells.map((c) => figureText(c as Figure)).join(", "));
}

/** Rows given as (column, cell) pairs: columns in first-seen order, "" where a row lacks one. */
export function pairsTable<C extends ResultCell = Cell>(
  flat: ReadonlyArray<ReadonlyArray<[string, C]>>,
  headers: boolean,
  headerOf: (key: string) => string = humanize,
): Array<Array<C | string>> {
  const columns: string[] = [];
  for (const pairs of flat) for (const [k] of pairs) if (!columns.includes(k)) columns.push(k);
  const rows: Array<Array<C | string>> = flat.map((pairs) => {
    const byKey = new Map(pairs);
    return columns.map((c) => byKey.get(c) ?? "");
  });
  if (headers && columns.length > 0) rows.unshift(columns.map(headerOf));
  return rows.length === 0 ? [[NO_ROWS]] : padTable(rows);
}

/** Many records as one table: a header row (optional) and one row per record. */
export function recordsTable(
  records: readonly unknown[],
  headers: boolean,
  currency: string | null = null,
): ResultTable {
  return pairsTable(
    records.map((r) => figurePairs(r, currency)),
    headers,
    recordHeaders(records),
  );
}

/** Per-unit figures of a breakdown entry that are not lines. */
const PER_UNIT = new Set(["netProfit", "revenue"]);

/**
 * Headers of a table of breakdown entries, as imports head the same columns: a line by its
 * label, per unit ("Product cost (COGS) (per unit)"), so one figure has one name everywhere.
 */
export function recordHeaders(records: readonly unknown[]): (key: string) => string {
  const labels = new Map<string, string>();
  for (const record of records)
    for (const [name, line] of breakdownLines(record))
      if (!labels.has(name)) labels.set(name, `${lineLabel(name, line)} (per unit)`);
  // Only a breakdown's revenue is per unit: an overview's top product has its period's total.
  const perUnit = labels.size > 0;
  return (key) =>
    labels.get(key) ??
    (perUnit && PER_UNIT.has(key) ? `${humanize(key)} (per unit)` : humanize(key));
}

/** One record as a two-column (field, value) table. */
export function keyValueTable(record: unknown, headers: boolean): ResultTable {
  return fieldValueRows(record, headers, null);
}

/** keyValueTable with money in `currency` where the record names none. */
function fieldValueRows(record: unknown, headers: boolean, currency: string | null): ResultTable {
  const rows: ResultCell[][] = figurePairs(record, currency).map(([k, v]) => [humanize(k), v]);
  if (headers) rows.unshift(["Field", "Value"]);
  return rows.length === 0 ? [[NO_ROWS]] : padTable(rows);
}

/**
 * A whole document (a shop overview): its figures as (field, value) rows, then each list in
 * it as a titled block of rows, so every number the API sent has a cell. Money is in the
 * document's currency, else the currency of the region it was asked for (`sent.region`).
 */
export function documentTable(
  data: unknown,
  headers: boolean,
  sent?: Readonly<Record<string, unknown>>,
): ResultTable {
  const region = typeof sent?.region === "string" ? sent.region.toUpperCase() : "";
  const currency = currencyOf(data) ?? REGION_CURRENCY[region] ?? null;
  const rows: ResultCell[][] = fieldValueRows(data, headers, currency).filter(
    (r) => r[0] !== NO_ROWS,
  );
  const visit = (value: unknown, title: string): void => {
    if (CHART_ONLY_LISTS.has(title.split(".")[0] ?? "")) return;
    if (isArrayOfRecords(value)) {
      rows.push([humanize(title)]);
      rows.push(...recordsTable(value.map(sellerEntry), true, currency));
    } else if (isRecordOfRecords(value) && title !== "") {
      // Figures by name (a channel breakdown's organic, ads, affiliate): one row each.
      rows.push([humanize(title)]);
      const named = Object.entries(value).map(([k, v]) => ({ name: sellerName(k), ...v }));
      rows.push(...recordsTable(named, true, currency));
    } else if (isRecord(value) && !isLineObject(value)) {
      for (const [k, v] of Object.entries(value)) visit(v, title ? `${title}.${k}` : k);
    }
  };
  if (isRecord(data)) for (const [k, v] of Object.entries(data)) visit(v, k);
  return rows.length === 0 ? [[NO_ROWS]] : padTable(rows);
}

/** Lists of an answer that only draw a picture (a Sankey's nodes and links): no seller figure. */
export const CHART_ONLY_LISTS: ReadonlySet<string> = new Set(["sankey"]);

/** Fields of a listed entry that draw its chart (a waterfall step's kind and running sum). */
const CHART_FIELDS: ReadonlySet<string> = new Set(["kind", "running"]);

/** An API name ("commissionFee", "revenue") in words; a product's or category's name as it is. */
export function sellerName(name: string): string {
  return /^[a-z][a-zA-Z0-9]*$/.test(name) ? humanize(name) : name;
}

/**
 * A listed entry (a cost breakdown's line, a category) as a seller reads it: named by its
 * label where it has one, else its name in words ("Commission fee", never "commissionFee"),
 * without the fields that only draw its chart.
 */
export function sellerEntry(entry: Record<string, unknown>): Record<string, unknown> {
  const { label, ...rest } = entry;
  const named = typeof label === "string" && label !== "" ? label : rest.name;
  const out: Record<string, unknown> = {};
  if (typeof named === "string") out.name = sellerName(named);
  for (const [k, v] of Object.entries(rest))
    if (k !== "name" && !CHART_FIELDS.has(k) && !(k === "id" && typeof named === "string"))
      out[k] = v;
  return out;
}
