/**
 * Which picture a result table gets, and its numbers: a profit breakdown (Original price or
 * Revenue ... Net profit lines) becomes a waterfall, a table of products with a profit or ROAS column a
 * ranking. Pure, so the sidebar preview and "Insert chart" read a table the same way.
 */
import type { Cell } from "../../functions/cells";

/** One bar: what the seller reads beside it, and its value. */
export interface ChartBar {
  readonly label: string;
  readonly value: number;
}

/** Rows (0-based, inside the table given) a native chart reads, label and value columns. */
export interface ChartSource {
  readonly firstRow: number;
  readonly lastRow: number;
  readonly labelColumn: number;
  readonly valueColumn: number;
  /** The row of column headers a ranking's chart reads too; null for a breakdown. */
  readonly headerRow: number | null;
}

export interface WaterfallPick {
  readonly kind: "waterfall";
  readonly title: string;
  /** Original price (or an overview's revenue), the bar every step starts from. */
  readonly start: ChartBar;
  /** The fees and costs between price and profit (zero lines left out: nothing to see). */
  readonly steps: readonly ChartBar[];
  /** Net profit, drawn from zero. */
  readonly total: ChartBar;
  readonly source: ChartSource;
}

export interface RankingPick {
  readonly kind: "bars";
  readonly title: string;
  /** The best rows by the value column, highest first. */
  readonly bars: readonly ChartBar[];
  /** True when the table is already sorted by that column, highest first. */
  readonly sorted: boolean;
  readonly source: ChartSource;
}

export type ChartPick = WaterfallPick | RankingPick;

/** Bars a ranking shows: more would not be readable in a 300-pixel sidebar. */
export const RANKING_BARS = 15;

type Table = ReadonlyArray<ReadonlyArray<Cell>>;

const text = (c: Cell | undefined): string => (c === undefined ? "" : String(c).trim());
const isNumber = (c: Cell | undefined): c is number => typeof c === "number" && isFinite(c);

/** The chart a table gets, or null when it is neither a breakdown nor a ranking. */
export function pickChart(table: Table): ChartPick | null {
  return breakdownOf(table) ?? rankingOf(table);
}

/** A line of a table: its label's cell and the first number right of it. */
interface Line {
  readonly row: number;
  readonly column: number;
  readonly valueColumn: number;
}

/** Every cell matching `pattern` that has a number further right in its row. */
function findLines(table: Table, pattern: RegExp): Line[] {
  const lines: Line[] = [];
  table.forEach((cells, row) =>
    cells.forEach((c, column) => {
      if (!pattern.test(text(c))) return;
      const valueColumn = cells.findIndex((v, i) => i > column && isNumber(v));
      if (valueColumn > column) lines.push({ row, column, valueColumn });
    }),
  );
  return lines;
}

/**
 * A per-unit breakdown (Original price ... Net profit, label and amount side by side) or an
 * overview's cost breakdown (Revenue ... Net profit, with a Kind column between label and
 * amount): the first Net profit line with a start line above it in the same columns.
 */
function breakdownOf(table: Table): WaterfallPick | null {
  const starts = findLines(table, /^(original price|revenue)$/i);
  let start: Line | undefined;
  const end = findLines(table, /^net profit$/i).find((e) => {
    start = starts
      .filter((s) => s.row < e.row && s.column === e.column && s.valueColumn === e.valueColumn)
      .pop();
    return start !== undefined;
  });
  if (!start || !end) return null;
  const { column, valueColumn } = start;
  const at = (row: number): ChartBar => ({
    label: text(table[row]?.[column]),
    value: Number(table[row]?.[valueColumn]),
  });
  const steps: ChartBar[] = [];
  for (let row = start.row + 1; row < end.row; row++) {
    const amount = table[row]?.[valueColumn];
    if (isNumber(amount) && amount !== 0 && text(table[row]?.[column]) !== "") steps.push(at(row));
  }
  const currency = findCurrency(table);
  const perUnit = /^original price$/i.test(text(table[start.row]?.[column]));
  return {
    kind: "waterfall",
    title: `${perUnit ? "Profit per unit" : `Profit${periodOf(table)}`}${currency ? ` (${currency})` : ""}: ${perUnit ? "price" : "revenue"} to net profit`,
    start: at(start.row),
    steps,
    total: at(end.row),
    source: {
      firstRow: start.row,
      lastRow: end.row,
      labelColumn: column,
      valueColumn,
      headerRow: null,
    },
  };
}

/** An overview's period (its From and To lines) as " 2025-06-01 to 2025-06-30", else "". */
function periodOf(table: Table): string {
  const day = (label: string): string => {
    const row = table.find((r) => text(r[0]).toLowerCase() === label);
    const value = text(row?.[1]);
    return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : "";
  };
  const [from, to] = [day("from"), day("to")];
  return from && to ? ` ${from} to ${to}` : "";
}

/** The table's "Currency" line, if it names one currency. */
function findCurrency(table: Table): string | null {
  for (const cells of table) {
    const at = cells.findIndex((c) => /^currency$/i.test(text(c)));
    const value = at >= 0 ? text(cells[at + 1]) : "";
    if (/^[A-Z]{3}$/.test(value)) return value;
  }
  return null;
}

/** Value columns a ranking charts, best first. */
const VALUE_HEADERS = [/^total profit$/i, /^net profit$/i, /profit/i, /\broas\b/i];

function rankingOf(table: Table): RankingPick | null {
  const header = table[0];
  if (!header || header.length < 2 || !header.every((c) => typeof c === "string")) return null;
  const body = table.slice(1);
  const numeric = (column: number): boolean =>
    body.filter((r) => isNumber(r[column])).length >= Math.max(2, body.length / 2);
  const candidates = VALUE_HEADERS.flatMap((pattern) =>
    header.flatMap((h, i) => (pattern.test(text(h)) && numeric(i) ? [i] : [])),
  ).filter((i, k, all) => all.indexOf(i) === k);
  const descending = (column: number): boolean =>
    body.every((r, k) => k === 0 || !(Number(r[column]) > Number(body[k - 1]?.[column])));
  const valueColumn = candidates.find(descending) ?? candidates[0];
  if (valueColumn === undefined) return null;
  const labelColumn = labelColumnOf(header, body, valueColumn);
  const labels = body.map((r) => text(r[labelColumn]));
  const repeated = new Set(labels).size < labels.length;
  const rows = body
    .map((r, k) => ({
      label:
        repeated && labelColumn !== 0 ? `${labels[k] ?? ""} (${text(r[0])})` : (labels[k] ?? ""),
      value: r[valueColumn],
    }))
    .filter((b): b is ChartBar => isNumber(b.value));
  const bars = [...rows].sort((a, b) => b.value - a.value).slice(0, RANKING_BARS);
  const sorted = descending(valueColumn);
  // ROAS is a ratio: no currency beside it.
  const currency = /\broas\b/i.test(text(header[valueColumn]))
    ? null
    : currencyColumn(header, body);
  const what = `${text(header[valueColumn])}${currency ? ` (${currency})` : ""}`;
  return {
    kind: "bars",
    title: `Top ${bars.length} by ${what}`,
    bars,
    sorted,
    source: {
      firstRow: 1,
      lastRow: Math.min(body.length, RANKING_BARS),
      labelColumn,
      valueColumn,
      headerRow: 0,
    },
  };
}

/** "Name" or "Title" when the table has one, else its first column of words. */
function labelColumnOf(header: readonly Cell[], body: Table, valueColumn: number): number {
  const named = header.findIndex((h) => /^(name|title|label|product)$/i.test(text(h)));
  if (named >= 0) return named;
  const words = header.findIndex(
    (_, i) => i !== valueColumn && body.every((r) => typeof r[i] === "string"),
  );
  return words >= 0 ? words : 0;
}

function currencyColumn(header: readonly Cell[], body: Table): string | null {
  const column = header.findIndex((h) => /^currency$/i.test(text(h)));
  if (column < 0) return null;
  const values = new Set(body.map((r) => text(r[column])));
  const [only] = [...values];
  return values.size === 1 && only && /^[A-Z]{3}$/.test(only) ? only : null;
}
