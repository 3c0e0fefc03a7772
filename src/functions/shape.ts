/**
 * The catalog's breakdown table: the core's line-by-line table (src/core/shape.ts) framed by
 * the figures a seller looks for first (a required price, units sold) and, after net profit,
 * the margin and currency. Every other shaping idea lives in the core.
 */
import { breakdownLines, breakdownTable, humanize, isRecord, toCell } from "../core/shape";
import type { Cell, Table } from "./cells";

/** One breakdown result as a two-column (line, amount) table with its headline figures. */
export function profitTable(data: unknown, headers: boolean): Table {
  const rows: Cell[][] = headers ? [["Line", "Amount"]] : [];
  const lineNames = new Set(breakdownLines(data).map(([name]) => name));
  if (isRecord(data)) {
    for (const [k, v] of Object.entries(data)) {
      if (k === "breakdown" || k === "metadata" || lineNames.has(k)) continue;
      if (typeof v === "number" || typeof v === "string" || typeof v === "boolean")
        rows.push([humanize(k), toCell(v)]);
    }
  }
  rows.push(...breakdownTable(data, { headers: false }));
  const meta = isRecord(data) && isRecord(data.metadata) ? data.metadata : {};
  // A fraction on every marketplace (core/marginUnit.ts): 0.235 = 23.5 %.
  if (meta.margin !== undefined) rows.push(["Margin (fraction)", toCell(meta.margin)]);
  if (typeof meta.currency === "string") rows.push(["Currency", meta.currency]);
  return rows;
}

// Kept for src/imports until it imports these from src/core/shape directly.
export { humanize, isRecord, toCell };
