/**
 * The catalog's breakdown table: the core's line-by-line table (src/core/shape.ts) framed by
 * the figures a seller looks for first (a required price, units sold) and, after net profit,
 * the margin and currency. Every other shaping idea lives in the core.
 */
import { breakdownLines, breakdownTable, humanize, isRecord, toCell } from "../core/shape";
import { currencyOf, figureCell } from "../core/figure";
import { isContractName } from "../api/figures";
import { describeBasis } from "./basis";
import type { Cell, ResultCell, ResultTable } from "./cells";

/**
 * The basis row a breakdown ends with (issue 12: every table says its basis), read from the
 * request that was sent: VAT counted or not, the sales window, the fee date. None when the
 * request carried no VAT choice.
 */
export function basisRow(
  sent: Readonly<Record<string, unknown>>,
  meta: Readonly<Record<string, unknown>> = {},
): Cell[] | null {
  const asked = sent.includeVat ?? sent.hasVat;
  // A request with no VAT field (A1, A5: the spec gives them none) says what the answer's
  // metadata says it counted, so a what-if's table is not read as the seller's basis.
  const vat = typeof asked === "boolean" ? asked : meta.hasVat;
  if (typeof vat !== "boolean") return null;
  const window = typeof sent.lookbackDays === "number" ? sent.lookbackDays : null;
  const date = typeof sent.effectiveDate === "string" ? sent.effectiveDate : undefined;
  const text = describeBasis(
    { countVat: vat, salesWindowDays: window ?? 0 },
    date,
    window !== null,
  ).replace(/^Basis: /, "");
  return ["Basis", typeof asked === "boolean" ? text : `${text} (the API's: no VAT setting here)`];
}

/**
 * One breakdown result as a two-column (line, amount) table with its headline figures, and
 * (given the request) the basis it was computed on.
 */
export function profitTable(
  data: unknown,
  headers: boolean,
  sent?: Readonly<Record<string, unknown>>,
): ResultTable {
  const rows: ResultCell[][] = headers ? [["Line", "Amount"]] : [];
  const currency = currencyOf(data);
  const lineNames = new Set(breakdownLines(data).map(([name]) => name));
  if (isRecord(data)) {
    for (const [k, v] of Object.entries(data)) {
      if (k === "breakdown" || k === "metadata" || lineNames.has(k)) continue;
      // A field neither the spec nor the contract notes name is no row (a server's request id).
      if (!isContractName(k)) continue;
      if (typeof v === "number" || typeof v === "string" || typeof v === "boolean")
        rows.push([humanize(k), figureCell(k, toCell(v), currency)]);
    }
  }
  rows.push(...breakdownTable(data, { headers: false }));
  const meta = isRecord(data) && isRecord(data.metadata) ? data.metadata : {};
  // A fraction on every marketplace (core/marginUnit.ts), shown as a percentage.
  if (meta.margin !== undefined)
    rows.push(["Margin", figureCell("margin", toCell(meta.margin), null)]);
  if (typeof meta.currency === "string") rows.push(["Currency", meta.currency]);
  const basis = sent ? basisRow(sent, meta) : null;
  if (basis) rows.push(basis);
  return rows;
}

// Kept for src/imports until it imports these from src/core/shape directly.
export { humanize, isRecord, toCell };
