/**
 * A fee-change impact sheet as cells (issue 34 item 2), host-free: the summary on top (its
 * lines, owned by the add-in), then the managed table from SUMMARY_ROWS down, one row per
 * variant keyed by item and variant id (headers without the date, so a new date refreshes the
 * same columns; the summary names the date), largest monthly loss first, with a flag where the
 * variant loses money or falls below the team's target margin at the date.
 */
import type { Cell } from "../../functions/cells";
import type { ColumnFormat, ImportColumn } from "../table";
import { decimalsOf, type FeeChangeState } from "./feeChangeAsk";
import { monthFactor, type FeeChangeRow } from "./feeChangeRows";
import { summaryLines, type FeeChangeSummary } from "./feeChangeSummary";

/** Rows above the table's header: the summary's lines and one empty row. */
export const SUMMARY_ROWS = 8;

/** The header of a variant's id column per marketplace (A models, B and C SKUs). */
const VARIANT_HEADER = { A: "Model id", B: "SKU id", C: "SKU id" } as const;

/** The shop currency's money format (no minor unit: VND, IDR). */
export const moneyFormat = (s: FeeChangeState): ColumnFormat =>
  decimalsOf(s) === 0 ? "money0" : "money";

/**
 * The table's columns, what a seller decides on first (flag, monthly change, the price to set),
 * the figures behind it after; paths name the key's two columns, as imports' do.
 */
export function feeChangeColumns(s: FeeChangeState): ImportColumn[] {
  const money = moneyFormat(s);
  return [
    // Ids as the API sends them: numbers as numbers (as imports write them), C's text as text.
    {
      header: s.ask.marketplace === "B" ? "Product id" : "Item id",
      path: "itemId",
      format: "integer",
    },
    { header: VARIANT_HEADER[s.ask.marketplace], path: "modelId", format: "integer" },
    { header: "Name", path: "", format: "text" },
    { header: "Flag", path: "", format: "text" },
    { header: "Change/month", path: "", format: money },
    { header: "Change/unit", path: "", format: money },
    { header: "Price keeping today's margin", path: "", format: money },
    { header: "List price today", path: "", format: money },
    // An average where the window is not 30 days: shown with the decimals Change/month uses.
    { header: "Units a month", path: "", format: monthFactor(s) === 1 ? "count" : "number" },
    { header: "Profit/unit today", path: "", format: money },
    { header: "Margin today", path: "", format: "fraction" },
    { header: "Profit/unit at date", path: "", format: money },
    { header: "Margin at date", path: "", format: "fraction" },
    { header: "COGS", path: "", format: "text" },
    { header: "Note", path: "", format: "text" },
  ];
}

/** What the flag says of a row at the date (empty: nothing to act on). */
export function flagOf(row: FeeChangeRow, target: number): string {
  const later = row.later;
  if (!later) return "";
  if (later.profit < 0) return (row.today?.profit ?? -1) >= 0 ? "Turns loss-making" : "Loss-making";
  if (later.margin !== null && later.margin < target)
    return (row.today?.margin ?? -1) >= target
      ? "Falls below target margin"
      : "Below target margin";
  return "";
}

const orBlank = (v: number | null | undefined): Cell => (v === null || v === undefined ? "" : v);

/**
 * An id cell: a number where the API sent one that a sheet holds exactly (an id as text gets
 * the grid's number-stored-as-text flag), else the text.
 */
const idCell = (id: number | string | null): Cell =>
  typeof id === "number" && Number.isSafeInteger(id) && id >= 0 && id < 1e12
    ? id
    : String(id ?? "");

/** One row's cells, in feeChangeColumns' order. */
export function feeChangeCells(s: FeeChangeState, row: FeeChangeRow, target: number): Cell[] {
  // Not rounded: Change/month is Change/unit times these units (a 180-day window's 32 units
  // are 5.33 a month; "5" beside a change of 5.33 x the unit change read as a wrong sum).
  const units = row.units * monthFactor(s);
  return [
    idCell(row.itemId),
    idCell(row.variantId),
    row.name,
    flagOf(row, target),
    orBlank(row.changePerMonth),
    orBlank(row.changePerUnit),
    orBlank(row.keepPrice),
    orBlank(row.listPrice),
    units,
    orBlank(row.today?.profit),
    orBlank(row.today?.margin),
    orBlank(row.later?.profit),
    orBlank(row.later?.margin),
    row.cogs,
    row.note,
  ];
}

/** The summary block's lines, each as wide as the table (empty cells after its four). */
export function summaryBlock(
  s: FeeChangeState,
  summary: FeeChangeSummary,
  target: number,
  width: number,
): Cell[][] {
  const lines = summaryLines(summary, s);
  const targetLine: Cell[] = [
    `Target margin ${(target * 100).toFixed(1)} %: Flag marks a loss or a margin below it on ${s.ask.date}. Largest monthly loss first; Refresh keeps your columns.${unitsWords(s)}`,
  ];
  const all = [...lines, targetLine];
  const rows = all.map((l) => [...l, ...Array<Cell>(Math.max(0, width - l.length)).fill("")]);
  while (rows.length < SUMMARY_ROWS) rows.push(Array<Cell>(width).fill(""));
  return rows.slice(0, SUMMARY_ROWS);
}

/** How Units a month was counted, where it is an average (A's window is not 30 days). */
function unitsWords(s: FeeChangeState): string {
  if (monthFactor(s) === 1) return "";
  return ` Units a month: the ${s.ask.salesWindowDays}-day window's sales per 30 days (Change/month = Change/unit x units).`;
}
