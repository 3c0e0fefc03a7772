/**
 * A managed table: an import the add-in owns, known by its columns and by each row's product
 * id. A refresh is planned here, host-free: figures are updated in place row by row by id, new
 * products appended, vanished ones marked in the Status column, unranked and shaded; columns
 * the seller added (right of the table or inserted inside it, whatever their header) are never
 * written and stay on their row; an owned cell the seller changed by hand (Status and Name
 * too, and a figure equal to the API's) is named, kept, and named again at every refresh
 * until the seller chooses to write the API's figures over it; a copied row is named, never
 * refreshed (issue 33). Where the columns and rows are: tableLayout.ts.
 */
import type { Cell } from "../functions/cells";
import type { ColumnFormat, ImportColumn } from "./table";
import type { TableBasis } from "./tableBasis";
import { belowTopMark, goneMark, isAddinMark } from "./statusMarks";
import { blocksOf, tableSpan } from "./refreshBlocks";
import {
  SEP,
  comparable,
  hasId,
  idOf,
  sameValue,
  tableLayout,
  type LastValues,
  type TableLayout,
} from "./tableLayout";

/** The column where a refresh says a product is gone from the API's answer. */
export const STATUS_HEADER = "Status";
/** The column of a ranked list's rank: a product gone from the answer has none. */
const RANK_HEADER = "Rank";

/** Paths that name a product, SKU or model row (several together form the key). */
const ID_PATHS = /^(itemId|productId|rtProductId|skuId|modelId|shopId|sellerId)$/;

/** Fill of a row whose product is gone from the API's answer (light grey). */
export const GONE_FILL = "#eeeeee";
/** Fill of a cell kept as the seller typed it, the API's figure differing (light amber). */
export const KEPT_FILL = "#fff2cc";

type Written = string | number | boolean | null;

/** What the workbook remembers about a managed table (no secret; plain JSON). */
export interface TableRecord {
  readonly version: 1;
  /** Owned columns by header, in the order the table was made (Status last). */
  readonly columns: readonly { readonly header: string; readonly format: ColumnFormat }[];
  /** Headers of the columns whose values together name a row. */
  readonly key: readonly string[];
  /** The values last written per row id, in `columns` order (null: not compared, a date). */
  readonly last: Readonly<Record<string, readonly Written[]>>;
  /**
   * Cells the seller typed over and kept (record column indexes per row id): named at every
   * refresh until the seller writes the API's figures over them, whatever they hold.
   */
  readonly typed?: Readonly<Record<string, readonly number[]>>;
  /**
   * What each typed cell held when the seller answered "Keep my values" (record column index ->
   * value, per row id): while it still holds that, later refreshes keep it without asking again;
   * a new value typed there is asked about again.
   */
  readonly keptAs?: Readonly<Record<string, Readonly<Record<string, Written>>>>;
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

/** A rectangle the add-in fills with a colour, or clears of its fill (null). */
export interface GridFill {
  readonly row: number;
  readonly col: number;
  readonly rows: number;
  readonly cols: number;
  readonly color: string | null;
}

/** An owned cell the seller changed by hand since the add-in last wrote it. */
export interface EditedCell {
  /** Kept at the seller's word before and unchanged since: kept again without asking. */
  readonly settled?: true;
  /** A1 address inside the sheet ("F7"). */
  readonly cell: string;
  readonly header: string;
  /** The row's id as the sheet shows it ("10001549"). */
  readonly id: string;
  readonly yours: Cell;
  readonly api: Cell;
}

/** A row holding the id of another row (a teammate's copy): never refreshed, named. */
export interface CopiedRow {
  /** 1-based sheet rows, as the seller reads them. */
  readonly row: number;
  readonly of: number;
  readonly id: string;
}

/** What the seller decided about edited cells: keep theirs, or let the API's figures in. */
export type EditChoice = "keep" | "overwrite";

/** A planned refresh. */
export interface RefreshPlan {
  readonly blocks: GridBlock[];
  /** Gone rows shaded, rows back unshaded, kept cells marked (hosts that can fill cells). */
  readonly fills: GridFill[];
  readonly record: TableRecord;
  /** Cells the seller changed (kept unless the choice was "overwrite"). */
  readonly edited: EditedCell[];
  readonly copies: CopiedRow[];
  /** Headers of columns the add-in left alone: two alike, or one no longer holding its cells. */
  readonly leftAlone: string[];
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

/** A record's last values by id, never through the object prototype ("constructor" is an id). */
export function lastValues(record: Pick<TableRecord, "last">): Map<string, readonly Written[]> {
  return new Map(Object.entries(record.last));
}

/** An id map as the record keeps it (own properties only, "__proto__" included). */
const asRecord = <V>(map: ReadonlyMap<string, V>): Record<string, V> => Object.fromEntries(map);

/** The record of a table just written whole (a first import): every row's values. */
export function firstRecord(
  columns: readonly ImportColumn[],
  rows: readonly Cell[][],
): TableRecord {
  const all = withStatus(columns);
  const key = keyHeaders(all);
  const at = key.map((h) => all.findIndex((c) => c.header === h));
  const last = new Map<string, Written[]>();
  for (const row of rows) {
    const id = idOf(row, at);
    if (hasId(id) && !last.has(id))
      last.set(
        id,
        all.map((_, i) => comparable(row[i])),
      );
  }
  return {
    version: 1,
    columns: all.map((c) => ({ header: c.header, format: c.format })),
    key,
    last: asRecord(last),
  };
}

/**
 * The record of a table whose own record was lost or cut short, made from the sheet's
 * headers: nothing is known of what was written, so every owned cell that differs from the
 * API's figure is named as the seller's (rebuilt: true) until the seller chooses.
 */
export function rebuiltRecord(columns: readonly ImportColumn[]): TableRecord & { rebuilt: true } {
  const all = withStatus(columns);
  return {
    version: 1,
    columns: all.map((c) => ({ header: c.header, format: c.format })),
    key: keyHeaders(all),
    last: {},
    rebuilt: true,
  };
}

const isStringList = (x: unknown): x is string[] =>
  Array.isArray(x) && x.every((s) => typeof s === "string");

/** A stored record, or null when the text is not one (anyone with edit rights can change it). */
export function parseTableRecord(text: string | null): TableRecord | null {
  if (!text) return null;
  try {
    const r = JSON.parse(text) as Partial<TableRecord>;
    if (r.version !== 1 || !Array.isArray(r.columns) || !isStringList(r.key)) return null;
    if (r.key.length === 0 || typeof r.last !== "object" || r.last === null) return null;
    if (!r.columns.every((c) => typeof c?.header === "string")) return null;
    if (!Object.values(r.last).every(Array.isArray)) return null;
    return r as TableRecord;
  } catch {
    return null;
  }
}

/** What a refresh needs: the sheet as it is now, its record, and the API's fresh rows. */
export interface RefreshInput {
  /** The sheet's values from A1 (row 0 is the header row). */
  readonly grid: readonly (readonly Cell[])[];
  readonly record: TableRecord & { readonly rebuilt?: true };
  readonly columns: readonly { readonly header: string }[];
  readonly rows: readonly Cell[][];
  /** Undefined: edited cells are kept and reported (the caller asks before writing). */
  readonly choice?: EditChoice;
  /** The choice is the seller's answer to the question (not an unattended refresh's keep). */
  readonly answered?: boolean;
  /** "2026-11-26": the day a vanished product is marked with. */
  readonly today: string;
  /** The import kept only its first N rows and filled them: a missing product is below them. */
  readonly topRows?: number;
}

/** What the add-in itself writes in Status: "", a gone or below-the-top mark, a copy mark. */
const OWN_STATUS = { test: isAddinMark };
const isOwnStatus = (c: Cell | undefined): boolean => {
  const v = comparable(c);
  return v === "" || (typeof v === "string" && OWN_STATUS.test(v));
};

/** A Status already saying what `mark` says (gone, or below the top N), from an earlier day. */
const sameKind = (now: Cell | undefined, mark: string): boolean => {
  const v = comparable(now);
  return typeof v === "string" && v.split(" on ")[0] === mark.split(" on ")[0];
};

/** Plan a refresh of a managed table; throws when the sheet lost (or doubled) the id column. */
export function planRefresh(input: RefreshInput): RefreshPlan {
  const { grid, record } = input;
  const last: LastValues = lastValues(record);
  const typed = new Map(Object.entries(record.typed ?? {}).map(([id, js]) => [id, new Set(js)]));
  const keptAs = new Map(
    Object.entries(record.keptAs ?? {}).map(([id, at]) => [id, new Map(Object.entries(at))]),
  );
  const nextKeptAs = new Map<string, Record<string, Written>>();
  const layout: TableLayout = tableLayout(grid, record, last);
  const statusJ = record.columns.findIndex((c) => c.header === STATUS_HEADER);
  const rankJ = record.columns.findIndex((c) => c.header === RANK_HEADER);
  const keyJ = new Set(record.key.map((h) => record.columns.findIndex((c) => c.header === h)));

  // The API's rows by id, in the record's columns' order (a copy in the answer counts once).
  const freshAt = record.columns.map((c) => input.columns.findIndex((f) => f.header === c.header));
  const freshKeyAt = record.key.map((h) => input.columns.findIndex((f) => f.header === h));
  const fresh = new Map<string, Cell[]>();
  for (const row of input.rows) {
    const id = idOf(row, freshKeyAt);
    if (hasId(id) && !fresh.has(id))
      fresh.set(
        id,
        freshAt.map((i) => (i >= 0 ? (row[i] ?? "") : "")),
      );
  }

  const writes = new Map<number, Map<number, Cell>>(); // sheet row -> record column -> value
  const put = (r: number, j: number, v: Cell): void => {
    if ((layout.at[j] ?? -1) < 0) return;
    let row = writes.get(r);
    if (!row) writes.set(r, (row = new Map()));
    row.set(j, v);
  };
  const fills: GridFill[] = [];
  const edited: EditedCell[] = [];
  const nextLast = new Map<string, Written[]>();
  const nextTyped = new Map<string, number[]>();
  let updatedRows = 0;
  let vanishedRows = 0;
  const gone = input.topRows ? belowTopMark(input.topRows, input.today) : goneMark(input.today);
  const owned = record.columns.flatMap((_, j) => ((layout.at[j] ?? -1) >= 0 ? [j] : []));
  const span = tableSpan(layout.at);

  for (const [id, r] of layout.rowOf) {
    const line = grid[r] ?? [];
    const apiRow = fresh.get(id);
    const before = last.get(id);
    const keptBefore = typed.get(id) ?? new Set<number>();
    const written: Written[] = record.columns.map((_, j) => before?.[j] ?? null);
    const keptNow: number[] = [];
    /** A cell the seller changed: typed over before, or differing from what was written. */
    const byHand = (j: number, api: Cell): boolean => {
      const now = line[layout.at[j] ?? -1];
      // A blank Status holds nothing of the seller's: a gone row's mark comes back (a row of
      // the seller's holding only the id, its product's own row deleted, is that product's).
      if (j === statusJ && comparable(now) === "") return false;
      if (keptBefore.has(j)) return true;
      const was = before?.[j];
      if (was !== undefined && was !== null) return !sameValue(was, now);
      // Nothing known of this cell (a rebuilt record, an id the seller typed or moved, a column
      // left alone when the row was written): one that differs from the API's is the seller's,
      // unless blank or the add-in's own mark.
      if (j === statusJ) return !isOwnStatus(now);
      // A whole number in Rank is a rank the add-in wrote (a seller types notes, not ranks).
      if (j === rankJ && Number.isInteger(comparable(now))) return false;
      return comparable(now) !== "" && !sameValue(comparable(api), now);
    };
    /** Kept at the seller's word before, and holding the same value still. */
    const settled = (j: number): boolean => {
      const at = keptAs.get(id);
      const now = line[layout.at[j] ?? -1];
      return keptBefore.has(j) && at !== undefined && at.has(String(j))
        ? sameValue(at.get(String(j)) ?? null, now)
        : false;
    };
    /** Remember what a kept cell holds, when the seller chose to keep it (or did before). */
    const remember = (j: number, quiet: boolean): void => {
      if (!quiet && !(input.answered && input.choice === "keep")) return;
      const at = nextKeptAs.get(id) ?? {};
      at[String(j)] = comparable(line[layout.at[j] ?? -1]);
      nextKeptAs.set(id, at);
    };
    const name = (j: number, api: Cell, quiet = false): void => {
      const col = layout.at[j] ?? -1;
      edited.push({
        cell: `${columnLetters(col)}${r + 1}`,
        header: record.columns[j]?.header ?? "",
        id: id.split(SEP).join(" / "),
        yours: line[col] ?? "",
        api,
        ...(quiet ? { settled: true as const } : {}),
      });
    };
    if (apiRow) {
      updatedRows++;
      for (const j of owned) {
        const api = j === statusJ ? "" : (apiRow[j] ?? "");
        if (!keyJ.has(j) && byHand(j, api)) {
          // Kept at the seller's word and unchanged: kept again, not asked (nor overwritten).
          const quiet = settled(j);
          name(j, api, quiet);
          if (quiet || input.choice !== "overwrite") {
            keptNow.push(j);
            remember(j, quiet);
            // A live row's Status is the add-in's blank, whatever the seller keeps there: a gone
            // mark left in the record would have "Remove gone rows" take a live row.
            if (j === statusJ) written[j] = comparable(api);
            else written[j] ??= comparable(api);
            continue;
          }
        }
        put(r, j, api);
        written[j] = comparable(api);
      }
      // A Status column not found (deleted, or two alike) got nothing: the record says so
      // (null), since a gone mark left there would have "Remove gone rows" take this live row.
      if (statusJ >= 0 && (layout.at[statusJ] ?? -1) < 0) written[statusJ] = null;
      if (wasGone(before, statusJ)) fills.push({ row: r, ...span, rows: 1, color: null });
    } else {
      vanishedRows++;
      // Its last figures stay as they are; Status says so and the rank goes, where not typed.
      for (const j of [statusJ, rankJ]) {
        if (j < 0 || (layout.at[j] ?? -1) < 0) continue;
        const mark = j === statusJ ? gone : "";
        if (byHand(j, mark)) {
          keptNow.push(j);
          if (settled(j)) remember(j, true);
          // The record still says the row is gone ("Remove gone rows", the shade cleared on
          // its return) while the seller's Status text stays.
          const was = written[j];
          if (j === statusJ && !sameKind(was ?? undefined, mark)) written[j] = comparable(mark);
          continue;
        }
        const now = line[layout.at[j] ?? -1];
        // A mark of the same kind already there keeps its first day.
        const value = j === statusJ && sameKind(now, mark) ? (now ?? mark) : mark;
        put(r, j, value);
        written[j] = comparable(value);
      }
      for (const j of keptBefore)
        if (!keptNow.includes(j)) {
          keptNow.push(j);
          if (settled(j)) remember(j, true);
        }
      fills.push({ row: r, ...span, rows: 1, color: GONE_FILL });
    }
    // A gone row never written is still unknown: when its product comes back, its cells that
    // differ from the API's are the seller's (byHand), not taken for the add-in's.
    if (apiRow || before) nextLast.set(id, written);
    if (keptNow.length > 0) nextTyped.set(id, keptNow);
    // A kept cell's mark only where its column is found (a column not found is left alone).
    const mark = (j: number, color: string | null): void => {
      const col = layout.at[j] ?? -1;
      if (col >= 0) fills.push({ row: r, col, rows: 1, cols: 1, color });
    };
    for (const j of keptBefore) if (!keptNow.includes(j)) mark(j, null);
    for (const j of keptNow) if (apiRow) mark(j, KEPT_FILL);
  }

  // A teammate's copy of a row: named in its Status (where the add-in wrote it), not refreshed.
  const copies: CopiedRow[] = [];
  for (const [r, own] of layout.copies) {
    const id = idOf(grid[r] ?? [], layout.keyAt);
    copies.push({ row: r + 1, of: own + 1, id: id.split(SEP).join(" / ") });
    const col = layout.at[statusJ] ?? -1;
    if (statusJ >= 0 && col >= 0 && isOwnStatus(grid[r]?.[col]))
      put(r, statusJ, `Copy of row ${own + 1} (${id.split(SEP).join(" / ")}): not refreshed`);
  }

  // New products go under the last row that holds anything.
  let bottom = Math.max(grid.length, 1);
  while (bottom > 1 && (grid[bottom - 1] ?? []).every((v) => comparable(v) === "")) bottom--;
  let appendedRows = 0;
  for (const [id, apiRow] of fresh) {
    if (layout.rowOf.has(id)) continue;
    const r = bottom + appendedRows++;
    for (const j of owned) put(r, j, j === statusJ ? "" : (apiRow[j] ?? ""));
    // A column left alone got nothing: the record says so (null), or a later refresh would
    // find none of "its" cells there and leave that column alone for good.
    nextLast.set(
      id,
      apiRow.map((v, j) => ((layout.at[j] ?? -1) < 0 ? null : j === statusJ ? "" : comparable(v))),
    );
  }

  const { rebuilt: _rebuilt, typed: _typed, keptAs: _keptAs, ...kept } = record;
  return {
    blocks: blocksOf(writes, record, layout.at),
    fills,
    record: {
      ...kept,
      last: asRecord(nextLast),
      ...(nextTyped.size > 0 ? { typed: asRecord(nextTyped) } : {}),
      ...(nextKeptAs.size > 0 ? { keptAs: asRecord(nextKeptAs) } : {}),
    },
    edited,
    copies,
    leftAlone: [...layout.ambiguous, ...layout.unrecognised],
    updatedRows,
    appendedRows,
    vanishedRows,
  };
}

/** Whether a row was marked gone at the last refresh (so coming back clears its shade). */
const wasGone = (before: readonly Written[] | undefined, statusJ: number): boolean =>
  typeof before?.[statusJ] === "string" && OWN_STATUS.test(before[statusJ] as string);
