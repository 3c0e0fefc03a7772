/**
 * Is a sheet a pricing sheet the add-in alone wrote (a build cut short, or one nobody typed
 * in)? Then "New pricing sheet" may offer to replace it. The table's record keeps a fingerprint
 * of every cell the add-in wrote (header, ids, today's figures, inputs, answers), updated after
 * each write: a sheet whose cells still match it, whose inputs are still the defaults and
 * whose formula columns hold only what their formulas give holds nothing the seller typed.
 */
import type { Cell } from "../functions/cells";
import { columnLetters, type GridBlock } from "./managedTable";
import { PRICING_COLUMNS, defaultInputs, inputOf, rowId } from "./pricingSheet";

/** A cell as hosts read it back (a number may come back as its text, text trimmed). */
function comparable(cell: Cell | undefined): string {
  if (cell === undefined || cell === null) return "";
  if (typeof cell === "number") return String(Number(cell.toPrecision(12)));
  if (cell instanceof Date) return String(cell.getTime());
  return String(cell).trim();
}

/** The headers of the formula columns: their values are the formulas', not written cells. */
const FORMULA_HEADERS: ReadonlySet<string> = new Set(
  PRICING_COLUMNS.filter((c) => c.role === "formula").map((c) => c.header),
);

/** A 53-bit hash of `text` (cyrb53): a fingerprint, not a secret. */
function hash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The fingerprint of a pricing sheet's cells, formula columns left out (found by header). */
export function sheetFingerprint(grid: readonly (readonly Cell[])[]): string {
  const header = (grid[0] ?? []).map(comparable);
  const lines = grid.map((row) => {
    const cells = row.map((c, i) => (FORMULA_HEADERS.has(header[i] ?? "") ? "" : comparable(c)));
    while (cells.length > 0 && cells[cells.length - 1] === "") cells.pop();
    return cells.join("\u001f");
  });
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return hash(lines.join("\u001e"));
}

/**
 * Does the sheet hold nothing but (a part of) `wanted`, the cells a build writes? Each cell
 * it holds is the one `wanted` has there; a formula column may show what its formula gives.
 * A build stopped after its write but before its checkpoint (the web demo's workbook kept in
 * between, a host's save mid-step) finds its own cells so, and goes on without asking.
 */
export function heldWithin(
  grid: readonly (readonly Cell[])[],
  wanted: readonly (readonly Cell[])[],
): boolean {
  const header = (wanted[0] ?? []).map(comparable);
  return grid.every((row, r) =>
    row.every((cell, c) => {
      const held = comparable(cell);
      if (held === "") return true;
      if (FORMULA_HEADERS.has(header[c] ?? "") && r > 0 && formulaValue(cell)) return true;
      return held === comparable(wanted[r]?.[c]);
    }),
  );
}

/** `grid` with `blocks` written over it (what the sheet holds after the write). */
export function withBlocks(grid: readonly (readonly Cell[])[], blocks: readonly GridBlock[]) {
  const out: Cell[][] = grid.map((r) => [...r]);
  for (const b of blocks)
    b.values.forEach((line, i) => {
      const row = (out[b.row + i] ??= []);
      line.forEach((v, j) => {
        while (row.length < b.col + j) row.push("");
        row[b.col + j] = v;
      });
    });
  for (let r = 0; r < out.length; r++) out[r] ??= [];
  return out;
}

/** What the record says of the sheet's cells. */
export interface WrittenCells {
  /** The fingerprint after the add-in's last write (absent: a sheet made before it was kept). */
  readonly written?: string;
  /** The currency's decimals the default planned prices were rounded to. */
  readonly decimals: number;
  /** Rows planned at today's list price by default (not Price today), by row id. */
  readonly listed?: Readonly<Record<string, number>>;
  /** The headers of the two key columns (the row id). */
  readonly key?: readonly string[];
}

/** A value a formula column shows (a number, the flag, an error, nothing, or the formula). */
const formulaValue = (c: Cell | undefined): boolean =>
  c === undefined ||
  c === null ||
  typeof c === "number" ||
  (typeof c === "string" && /^(|Below target|=.*|#.*)$/.test(c.trim()));

/**
 * Null when the sheet holds only what the add-in wrote; else the cells the seller typed in
 * the table's input and formula columns (["H7", "H9"]), or [] when the cells no longer match
 * what the add-in wrote but no such cell says where (a note beside the table, a moved row).
 */
export function sellerCells(
  grid: readonly (readonly Cell[])[],
  record: WrittenCells,
): string[] | null {
  if (!record.written) return [];
  const header = (grid[0] ?? []).map(comparable);
  const col = (h: string): number => header.indexOf(h);
  const [today, target, planned, profit] = [
    "Price today",
    "Target margin",
    "Planned buyer price",
    "Target profit",
  ].map(col);
  const [item, model] = (record.key ?? []).map(col);
  const typed: string[] = [];
  for (let r = 1; r < grid.length; r++) {
    const row = grid[r] ?? [];
    const at = (c: number) => `${columnLetters(c)}${r + 1}`;
    const defaults = defaultInputs({ priceToday: inputOf(row[today ?? -1]) ?? 0 }, record.decimals);
    const listed = record.listed?.[rowId(row[item ?? 0], row[model ?? 1])];
    const inputs: [number, number | null][] = [
      [target ?? -1, defaults.target],
      [planned ?? -1, listed ?? defaults.planned],
      [profit ?? -1, defaults.profit],
    ];
    for (const [c, wanted] of inputs) {
      if (c < 0 || row.every((v) => comparable(v) === "")) continue;
      // A blank default (Target profit): anything in the cell was typed.
      if (wanted === null && comparable(row[c]) === "") continue;
      const now = inputOf(row[c]);
      if (now === null || wanted === null || Math.abs(now - wanted) > 1e-9) typed.push(at(c));
    }
    for (let c = 0; c < header.length; c++)
      if (FORMULA_HEADERS.has(header[c] ?? "") && !formulaValue(row[c])) typed.push(at(c));
  }
  return typed.length || sheetFingerprint(grid) !== record.written ? typed : null;
}
