/**
 * API records -> the table an import writes: stable columns (chosen from the first page, so
 * every later page lands in the same place), one row per record, a number format per column.
 * Overviews become a long table (section, item, metric, value) so every section fits one grid.
 */
import { endpointById } from "../api/endpoints";
import type { Marketplace } from "../api/types";
import { isDateTimeArray, dateTimeArrayToIso } from "../api/datetime";
import { isoDayToSerial } from "../core/coerce";
import { contractNames, figureKind, type FigureKind } from "../api/figures";
import { currencyDecimals, currencyOf, numberFormat } from "../core/figure";
import { isPointsCopy } from "../core/marginUnit";
import { valueAt } from "../core/shape";
import type { Cell } from "../functions/cells";
import { humanize, isRecord, toCell } from "../functions/shape";

/** How a column's numbers look; each host maps this to its number format string. */
export type ColumnFormat =
  | "text"
  | "integer"
  /** Whole numbers with thousands separators (units sold, orders). */
  | "count"
  | "number"
  | "money"
  /** Money in a currency without minor units (VND, IDR). */
  | "money0"
  | "percentPoints"
  | "fraction"
  | "ratio"
  | "date"
  /** A calendar day the API gives as "YYYY-MM-DD" (an effective date). */
  | "day";

/** One column of an import table. `path` is a dot path into a record. */
export interface ImportColumn {
  readonly header: string;
  readonly path: string;
  readonly format: ColumnFormat;
  /**
   * An overview's Value column: each row's number in its own metric's format (a margin as a
   * percentage, units whole), as the API's marketplace and currency send it.
   */
  readonly byMetric?: { readonly marketplace: Marketplace; readonly currency: string | null };
}

/** Number format strings (core/figure.ts, the one source every surface reads). */
export const NUMBER_FORMATS: Readonly<Record<ColumnFormat, string>> = {
  text: "@",
  integer: numberFormat("id"),
  count: numberFormat("count"),
  number: numberFormat("number"),
  money: numberFormat("money", null),
  money0: numberFormat("money", "VND"),
  percentPoints: numberFormat("points"),
  fraction: numberFormat("percent"),
  ratio: numberFormat("ratio"),
  date: numberFormat("date"),
  day: numberFormat("day"),
};

/** A column format per figure kind (a day only where the API sent "YYYY-MM-DD" text). */
const BY_KIND: Readonly<Record<FigureKind, ColumnFormat>> = {
  money: "money",
  percent: "fraction",
  points: "percentPoints",
  ratio: "ratio",
  count: "count",
  id: "integer",
  number: "number",
  date: "date",
  day: "day",
};

/** A finished table, ready for a host to write. */
export interface ImportTable {
  readonly columns: readonly ImportColumn[];
  readonly rows: Cell[][];
  /** When the API last synced product data (ISO), or null. */
  readonly dataFreshAt: string | null;
  /** When this import finished (ISO). */
  readonly importedAt: string;
  /** What was imported, for the note. */
  readonly title: string;
  /** Who refreshed it, with the key's prefix ("this computer, key mkta_pat_ab12…"). */
  readonly refreshedBy?: string;
}

/**
 * The format a field's values get: its kind in the contract (src/api/figures.ts), money in
 * `currency`'s decimals; text for text, a plain number for a figure the contract does not list.
 */
export function formatFor(
  name: string,
  sample: unknown,
  _marketplace: Marketplace,
  currency: string | null = null,
): ColumnFormat {
  const kind = figureKind(name);
  if (typeof sample === "string")
    return kind === "day" && isoDayToSerial(sample) !== null ? "day" : "text";
  if (isDateTimeArray(sample) || kind === "date") return "date";
  if (kind === null || kind === "day") return "number";
  if (kind === "money" && currencyDecimals(currency) === 0) return "money0";
  return BY_KIND[kind];
}

/** Columns for list records: top-level scalars, then breakdown lines, then metadata. */
export function listColumns(records: readonly unknown[], marketplace: Marketplace): ImportColumn[] {
  const columns: ImportColumn[] = [];
  const seen = new Set<string>();
  const currency = records.map(currencyOf).find((c) => c !== null) ?? null;
  const add = (path: string, header: string, sample: unknown): void => {
    if (seen.has(path)) return;
    seen.add(path);
    columns.push({ header, path, format: formatFor(path, sample, marketplace, currency) });
  };
  const scalar = (v: unknown): boolean => v === null || typeof v !== "object" || isDateTimeArray(v);
  const sampleOf = (path: string): unknown => {
    for (const r of records) {
      const v = valueAt(r, path);
      if (v !== null && v !== undefined) return v;
    }
    return undefined;
  };
  for (const record of records) {
    if (!isRecord(record)) continue;
    for (const [k, v] of Object.entries(record))
      if (scalar(v) && !isPointsCopy(k, record)) add(k, humanize(k), sampleOf(k));
  }
  for (const record of records) {
    if (!isRecord(record) || !isRecord(record.breakdown)) continue;
    for (const [k, line] of Object.entries(record.breakdown)) {
      const label = isRecord(line) && typeof line.label === "string" ? line.label : humanize(k);
      add(`breakdown.${k}`, `${label} (per unit)`, 0);
    }
  }
  for (const record of records) {
    if (!isRecord(record) || !isRecord(record.metadata)) continue;
    for (const [k, v] of Object.entries(record.metadata)) {
      const top = `${k}`;
      if (seen.has(top) || !scalar(v) || isPointsCopy(k, record.metadata)) continue;
      const header =
        k === "netProfit" || k === "revenue" ? `${humanize(k)} (per unit)` : humanize(k);
      add(`metadata.${k}`, header, sampleOf(`metadata.${k}`));
    }
  }
  return columns;
}

/**
 * Columns for a list that came back empty (B13 is "not yet populated"): the entry fields the
 * spec shows for the endpoint, so the sheet still gets a header row to build on.
 */
export function emptyListColumns(endpointId: string, marketplace: Marketplace): ImportColumn[] {
  const fields = endpointById(endpointId).response.fields;
  const columns = fields.map((f) => ({
    header: humanize(f.name),
    path: f.name,
    format: formatFor(f.name, f.type === "string" ? "" : undefined, marketplace),
  }));
  return columns.length > 0 ? columns : [{ header: NO_ROWS_YET, path: "", format: "text" }];
}

/** What an import without rows says in its note. */
export const NO_ROWS_YET = "No rows yet";

/** One row per record under the given columns (a missing value is ""). */
export function listRows(records: readonly unknown[], columns: readonly ImportColumn[]): Cell[][] {
  return records.map((record) =>
    columns.map((c) => {
      const value = valueAt(record, c.path);
      // A day becomes a sheet date (its serial number), not text a formula cannot compare.
      const day = c.format === "day" && typeof value === "string" ? isoDayToSerial(value) : null;
      if (day !== null) return day;
      const cell = toCell(value);
      if (c.format === "text" && typeof cell !== "string") return String(cell);
      return cell;
    }),
  );
}

/** The four columns of an overview table; its values are formatted by their metric. */
export function overviewColumns(
  marketplace: Marketplace,
  currency: string | null,
): readonly ImportColumn[] {
  return [
    { header: "Section", path: "section", format: "text" },
    { header: "Item", path: "item", format: "text" },
    { header: "Metric", path: "metric", format: "text" },
    { header: "Value", path: "value", format: "number", byMetric: { marketplace, currency } },
  ];
}

/** The contract's figure names by the label a seller reads ("Avg margin" -> avgMargin). */
let namesByLabel: Map<string, string> | null = null;

/**
 * The number format of one cell of a table: its column's, or for an overview's value the
 * format of the figure its row's Metric names (a metric the contract does not name keeps the
 * column's).
 */
export function tableCellFormat(
  columns: readonly ImportColumn[],
  row: readonly Cell[],
  column: number,
): string {
  const c = columns[column];
  if (!c) return NUMBER_FORMATS.text;
  const value = row[column];
  if (!c.byMetric || typeof value !== "number") return NUMBER_FORMATS[c.format];
  const metric = String(row[columns.findIndex((x) => x.path === "metric")] ?? "");
  const section = String(row[columns.findIndex((x) => x.path === "section")] ?? "");
  // The margin distribution's statistics (min, quartiles, fences) are margins.
  const stat = section === humanize("marginDistribution") && metric !== "Count";
  const name = stat ? "margin" : metricName(metric);
  // A period's From and To: overviewRows wrote them as sheet dates.
  if (name !== null && figureKind(name) === "day") return NUMBER_FORMATS.day;
  // A comparison's "... percent" (deltas.grossGmvPercent) is a change in percent points.
  if (name === null) return NUMBER_FORMATS[/ percent$/.test(metric) ? "percentPoints" : c.format];
  const { marketplace, currency } = c.byMetric;
  return NUMBER_FORMATS[formatFor(name, value, marketplace, currency)];
}

/**
 * The contract's name a metric's label ends with: "Previous units sold" (comparison.previous
 * .unitsSold) is units sold; null when it names none.
 */
function metricName(label: string): string | null {
  namesByLabel ??= new Map(contractNames().map((n) => [humanize(n), n]));
  const words = label.split(" ");
  for (let k = 0; k < words.length; k++) {
    const tail = words.slice(k).join(" ");
    const name = namesByLabel.get(tail.charAt(0).toUpperCase() + tail.slice(1));
    if (name !== undefined) return name;
  }
  return null;
}

/** Sections that only feed a picture (a Sankey's nodes and links): no figure for a seller. */
const CHART_ONLY_SECTIONS = new Set(["sankey"]);
/** Fields of a listed record that draw a chart or repeat the record's name. */
const PLUMBING_FIELDS = new Set(["name", "label", "kind", "running"]);

/**
 * An overview payload as long rows in the seller's words: scalars by humanized path ("Previous
 * gross GMV"), lists one row per record figure (named by the record), chart plumbing left out.
 */
export function overviewRows(data: unknown): Cell[][] {
  const rows: Cell[][] = [];
  if (!isRecord(data)) return rows;
  const walk = (section: string, item: string, prefix: string, value: unknown): void => {
    if (Array.isArray(value) && value.some(isRecord)) {
      value.forEach((entry, i) => {
        if (!isRecord(entry)) return;
        // A line's label in the seller's words ("Commission fee") over its API name.
        const name = entry.label ?? entry.name ?? entry.itemId ?? entry.id ?? i + 1;
        const itemName = typeof name === "string" || typeof name === "number" ? String(name) : "";
        for (const [k, v] of Object.entries(entry))
          if (!PLUMBING_FIELDS.has(k) && !isPointsCopy(k, entry)) walk(section, itemName, k, v);
      });
      return;
    }
    if (isRecord(value)) {
      for (const [k, v] of Object.entries(value))
        if (!isPointsCopy(k, value)) walk(section, item, prefix ? `${prefix}.${k}` : k, v);
      return;
    }
    const cell = isDateTimeArray(value) ? dateTimeArrayToIso(value) : toCell(value);
    rows.push([section, item, humanize(prefix), dayCell(prefix, cell)]);
  };
  for (const [key, value] of Object.entries(data)) {
    if (CHART_ONLY_SECTIONS.has(key) || key === "dataFreshAt") continue;
    // A's avgMarginPoints beside avgMargin: the same margin again, as the points the API sent.
    if (isPointsCopy(key, data)) continue;
    if (Array.isArray(value) || isRecord(value)) walk(humanize(key), "", "", value);
    else walk("Summary", "", key, value);
  }
  return rows;
}

/**
 * A day figure (a period's From, To) as a sheet date: "2026-10-31" written as text reads as a
 * number stored as text (Univer's green triangle) and cannot be compared by a formula.
 */
function dayCell(path: string, cell: Cell): Cell {
  const leaf = path.split(".").pop() ?? path;
  if (typeof cell !== "string" || figureKind(leaf) !== "day") return cell;
  return isoDayToSerial(cell) ?? cell;
}

/** A moment (ISO text) as the seller reads it: in the sheet's time zone, which it names. */
export type TimeText = (iso: string) => string;

/**
 * "2025-06-30 10:00 (Asia/Singapore)": in `timeZone`, the page's own when absent (Excel and
 * the web demo have no workbook time zone); the ISO text itself where Intl cannot say.
 */
export function zonedTime(iso: string, timeZone?: string): string {
  const key = `${timeZone ?? ""}\n${iso}`;
  let text = zonedTexts.get(key);
  if (text === undefined) {
    text = zonedText(iso, timeZone);
    // A stamp, a note and a log line of one step name the same moment: formatted once.
    if (zonedTexts.size >= 256) zonedTexts.clear();
    zonedTexts.set(key, text);
  }
  return text;
}

const zonedTexts = new Map<string, string>();

function zonedText(iso: string, timeZone: string | undefined): string {
  try {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return iso;
    const format = zoneFormat(timeZone);
    const parts = format.formatToParts(date);
    const part = (type: string): string => parts.find((p) => p.type === type)?.value ?? "";
    const zone = format.resolvedOptions().timeZone;
    return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")} (${zone})`;
  } catch {
    return iso;
  }
}

/** One formatter per time zone: making one costs far more than formatting with it. */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();
function zoneFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? "";
  let format = zoneFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      ...(timeZone ? { timeZone } : {}),
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    zoneFormats.set(key, format);
  }
  return format;
}

/**
 * The note a host attaches to the header: where the data came from, how fresh it is and how
 * many rows came (`rowCount` where the host no longer holds the rows), times as `time` says.
 */
export function importNote(
  table: Omit<ImportTable, "rows" | "columns">,
  rowCount: number,
  time: TimeText,
): string {
  const fresh = table.dataFreshAt ? time(table.dataFreshAt) : "not reported";
  const empty =
    rowCount === 0
      ? `\n${NO_ROWS_YET}: the API has no entries for this list yet. Import again later to fill it.`
      : "";
  const by = table.refreshedBy ? `\nRefreshed by: ${table.refreshedBy}` : "";
  return `${table.title}\nData fresh at: ${fresh}\nRefreshed at: ${time(table.importedAt)}${by}\nRows: ${rowCount}${empty}`;
}
