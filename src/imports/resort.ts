/**
 * Re-sorting a managed table, only when the seller asks ("Re-sort by profit"): refreshes keep
 * the sheet's order. Whole rows move, every column of the sheet, so the seller's cells (right
 * of the table and in columns inserted inside it) travel with their product. Planned here,
 * host-free; each host moves its rows' values, formulas and formats (ports.ts moveRows).
 */
import type { Cell } from "../functions/cells";
import { lastValues, STATUS_HEADER, type TableRecord } from "./managedTable";
import { tableLayout } from "./tableLayout";
import { isMissingMark } from "./statusMarks";

/** The rows to move: sheet row `top + i` (0-based) takes what row `top + order[i]` held. */
export interface ResortPlan {
  readonly top: number;
  readonly order: number[];
  /** Columns every moved row spans (the sheet's used width). */
  readonly width: number;
  readonly header: string;
  /** Rows that changed place. */
  readonly moved: number;
}

/** The owned column a re-sort orders by: the total profit, else the first profit column. */
export function profitHeader(record: TableRecord): string | null {
  const headers = record.columns.map((c) => c.header);
  const find = (re: RegExp): string | undefined => headers.find((h) => re.test(h));
  return find(/^total profit$/i) ?? find(/^net profit/i) ?? find(/profit/i) ?? null;
}

const blank = (c: Cell | undefined): boolean =>
  c === undefined || c === null || (typeof c === "string" && c.trim() === "");

/**
 * Rows 1..last (under the header) ordered by profit, highest first; rows of products gone from
 * the API's answer next, then rows without a number there (the seller's own rows, a product
 * whose figure was cleared), each keeping their order. The profit column is the add-in's own
 * (tableLayout.ts), never a column the seller headed alike.
 */
export function planResort(grid: readonly (readonly Cell[])[], record: TableRecord): ResortPlan {
  const header = profitHeader(record);
  if (header === null) throw new Error("This table has no profit column to sort by");
  const layout = tableLayout(grid, record, lastValues(record));
  const j = record.columns.findIndex((c) => c.header === header);
  const at = layout.at[j] ?? -1;
  if (at < 0)
    throw new Error(
      layout.ambiguous.includes(header)
        ? `Row 1 has "${header}" more than once and the add-in cannot tell which is its own: rename the column you added, then re-sort`
        : `The column "${header}" is no longer in row 1: put its header back to re-sort`,
    );
  const statusAt = layout.at[record.columns.findIndex((c) => c.header === STATUS_HEADER)] ?? -1;
  const gone = (r: number): boolean =>
    statusAt >= 0 && isMissingMark(String(grid[r]?.[statusAt] ?? "").trim());
  let last = grid.length - 1;
  while (last > 0 && (grid[last] ?? []).every(blank)) last--;
  const rows = Array.from({ length: last }, (_, i) => i + 1);
  const profit = (r: number): number | null => {
    const v = grid[r]?.[at];
    return typeof v === "number" && Number.isFinite(v) ? v : null;
  };
  const ranked = rows.filter((r) => profit(r) !== null && !gone(r));
  // Array.prototype.sort is stable: equal profits keep the sheet's order.
  ranked.sort((a, b) => (profit(b) ?? 0) - (profit(a) ?? 0));
  const rest = rows.filter((r) => !ranked.includes(r));
  const order = [...ranked, ...rest.filter(gone), ...rest.filter((r) => !gone(r))].map(
    (r) => r - 1,
  );
  const width = Math.max(0, ...grid.map((r) => r.length));
  return { top: 1, order, width, header, moved: order.filter((o, i) => o !== i).length };
}

// A cell reference in a formula (B7, $B$7, B$7, Sheet!B7), not part of a name or a function.
const REFERENCE = /(^|[^A-Za-z0-9_.$'"])(\$?[A-Z]{1,3})(\$?)(\d+)(?![A-Za-z0-9_(])/g;

/**
 * A formula as it reads `rows` rows lower (negative: higher), as copying it there would make
 * it: relative row numbers move, $-fixed ones and text in quotes stay.
 */
export function movedFormula(formula: string, rows: number): string {
  if (rows === 0 || !formula.startsWith("=")) return formula;
  return formula
    .split(/("(?:[^"]|"")*")/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(REFERENCE, (all, before: string, col: string, fixed: string, row: string) =>
            fixed === "$" ? all : `${before}${col}${Math.max(1, Number(row) + rows)}`,
          ),
    )
    .join("");
}
