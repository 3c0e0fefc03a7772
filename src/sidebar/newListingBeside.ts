/**
 * A new-listing comparison written beside the seller's own candidates (issue 34 item 4): the
 * rows of the "New listings" sheet stay the seller's (Candidate, COGS, Planned price, Category
 * A/B/C and any column they add: never written), and the add-in's figure columns (profit,
 * margin and price for the target on A, B and C, then Answer) sit to their right, in the same
 * rows, each row found again by its candidate's name at every build (a sorted or moved row takes
 * its figures along). The add-in's columns are found by their headers (a column the seller
 * moved is found where it is); a cell the seller typed over in them is kept and counted, as in
 * every managed table: the record remembers what the add-in wrote last.
 */
import { counted } from "../core/counted";
import type { Cell } from "../functions/cells";
import type { GridBlock } from "../imports/managedTable";
import { NUMBER_FORMATS, type ColumnFormat } from "../imports/table";
import { io, type Op } from "./op";
import type { SidebarPorts } from "./ports";
import { logRefresh } from "./refreshLog";

/** What the record of an input sheet keeps: the figures last written, by candidate name. */
interface BesideRecord {
  readonly newListingBeside: { readonly written: Readonly<Record<string, readonly Cell[]>> };
}

export interface BesideTable {
  readonly sheetName: string;
  /** The add-in's headers, in order. */
  readonly headers: readonly string[];
  readonly formats: readonly ColumnFormat[];
  /** The figures of each candidate (by its name, lower case), one per header. */
  readonly figures: ReadonlyMap<string, readonly Cell[]>;
  readonly title: string;
  readonly basisText: string;
  readonly requests: number;
  readonly errors: readonly string[];
}

export interface BesideWritten {
  readonly rows: number;
  readonly keptEdits: number;
}

const text = (c: Cell | undefined): string => String(c ?? "").trim();
export const keyOf = (name: string): string => name.trim().toLowerCase();

function recordOf(raw: string | null): BesideRecord["newListingBeside"]["written"] {
  try {
    const r = raw ? (JSON.parse(raw) as Partial<BesideRecord>) : null;
    const w = r?.newListingBeside?.written;
    return w && typeof w === "object" ? w : {};
  } catch {
    return {};
  }
}

/** Same cell for the keep rule: a number the host returns as text, or "" for null. */
const same = (a: Cell | undefined, b: Cell | undefined): boolean =>
  text(a) === text(b) || (text(a) !== "" && Number(text(a)) === Number(text(b)));

/** Write the figures beside the candidates; the seller's columns are never written. */
export function* writeBeside(p: SidebarPorts, t: BesideTable): Op<BesideWritten> {
  const grid = (yield* io(() => p.tables.read(t.sheetName))) ?? [];
  const head = (grid[0] ?? []).map(text);
  const nameCol = head.indexOf("Candidate");
  if (nameCol < 0)
    throw new Error(`Input sheet: "${t.sheetName}" has no column "Candidate" in row 1`);
  // The sheet's used width: the add-in's new columns start after the last one in use.
  let free = grid.reduce((w, row) => {
    let last = row.length - 1;
    while (last >= 0 && text(row[last]) === "") last--;
    return Math.max(w, last + 1);
  }, 0);
  const cols = t.headers.map((h) => {
    const at = head.indexOf(h);
    return at >= 0 ? at : free++;
  });
  const before = recordOf(yield* io(() => p.tables.readRecord(t.sheetName)));
  const written: Record<string, Cell[]> = {};
  const runs = new Map<number, { start: number; values: Cell[] }[]>();
  let keptEdits = 0;
  let rows = 0;
  const put = (col: number, row: number, v: Cell): void => {
    const list = runs.get(col) ?? [];
    const last = list[list.length - 1];
    if (last && last.start + last.values.length === row) last.values.push(v);
    else list.push({ start: row, values: [v] });
    runs.set(col, list);
  };
  t.headers.forEach((h, j) => put(cols[j] ?? 0, 0, h));
  for (let r = 1; r < grid.length; r++) {
    const name = text(grid[r]?.[nameCol]);
    const figures = name === "" ? undefined : t.figures.get(keyOf(name));
    if (!figures) continue;
    rows++;
    const last = before[keyOf(name)];
    const mine: Cell[] = [];
    figures.forEach((v, j) => {
      const col = cols[j] ?? 0;
      const now = grid[r]?.[col];
      // Typed over by the seller: what is there is not what the add-in wrote last (or the
      // column was empty when the add-in had written nothing yet).
      const typed = text(now) !== "" && (last === undefined || !same(now, last[j]));
      if (typed) {
        keptEdits++;
        mine.push(last?.[j] ?? "");
        return;
      }
      mine.push(v);
      put(col, r, v);
    });
    written[keyOf(name)] = mine;
  }
  const blocks: GridBlock[] = [...runs].flatMap(([col, list]) => {
    const j = cols.indexOf(col);
    const format = NUMBER_FORMATS[t.formats[j] ?? "text"];
    return list.map((run) => ({
      row: run.start,
      col,
      values: run.values.map((v) => [v]),
      // The header keeps the text format; figures their own.
      formats: [run.start === 0 && run.values.length === 1 ? NUMBER_FORMATS.text : format],
    }));
  });
  yield* io(() => p.tables.write(t.sheetName, blocks));
  yield* io(() => p.tables.boldHeader(t.sheetName, Math.max(...cols) + 1));
  const record: BesideRecord = { newListingBeside: { written } };
  yield* io(() => p.tables.writeRecord(t.sheetName, JSON.stringify(record)));
  const stamp = yield* io(() => p.stamp(new Date(p.now()).toISOString()));
  yield* logRefresh(p.tables, stamp, {
    what: `${t.title} → ${t.sheetName} (${t.basisText})`,
    requests: t.requests,
    rowsChanged: rows,
    errors: [
      ...t.errors.slice(0, 3),
      ...(keptEdits ? [`kept ${counted(keptEdits, "cell")} changed by hand`] : []),
    ].join("; "),
  });
  yield* io(() => p.tables.show?.(t.sheetName));
  return { rows, keptEdits };
}
