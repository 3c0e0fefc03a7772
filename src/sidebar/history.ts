/**
 * "Keep a snapshot": a managed table's key figures, dated, appended to the "History" sheet,
 * one row per product per snapshot (the seller's button, or the daily refresh's option); and
 * one product's rows read back for the sidebar's chart of its profit and price over time.
 */
import type { Cell } from "../functions/cells";
import { lastValues, parseTableRecord, type TableRecord } from "../imports/managedTable";
import { tableLayout } from "../imports/tableLayout";
import { io, type Op } from "./op";
import type { SidebarPorts } from "./ports";
import { logRefresh } from "./refreshLog";

/**
 * The sheet every table's snapshots go to. Not "History": Excel refuses that name for a sheet
 * (it keeps it for its change tracking), so "Keep a snapshot" failed in Excel.
 */
export const HISTORY_SHEET = "Price history";
/** Where Sheets and web workbooks kept snapshots before: still used where it is theirs. */
export const LEGACY_HISTORY_SHEET = "History";
/**
 * Rows the History sheet keeps: 100 daily snapshots of a 500-product table (400,000 cells, far
 * under each host's limit). Past it the oldest snapshots go, whole (like REFRESH_LOG_LIMIT).
 */
export const HISTORY_LIMIT = 50_000;
const HEADER = [
  "Date",
  "Table",
  "Product id",
  "Product",
  "Net profit (per unit)",
  "Price",
  "Margin",
  "Units",
  "Typed by hand",
];
const FORMATS = ["@", "@", "@", "@", "#,##0.00", "#,##0.00", "0.00%", "#,##0", "@"];
/**
 * Which of the table's columns fill the figures (first match wins): the net profit per unit,
 * the figure every function and import calls net profit, before a window's total profit.
 */
const FIGURES: readonly (readonly RegExp[])[] = [
  [/^net profit/i, /^total profit$/i, /profit/i],
  [/^(current |selling )?price$/i, /price/i],
  [/margin/i],
  [/units/i, /sold/i],
];

/** What a snapshot wrote. */
export interface SnapshotResult {
  readonly sheetName: string;
  readonly when: string;
  readonly products: number;
  /** The sheet the snapshot went to. */
  readonly history: string;
}

/** One product's snapshots, oldest first, for the chart. */
export interface ProductHistory {
  readonly productId: string;
  readonly product: string;
  readonly points: readonly {
    readonly when: string;
    readonly table: string;
    readonly profit: number | null;
    readonly price: number | null;
  }[];
}

const number = (c: Cell | undefined): number | null =>
  typeof c === "number" && Number.isFinite(c) ? c : null;

/**
 * The rows a snapshot of `grid` adds: one per product row (the table's own rows, a teammate's
 * copy of one left out), each figure from the add-in's own column (tableLayout.ts, never a
 * column the seller headed alike); a figure the seller typed and kept is stored as theirs,
 * named in "Typed by hand", never as the API's.
 */
export function snapshotRows(
  grid: readonly (readonly Cell[])[],
  record: TableRecord,
  sheetName: string,
  when: string,
): Cell[][] {
  const layout = tableLayout(grid, record, lastValues(record));
  const typed = new Map(Object.entries(record.typed ?? {}));
  const find = (res: readonly RegExp[]): number => {
    for (const re of res) {
      const j = record.columns.findIndex((c, i) => (layout.at[i] ?? -1) >= 0 && re.test(c.header));
      if (j >= 0) return j;
    }
    return -1;
  };
  const cell = (r: number, j: number): Cell | undefined =>
    j >= 0 ? grid[r]?.[layout.at[j] ?? -1] : undefined;
  const nameJ = find([/name/i, /title/i]);
  const figureJ = FIGURES.map(find);
  const rows: Cell[][] = [];
  const own = [...layout.rowOf].sort((a, b) => a[1] - b[1]);
  for (const [id, r] of own) {
    const byHand = figureJ.filter((j) => j >= 0 && typed.get(id)?.includes(j));
    rows.push([
      when,
      sheetName,
      layout.keyAt.map((k) => String(grid[r]?.[k] ?? "").trim()).join(" / "),
      String(cell(r, nameJ) ?? ""),
      ...figureJ.map((j) => number(cell(r, j)) ?? ""),
      byHand.map((j) => record.columns[j]?.header ?? "").join(", "),
    ]);
  }
  return rows;
}

/**
 * The history rows kept after `added` joins `old` (both without the header): the newest at
 * most `limit`, and a snapshot (its date and table) either whole or gone.
 */
export function keptHistory(
  old: readonly (readonly Cell[])[],
  added: readonly Cell[][],
  limit = HISTORY_LIMIT,
): Cell[][] {
  const all = [...old, ...added].map((r) => [...r]);
  let from = Math.max(0, all.length - limit);
  const snapshot = (r: readonly Cell[] | undefined) => `${String(r?.[0])}\u001f${String(r?.[1])}`;
  // A snapshot cut by the limit goes whole.
  if (from > 0) {
    const cut = snapshot(all[from - 1]);
    while (from < all.length && snapshot(all[from]) === cut) from++;
  }
  return all.slice(from);
}

/** The snapshots' sheet: an older workbook's History (its header ours) while it has no new one. */
function* historySheet(p: SidebarPorts): Op<string> {
  const now = yield* io(() => p.tables.read(HISTORY_SHEET));
  if (now && now.length > 0) return HISTORY_SHEET;
  const old = (yield* io(() => p.tables.read(LEGACY_HISTORY_SHEET))) ?? [];
  const ours = HEADER.slice(0, 4).every((h, i) => String(old[0]?.[i] ?? "").trim() === h);
  return ours ? LEGACY_HISTORY_SHEET : HISTORY_SHEET;
}

/** Append a snapshot of the managed table in `sheetName` to the History sheet. */
export function* keepSnapshot(p: SidebarPorts, sheetName: string): Op<SnapshotResult> {
  const record = parseTableRecord(yield* io(() => p.tables.readRecord(sheetName)));
  const grid = yield* io(() => p.tables.read(sheetName));
  if (!record || !grid)
    throw new Error(
      `${sheetName} is not a table the add-in keeps by product: import into it first, then keep a snapshot`,
    );
  const stamp = yield* io(() => p.stamp(new Date(p.now()).toISOString()));
  const rows = snapshotRows(grid, record, sheetName, stamp.when);
  // Past the bound the snapshot would push out every older one and then itself (keptHistory
  // keeps a snapshot whole or not at all): refused before anything is written.
  if (rows.length > HISTORY_LIMIT) {
    const count = (n: number) => n.toLocaleString("en-US");
    throw new Error(
      `${sheetName} has ${count(rows.length)} products, more than ${HISTORY_SHEET} keeps (${count(HISTORY_LIMIT)} rows in all): nothing was written; keep snapshots of a table of at most ${count(HISTORY_LIMIT)} products (an import with a row limit)`,
    );
  }
  const history = yield* historySheet(p);
  const before = (yield* io(() => p.tables.read(history))) ?? [];
  const fresh = before.length === 0;
  const old = before.slice(1);
  const kept = keptHistory(old, rows);
  const trimmed = kept.length < old.length + rows.length;
  // Under the limit the snapshot is appended; past it the sheet is rewritten, oldest gone,
  // and the rows it no longer needs emptied.
  const body: Cell[][] = trimmed
    ? [
        ...kept,
        ...Array.from({ length: Math.max(0, old.length - kept.length) }, () =>
          HEADER.map(() => ""),
        ),
      ]
    : rows;
  const at = fresh ? 1 : trimmed ? 1 : before.length;
  // A History made before "Typed by hand" gets the header's new column too.
  const header =
    fresh || String(before[0]?.[HEADER.length - 1] ?? "") !== HEADER[HEADER.length - 1];
  const blocks = [
    ...(header ? [{ row: 0, col: 0, values: [HEADER], formats: HEADER.map(() => "@") }] : []),
    ...(body.length > 0 ? [{ row: at, col: 0, values: body, formats: FORMATS }] : []),
  ];
  yield* io(() => p.tables.write(history, blocks, true));
  if (fresh) yield* io(() => p.tables.boldHeader(history, HEADER.length));
  yield* logRefresh(p.tables, stamp, {
    what: `Snapshot of ${sheetName} kept in ${history}`,
    requests: 0,
    rowsChanged: rows.length,
    errors: "",
  });
  return { sheetName, when: stamp.when, products: rows.length, history };
}

/** One product's snapshots (by its id as the table shows it), oldest first. */
export function* productHistory(p: SidebarPorts, productId: string): Op<ProductHistory> {
  const id = String(productId).trim();
  const history = yield* historySheet(p);
  const grid = (yield* io(() => p.tables.read(history))) ?? [];
  const mine = grid.slice(1).filter((r) => String(r[2] ?? "").trim() === id);
  if (mine.length === 0)
    throw new Error(
      grid.length === 0
        ? `No snapshots yet: press Keep a snapshot on a table first`
        : `No snapshot in ${history} has the product id ${id}: check the id (column Product id)`,
    );
  return {
    productId: id,
    product: String(mine[mine.length - 1]?.[3] ?? ""),
    points: mine.map((r) => ({
      when: String(r[0] ?? ""),
      table: String(r[1] ?? ""),
      profit: number(r[4]),
      price: number(r[5]),
    })),
  };
}

/** The sheet a native chart of one product's history reads (rewritten at each chart). */
export const HISTORY_CHART_SHEET = "History chart";

/**
 * Write one product's snapshots (date, profit) to the History chart sheet for a native chart;
 * returns how many rows under the header. The sheet is the add-in's: it is rewritten whole.
 */
export function* historyChartBlock(p: SidebarPorts, productId: string): Op<number> {
  const history = yield* productHistory(p, productId);
  const points = history.points.filter((x) => x.profit !== null);
  if (points.length === 0) throw new Error(`No snapshot holds a profit for ${history.productId}`);
  const old = (yield* io(() => p.tables.read(HISTORY_CHART_SHEET))) ?? [];
  const values: Cell[][] = [
    [history.product || history.productId, "Profit"],
    ...points.map((x): Cell[] => [x.when.slice(0, 16), x.profit ?? ""]),
  ];
  // Rows a longer chart left behind are emptied.
  for (let i = values.length; i < old.length; i++) values.push(["", ""]);
  yield* io(() =>
    p.tables.write(
      HISTORY_CHART_SHEET,
      [{ row: 0, col: 0, values, formats: ["@", "#,##0.00"] }],
      true,
    ),
  );
  return points.length;
}
