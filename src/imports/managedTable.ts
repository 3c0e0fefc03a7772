/**
 * A managed table: an import the add-in owns, known by its column headers and by each row's
 * product id. A refresh is planned here, host-free: figures are updated in place row by row by
 * id, new products appended, vanished ones marked in the Status column; columns the seller
 * added (right of the table or inserted inside it) are never written and stay on their row;
 * an owned cell the seller changed by hand is reported, and overwritten only when asked.
 */
import type { Cell } from "../functions/cells";
import { NUMBER_FORMATS, type ColumnFormat, type ImportColumn } from "./table";
import type { TableBasis } from "./tableBasis";

/** The column where a refresh says a product is gone from the API's answer. */
export const STATUS_HEADER = "Status";

/** Paths that name a product, SKU or model row (several together form the key). */
const ID_PATHS = /^(itemId|productId|rtProductId|skuId|modelId|shopId|sellerId)$/;

/** What the workbook remembers about a managed table (no secret; plain JSON). */
export interface TableRecord {
  readonly version: 1;
  /** Owned columns by header, in the order the table was made (Status last). */
  readonly columns: readonly { readonly header: string; readonly format: ColumnFormat }[];
  /** Headers of the columns whose values together name a row. */
  readonly key: readonly string[];
  /** The values last written per row id, in `columns` order (null: not compared, a date). */
  readonly last: Readonly<Record<string, readonly (string | number | boolean | null)[]>>;
  /** The basis its figures stand on (tables made before it was kept: unknown). */
  readonly basis?: TableBasis;
}

/** A block of cells a host writes at (row, col), 0-based, with a number format per column. */
export interface GridBlock {
  readonly row: number;
  readonly col: number;
  readonly values: Cell[][];
  readonly formats: readonly string[];
}

/** An owned cell the seller changed by hand since the add-in last wrote it. */
export interface EditedCell {
  /** A1 address inside the sheet ("F7"). */
  readonly cell: string;
  readonly header: string;
  /** The row's id as the sheet shows it ("10001549"). */
  readonly id: string;
  readonly yours: Cell;
  readonly api: Cell;
}

/** What the seller decided about edited cells: keep theirs, or let the API's figures in. */
export type EditChoice = "keep" | "overwrite";

/** A planned refresh. */
export interface RefreshPlan {
  readonly blocks: GridBlock[];
  readonly record: TableRecord;
  /** Cells the seller changed (kept unless the choice was "overwrite"). */
  readonly edited: EditedCell[];
  readonly updatedRows: number;
  readonly appendedRows: number;
  readonly vanishedRows: number;
}

/** Column letters of a 0-based index (0 -> A, 26 -> AA). */
export function columnLetters(c: number): string {
  return c < 26
    ? String.fromCharCode(65 + c)
    : columnLetters(Math.floor(c / 26) - 1) + columnLetters(c % 26);
}

/** The table's columns with the Status column after them. */
export function withStatus(columns: readonly ImportColumn[]): ImportColumn[] {
  return columns.some((c) => c.header === STATUS_HEADER)
    ? [...columns]
    : [...columns, { header: STATUS_HEADER, path: "", format: "text" }];
}

/**
 * The key headers of a table's columns: its id columns, or none. An overview (section, item,
 * metric) repeats its triples, so it has no key and is replaced whole, as before.
 */
export function keyHeaders(columns: readonly ImportColumn[]): string[] {
  return columns.filter((c) => ID_PATHS.test(c.path)).map((c) => c.header);
}

/** A value as compared between what was written and what the sheet holds now. */
function comparable(cell: Cell | undefined): string | number | boolean | null {
  if (cell === undefined || cell === null) return "";
  if (cell instanceof Date) return null; // hosts hand dates back as Date or serial: not compared
  if (typeof cell === "number") return Number(cell.toPrecision(12));
  if (typeof cell === "string") return cell.trim();
  return cell;
}

const sameValue = (a: string | number | boolean | null, b: Cell | undefined): boolean => {
  if (a === null) return true;
  const now = comparable(b);
  if (now === null) return true;
  if (typeof a === "number" && typeof now === "number") return Math.abs(a - now) < 1e-9;
  // A number the host read back as its text (or the other way round) is the same figure.
  return String(a) === String(now);
};

/** Key parts are joined by a unit separator, which no cell shows. */
const SEP = "\u001f";
const hasId = (id: string): boolean => id.split(SEP).some((part) => part !== "");

const idOf = (row: readonly Cell[], at: readonly number[]): string =>
  at.map((c) => String(comparable(row[c]) ?? "")).join(SEP);

/** The record of a table just written whole (a first import): every row's values. */
export function firstRecord(
  columns: readonly ImportColumn[],
  rows: readonly Cell[][],
): TableRecord {
  const all = withStatus(columns);
  const key = keyHeaders(all);
  const at = key.map((h) => all.findIndex((c) => c.header === h));
  const last: Record<string, (string | number | boolean | null)[]> = {};
  for (const row of rows) {
    const id = idOf(row, at);
    if (hasId(id)) last[id] = all.map((_, i) => comparable(row[i]));
  }
  return {
    version: 1,
    columns: all.map((c) => ({ header: c.header, format: c.format })),
    key,
    last,
  };
}

/** A stored record, or null when the text is not one (anyone with edit rights can change it). */
export function parseTableRecord(text: string | null): TableRecord | null {
  if (!text) return null;
  try {
    const r = JSON.parse(text) as Partial<TableRecord>;
    if (r.version !== 1 || !Array.isArray(r.columns) || !Array.isArray(r.key)) return null;
    if (r.key.length === 0 || typeof r.last !== "object" || r.last === null) return null;
    return r as TableRecord;
  } catch {
    return null;
  }
}

/** What a refresh needs: the sheet as it is now, its record, and the API's fresh rows. */
export interface RefreshInput {
  /** The sheet's values from A1 (row 0 is the header row). */
  readonly grid: readonly (readonly Cell[])[];
  readonly record: TableRecord;
  readonly columns: readonly ImportColumn[];
  readonly rows: readonly Cell[][];
  /** Undefined: edited cells are kept and reported (the caller asks before writing). */
  readonly choice?: EditChoice;
  /** "2026-11-26": the day a vanished product is marked with. */
  readonly today: string;
}

/** Plan a refresh of a managed table; throws when the sheet lost the id column. */
export function planRefresh(input: RefreshInput): RefreshPlan {
  const { grid, record } = input;
  const header = (grid[0] ?? []).map((h) => String(h ?? "").trim());
  const sheetCol = (h: string): number => header.indexOf(h);
  const keyAt = record.key.map(sheetCol);
  const missingKey = record.key.find((_, i) => (keyAt[i] ?? -1) < 0);
  if (missingKey !== undefined) {
    throw new Error(
      `The table's id column "${missingKey}" is no longer in row 1, so its rows cannot be matched: put the header back, or import into a new sheet`,
    );
  }
  // Owned columns that are still there (a column the seller deleted is left alone).
  const owned = record.columns
    .map((c, j) => ({ ...c, j, at: sheetCol(c.header) }))
    .filter((c) => c.at >= 0);
  const statusJ = record.columns.findIndex((c) => c.header === STATUS_HEADER);

  // The API's rows by id, in the owned columns' order.
  const freshAt = record.columns.map((c) => input.columns.findIndex((f) => f.header === c.header));
  const freshKeyAt = record.key.map((h) => input.columns.findIndex((f) => f.header === h));
  const fresh = new Map<string, Cell[]>();
  for (const row of input.rows) {
    const id = idOf(row, freshKeyAt);
    if (!fresh.has(id))
      fresh.set(
        id,
        freshAt.map((i) => (i >= 0 ? (row[i] ?? "") : "")),
      );
  }

  const height = Math.max(grid.length, 1);
  const values: Cell[][] = []; // owned values per sheet row (index = row), by record column
  const kept = new Set<string>(); // "row,j" cells left as the seller made them
  const edited: EditedCell[] = [];
  const last: Record<string, (string | number | boolean | null)[]> = {};
  const seen = new Set<string>();
  let updatedRows = 0;
  let vanishedRows = 0;
  const gone = `Not in the API's answer on ${input.today}`;

  for (let r = 1; r < height; r++) {
    const line = grid[r] ?? [];
    const id = idOf(line, keyAt);
    if (!hasId(id) || seen.has(id)) continue; // the seller's own rows
    seen.add(id);
    const apiRow = fresh.get(id);
    const before = record.last[id];
    const next: Cell[] = record.columns.map((c) => {
      const at = sheetCol(c.header);
      return at >= 0 ? (line[at] ?? "") : "";
    });
    const written = (before ?? []).slice();
    if (apiRow) {
      updatedRows++;
      for (const c of owned) {
        if (c.j === statusJ) {
          next[c.j] = "";
          written[c.j] = "";
          continue;
        }
        const now = line[c.at] ?? "";
        const was = before?.[c.j];
        const api = apiRow[c.j] ?? "";
        const changedByHand = was !== undefined && !sameValue(was, now);
        if (changedByHand && !sameValue(comparable(api), now)) {
          edited.push({
            cell: `${columnLetters(c.at)}${r + 1}`,
            header: c.header,
            id: id.split(SEP).join(" / "),
            yours: now,
            api,
          });
          if (input.choice !== "overwrite") {
            kept.add(`${r},${c.j}`);
            continue; // `written` keeps the old value, so the edit stays known
          }
        }
        next[c.j] = api;
        written[c.j] = comparable(api);
      }
    } else {
      vanishedRows++;
      // Its last figures stay as they are (not rewritten); only the Status cell says so.
      for (const c of owned) if (c.j !== statusJ) kept.add(`${r},${c.j}`);
      if (statusJ >= 0) {
        next[statusJ] = gone;
        written[statusJ] = gone;
      }
    }
    values[r] = next;
    if (before || apiRow) last[id] = written;
  }

  // New products go under the last row that holds anything.
  let bottom = height;
  while (bottom > 1 && (grid[bottom - 1] ?? []).every((v) => comparable(v) === "")) bottom--;
  let appendedRows = 0;
  for (const [id, apiRow] of fresh) {
    if (seen.has(id) || !hasId(id)) continue;
    values[bottom + appendedRows] = apiRow.map((v, j) => (j === statusJ ? "" : v));
    last[id] = apiRow.map((v, j) => (j === statusJ ? "" : comparable(v)));
    appendedRows++;
  }

  return {
    blocks: blocksOf(values, owned, kept, bottom + appendedRows),
    record: { ...record, last },
    edited,
    updatedRows,
    appendedRows,
    vanishedRows,
  };
}

type OwnedColumn = { readonly format: ColumnFormat; readonly j: number; readonly at: number };

/**
 * Write blocks: one per run of adjacent owned columns and run of rows, split around cells the
 * seller keeps and rows the table does not own, so no seller cell is ever written.
 */
function blocksOf(
  values: readonly (Cell[] | undefined)[],
  owned: readonly OwnedColumn[],
  kept: ReadonlySet<string>,
  height: number,
): GridBlock[] {
  const sorted = [...owned].sort((a, b) => a.at - b.at);
  const runs: OwnedColumn[][] = [];
  for (const c of sorted) {
    const run = runs[runs.length - 1];
    const prev = run?.[run.length - 1];
    if (run && prev && prev.at + 1 === c.at) run.push(c);
    else runs.push([c]);
  }
  const blocks: GridBlock[] = [];
  for (const run of runs) {
    let open: { row: number; rows: Cell[][] } | null = null;
    const first = run[0];
    if (!first) continue;
    const flush = (): void => {
      if (open)
        blocks.push({
          row: open.row,
          col: first.at,
          values: open.rows,
          formats: run.map((c) => NUMBER_FORMATS[c.format]),
        });
      open = null;
    };
    for (let r = 1; r < height; r++) {
      const line = values[r];
      const holes = line ? run.filter((c) => kept.has(`${r},${c.j}`)) : run;
      if (!line || holes.length > 0) {
        flush();
        if (line) {
          // A row with kept cells: each cell apart, the kept ones left out.
          for (const c of run)
            if (!kept.has(`${r},${c.j}`))
              blocks.push({
                row: r,
                col: c.at,
                values: [[line[c.j] ?? ""]],
                formats: [NUMBER_FORMATS[c.format]],
              });
        }
        continue;
      }
      const cells = run.map((c) => line[c.j] ?? "");
      if (open) (open as { rows: Cell[][] }).rows.push(cells);
      else open = { row: r, rows: [cells] };
    }
    flush();
  }
  return blocks;
}
