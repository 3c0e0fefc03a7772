/**
 * The team's cost book (issue 34 item 5), host-free: a sheet the team owns where each row says a
 * variant's unit cost and the day it is valid from ("Marketplace", "Item id", "Variant id",
 * "Cost", "Valid from"; columns found by header, in any order, others ignored). The add-in only
 * reads it: the cost of a variant on a day is the row valid latest on or before that day. A row
 * without a variant id is the cost of every variant of the item; one with a variant id wins over
 * it on the same day, and of two rows for the same day the lower one (a correction typed below).
 * A marketplace left empty matches every marketplace.
 */
import { MAX_NUMBER_MAGNITUDE as MAX_COST } from "../api/schema";
import type { Marketplace } from "../api/types";

/** A cell of the book as a host reads it (empty cells: "" or null). */
type Cell = string | number | boolean | Date | null;

/** The book's headers, as a new book is laid out. */
export const COST_BOOK_HEADERS = [
  "Marketplace",
  "Item id",
  "Variant id",
  "Cost",
  "Valid from",
  "Note",
] as const;

/** One cost, valid from a day. */
export interface CostEntry {
  readonly marketplace: Marketplace | null;
  readonly itemId: string;
  /** Null: every variant of the item. */
  readonly variantId: string | null;
  readonly cost: number;
  /** YYYY-MM-DD. */
  readonly validFrom: string;
  /** The sheet row it came from (1-based), for messages. */
  readonly row: number;
}

/** A cost found for a variant on a day. */
export interface BookCost {
  readonly cost: number;
  readonly validFrom: string;
}

/** The book read: its entries, and rows it could not read (with why). */
export interface CostBook {
  readonly entries: readonly CostEntry[];
  readonly problems: readonly string[];
}

const text = (c: Cell | undefined): string =>
  c === null || c === undefined ? "" : c instanceof Date ? "" : String(c).trim();

/** A day as YYYY-MM-DD from a date cell, a serial number of the sheet, or text. */
export function dayOf(c: Cell | undefined): string | null {
  if (c instanceof Date && !Number.isNaN(c.getTime())) {
    const y = c.getFullYear();
    const m = String(c.getMonth() + 1).padStart(2, "0");
    const d = String(c.getDate()).padStart(2, "0");
    return `${y}-${m}-${d}`;
  }
  // Spreadsheet day serials (1899-12-30 is day 0 in Sheets, Excel and Univer alike).
  if (typeof c === "number" && Number.isFinite(c) && c > 1 && c < 2_958_466)
    return new Date(Date.UTC(1899, 11, 30) + Math.floor(c) * 86_400_000).toISOString().slice(0, 10);
  const t = text(c);
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (!m) return null;
  const day = `${m[1]}-${(m[2] ?? "").padStart(2, "0")}-${(m[3] ?? "").padStart(2, "0")}`;
  const back = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(back.getTime()) && back.toISOString().slice(0, 10) === day ? day : null;
}

const isMarketplace = (t: string): t is Marketplace => t === "A" || t === "B" || t === "C";

/** Read a cost book grid (row 0: the headers). */
export function readCostBook(grid: readonly (readonly Cell[])[]): CostBook {
  const header = (grid[0] ?? []).map((h) => text(h).toLowerCase());
  const at = (h: string): number => header.indexOf(h.toLowerCase());
  const [m, item, variant, cost, from] = [
    "Marketplace",
    "Item id",
    "Variant id",
    "Cost",
    "Valid from",
  ].map(at) as [number, number, number, number, number];
  const problems: string[] = [];
  if (item < 0 || cost < 0 || from < 0)
    return {
      entries: [],
      problems: [
        `The cost book needs the headers "Item id", "Cost" and "Valid from" in row 1 (it has: ${header.filter(Boolean).join(", ") || "none"})`,
      ],
    };
  const entries: CostEntry[] = [];
  grid.slice(1).forEach((line, i) => {
    const row = i + 2;
    const itemId = text(line[item]);
    if (itemId === "") return;
    const market = m >= 0 ? text(line[m]).toUpperCase() : "";
    const c = line[cost];
    const value = typeof c === "number" ? c : Number(text(c));
    const validFrom = dayOf(line[from]);
    if (market !== "" && !isMarketplace(market))
      problems.push(`row ${row}: Marketplace "${market}" is not A, B or C`);
    else if (text(c) === "" || !Number.isFinite(value) || value < 0 || value > MAX_COST)
      problems.push(`row ${row}: Cost must be a number from 0 to 1,000,000,000,000`);
    else if (validFrom === null)
      problems.push(`row ${row}: Valid from must be a date such as 2025-07-01`);
    else
      entries.push({
        marketplace: market === "" ? null : (market as Marketplace),
        itemId,
        variantId: variant >= 0 && text(line[variant]) !== "" ? text(line[variant]) : null,
        cost: value,
        validFrom,
        row,
      });
  });
  return { entries, problems };
}

/** The cost of a variant on `day`: the entry valid latest on or before it, or null. */
export function costOn(
  book: CostBook,
  marketplace: Marketplace,
  itemId: string | number,
  variantId: string | number | null,
  day: string,
): BookCost | null {
  const item = String(itemId);
  const variant = variantId === null ? null : String(variantId);
  let best: CostEntry | null = null;
  for (const e of book.entries) {
    if (e.itemId !== item || e.validFrom > day) continue;
    if (e.marketplace !== null && e.marketplace !== marketplace) continue;
    if (e.variantId !== null && e.variantId !== variant) continue;
    // The latest day wins; on one day the variant's own cost, then the lower row (a correction).
    const exact = (x: CostEntry): number => (x.variantId === null ? 0 : 1);
    if (
      best === null ||
      e.validFrom > best.validFrom ||
      (e.validFrom === best.validFrom && exact(e) >= exact(best))
    )
      best = e;
  }
  return best ? { cost: best.cost, validFrom: best.validFrom } : null;
}

/** The profit a sale of `profit` (counting `apiCogs`) makes at the book's `cost`. */
export const profitAtCost = (
  profit: number,
  apiCogs: number,
  cost: number,
  decimals: number,
): number => Number((profit + apiCogs - cost).toFixed(decimals));
