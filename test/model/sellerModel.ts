/**
 * The reference model of issue 33: what the seller typed, where (a column's identity and the
 * product beside it), and how many rows each product has. It knows nothing of how the add-in
 * keeps its tables; it reads the sheet as the seller sees it. After every add-in step
 * `checkInvariant` says whether the rule held:
 *
 * - each typed cell is still there, once, beside its product (in its column), unless the
 *   seller chose to write the API's figures over that named cell or to replace the sheet;
 * - each product in the answer appears once (a row the seller copied is named a duplicate),
 *   counted as the seller sees it: its id under any column headed like the add-in's id column,
 *   not only in the add-in's own (a second copy of the table beside or below it is seen);
 * - no product row is lost;
 * - a refused step wrote nothing.
 */
import type { Cell } from "../../src/functions/cells";
import type { ImportDefinition } from "../../src/imports/definitions";

/** A broken rule: its kind (for the census) and what the seller would see. */
export class Violation extends Error {
  constructor(
    readonly kind: ViolationKind,
    message: string,
  ) {
    super(`[${kind}] ${message}`);
    this.name = "Violation";
  }
}

export type ViolationKind =
  | "table rewritten whole: seller's cells lost"
  | "typed cell lost: seller column"
  | "typed cell lost: figure"
  | "typed cell lost: figure equal to the API's"
  | "typed cell lost: Status"
  | "typed cell lost: Name"
  | "typed cell lost: header or title"
  | "typed cell lost: id typed in a row"
  | "typed cell moved away from its product"
  | "typed cell duplicated"
  | "product row lost"
  | "product row duplicated"
  | "copied row not named a duplicate"
  | "gone row not marked"
  | "gone row keeps a rank"
  | "live row removed"
  | "typed cell removed unnamed"
  | "refused step wrote"
  | "step crashed";

/** A column's identity: the add-in's ("own:Total profit") or the seller's ("seller:3"). */
export type ColumnId = string;

/** Where a typed cell sits: a product's row, the header row, or a title row above it. */
export const HEADER = "#header";
export const TITLE = "#title";
/** A row with no id (blank, or the seller's own). */
export const NO_ID = "#none";

/** One cell the seller typed. */
export interface Entry {
  readonly n: number;
  /** The product beside it (its row's id), HEADER or TITLE. */
  product: string;
  readonly col: ColumnId;
  readonly value: Cell;
  /** What kind of column it went into, for the census. */
  readonly what: "seller" | "figure" | "equal" | "Status" | "Name" | "header" | "title" | "id";
}

/** The model's state. */
export interface SellerModel {
  /** The table sheet's name now (the seller may rename it). */
  sheet: string;
  /** The import as the sidebar's form holds it (an interactive Import runs it). */
  form: ImportDefinition;
  /** The saved import (menu and daily refresh run it). */
  saved: ImportDefinition;
  /** Column identities of the table sheet, left to right (index = column). */
  cols: ColumnId[];
  /** Title rows the seller inserted above the header. */
  titles: number;
  entries: Entry[];
  /** Rows each product should have (copies included). */
  rows: Map<string, number>;
  /** Headers of the columns whose cells together name the product (A: Item id; B: Product id, Item id). */
  readonly keyHeaders: readonly string[];
  next: number;
  /**
   * The seller lost the table's record since the add-in last wrote it: a cell typed equal to
   * the API's figure then cannot be told from the add-in's (no record says what it wrote).
   */
  recordLost: boolean;
  /**
   * The seller sorted the Status or Rank column apart from its rows: the add-in then takes
   * those cells for theirs (they changed by hand), so gone rows' marks are not checked.
   */
  moved: Set<string>;
  /**
   * What add-in cells the seller typed over since the add-in last wrote held (by product and
   * column): typing that value back restores the add-in's cell, which leaves no trace to name.
   */
  overwritten: Map<string, Cell>;
  /** The API's figures may differ from what the add-in last wrote (an API step since). */
  apiChangedSinceWrite: boolean;
  /** Each live product's figures' version when the add-in last wrote the table (versionOf). */
  writtenVersions: Map<string, number>;
  /** The seller sorted some of the add-in's columns apart from the rest since it last wrote. */
  cellsSortedApart: boolean;
  /** The products in the answer when the add-in last wrote the table (the rest are gone). */
  lastLive: Set<string>;
  /** The steps so far, for the failure's story. */
  readonly story: string[];
}

/** A cell as the model compares it: text trimmed, numbers to 9 significant places. */
export function same(a: Cell | undefined, b: Cell | undefined): boolean {
  const norm = (c: Cell | undefined): string | number => {
    if (c === undefined || c === null) return "";
    if (typeof c === "number") return Number(c.toPrecision(12));
    if (c instanceof Date) return c.getTime();
    if (typeof c === "boolean") return String(c);
    return c.trim();
  };
  const [x, y] = [norm(a), norm(b)];
  if (typeof x === "number" && typeof y === "number") return Math.abs(x - y) < 1e-9;
  return String(x) === String(y);
}

/** An id cell as the model reads it ("" for blank). */
export function idText(c: Cell | undefined): string {
  if (c === undefined || c === null) return "";
  if (typeof c === "number") return String(c);
  return String(c).trim();
}

/** What each row of the sheet is: TITLE, HEADER, a product id, or NO_ID. */
export function rowKeys(m: SellerModel, grid: readonly (readonly Cell[])[]): string[] {
  const keyAt = m.keyHeaders.map((h) => m.cols.indexOf(`own:${h}`));
  return grid.map((line, r) => {
    if (r < m.titles) return TITLE;
    if (r === m.titles) return HEADER;
    const parts = keyAt.map((c) => (c >= 0 ? idText(line[c]) : ""));
    return parts.every((p) => p === "") ? NO_ID : parts.join("|");
  });
}

const KIND_OF: Record<Entry["what"], ViolationKind> = {
  seller: "typed cell lost: seller column",
  figure: "typed cell lost: figure",
  equal: "typed cell lost: figure equal to the API's",
  Status: "typed cell lost: Status",
  Name: "typed cell lost: Name",
  header: "typed cell lost: header or title",
  title: "typed cell lost: header or title",
  id: "typed cell lost: id typed in a row",
};

const show = (c: Cell | undefined): string => JSON.stringify(c ?? "");

/** Which broken entry names the violation: the most specific first. */
const PRIORITY: readonly ViolationKind[] = [
  "typed cell moved away from its product",
  "typed cell duplicated",
  "typed cell lost: Status",
  "typed cell lost: Name",
  "typed cell lost: figure equal to the API's",
  "typed cell lost: figure",
  "typed cell lost: id typed in a row",
  "typed cell lost: seller column",
  "typed cell lost: header or title",
];
const SELLERS_OWN: ReadonlySet<Entry["what"]> = new Set(["seller", "header", "title"]);

/**
 * Where each entry is now: for each (column, value), the rows holding it, matched to the
 * entries expecting it (their product first). Throws a Violation naming the most specific
 * broken entry; when every cell of the seller's own columns, headers and titles is gone the
 * table was rewritten whole, and that is the violation.
 */
export function locate(m: SellerModel, grid: readonly (readonly Cell[])[]): Map<Entry, number> {
  const broken: Violation[] = [];
  const lost = new Set<Entry>();
  const at = match(m, grid, broken, lost);
  if (broken.length === 0) return at;
  const own = m.entries.filter((e) => SELLERS_OWN.has(e.what));
  if (own.length > 0 && own.every((e) => lost.has(e)))
    throw new Violation(
      "table rewritten whole: seller's cells lost",
      `every cell the seller typed in their own columns, headers and titles of ${m.sheet} is gone (${own.length}); first: ${broken[0]?.message}`,
    );
  broken.sort((a, b) => PRIORITY.indexOf(a.kind) - PRIORITY.indexOf(b.kind));
  throw broken[0] as Violation;
}

function match(
  m: SellerModel,
  grid: readonly (readonly Cell[])[],
  broken: Violation[],
  lost: Set<Entry>,
): Map<Entry, number> {
  const keys = rowKeys(m, grid);
  const at = new Map<Entry, number>();
  const groups = new Map<string, Entry[]>();
  for (const e of m.entries) {
    const g = `${e.col}\u001f${show(e.value)}`;
    groups.set(g, [...(groups.get(g) ?? []), e]);
  }
  for (const group of groups.values()) {
    const first = group[0] as Entry;
    const c = m.cols.indexOf(first.col);
    const holding = c < 0 ? [] : grid.flatMap((line, r) => (same(line[c], first.value) ? [r] : []));
    const free = [...holding];
    const unmatched: Entry[] = [];
    for (const e of group) {
      const i = free.findIndex((r) => keys[r] === e.product);
      if (i >= 0) at.set(e, free.splice(i, 1)[0] as number);
      else unmatched.push(e);
    }
    unmatched.forEach((e, i) => {
      const where = free[i];
      if (where !== undefined)
        broken.push(
          new Violation(
            "typed cell moved away from its product",
            `${show(e.value)} typed beside ${e.product} (column ${e.col}) now sits beside ${keys[where]} (row ${where + 1})`,
          ),
        );
      else {
        lost.add(e);
        broken.push(
          new Violation(
            KIND_OF[e.what],
            `${show(e.value)} typed beside ${e.product} in column ${e.col} is gone (sheet ${m.sheet})`,
          ),
        );
      }
    });
    // A figure equal to the API's, or a product's id typed in a row, may also be the add-in's.
    if (free.length > unmatched.length && first.what !== "equal" && first.what !== "id")
      broken.push(
        new Violation(
          "typed cell duplicated",
          `${show(first.value)} (column ${first.col}) is in ${holding.length} cells, typed ${group.length} times`,
        ),
      );
  }
  return at;
}

/** Status words of a row the refresh marks as a copy of another. */
export const DUPLICATE_STATUS = /^copy of row /i;
/** Status words of a row whose product the API no longer lists. */
// A limited import's answer stops at its top N: a row below it says so (statusMarks.ts).
export const GONE_STATUS = /not in the api's answer|below the top [\d,]+ rows/i;

/**
 * The rule after an add-in step that wrote the table: typed cells, rows per product, and
 * (`live`: the products in the answer) copies named and gone rows marked without a rank.
 */
export function checkInvariant(
  m: SellerModel,
  grid: readonly (readonly Cell[])[],
  live: readonly string[] | null,
): void {
  locate(m, grid);
  const keys = rowKeys(m, grid);
  const count = new Map<string, number>();
  for (const k of keys) count.set(k, (count.get(k) ?? 0) + 1);
  for (const [product, expected] of m.rows) {
    const n = count.get(product) ?? 0;
    if (n < expected)
      throw new Violation(
        "product row lost",
        `${product} should have ${expected} row(s) in ${m.sheet}, has ${n}`,
      );
    if (n > expected)
      throw new Violation(
        "product row duplicated",
        `${product} should have ${expected} row(s) in ${m.sheet}, has ${n}`,
      );
  }
  seenOnce(m, grid, keys);
  if (live === null) return;
  const header = (grid[m.titles] ?? []).map((h) => idText(h));
  const statusAt = m.cols.indexOf("own:Status");
  const rankAt = m.cols.indexOf("own:Rank");
  const typedStatus = new Set(
    m.entries.filter((e) => e.col === "own:Status").map((e) => `${e.product}`),
  );
  // Two columns headed alike: the add-in names them and writes neither (tableLayout.ts).
  const once = (h: string) => header.filter((x) => x === h).length === 1;
  const statusOk =
    statusAt >= 0 && header[statusAt] === "Status" && once("Status") && !m.moved.has("Status");
  for (const [product, n] of count) {
    if (n < 2 || product === NO_ID || product === HEADER || product === TITLE) continue;
    if (!statusOk || typedStatus.has(product)) continue;
    const marked = keys.filter(
      (k, r) => k === product && DUPLICATE_STATUS.test(String(grid[r]?.[statusAt] ?? "")),
    ).length;
    if (marked < n - 1)
      throw new Violation(
        "copied row not named a duplicate",
        `${product} has ${n} rows in ${m.sheet} and ${marked} of them say they are copies`,
      );
  }
  const inAnswer = new Set(live);
  keys.forEach((k, r) => {
    if (!m.rows.has(k) || inAnswer.has(k) || !statusOk || typedStatus.has(k)) return;
    const line = grid[r] ?? [];
    if (DUPLICATE_STATUS.test(String(line[statusAt] ?? ""))) return;
    if (!GONE_STATUS.test(String(line[statusAt] ?? "")))
      throw new Violation(
        "gone row not marked",
        `${k} is not in the API's answer; its Status says ${show(line[statusAt])}`,
      );
    const rankTyped = m.entries.some((e) => e.product === k && e.col === "own:Rank");
    const rankOk = rankAt >= 0 && header[rankAt] === "Rank" && once("Rank") && !m.moved.has("Rank");
    if (rankOk && !rankTyped && idText(line[rankAt]) !== "")
      throw new Violation(
        "gone row keeps a rank",
        `${k} is not in the API's answer and still shows rank ${show(line[rankAt])}`,
      );
  });
}

/**
 * Each product's rows as the seller sees them, not only in the add-in's own id column (rowKeys):
 * its id under any column that a cell of the sheet heads with the id's header ("Item id"), at
 * any row (a header moved down by title rows, or a second copy of the table beside or below
 * it). A product whose id shows in more rows or columns than the model expects is duplicated
 * for the seller even when the add-in's own id column holds it once.
 */
function seenOnce(m: SellerModel, grid: readonly (readonly Cell[])[], keys: readonly string[]) {
  const ownAt = m.keyHeaders.map((h) => m.cols.indexOf(`own:${h}`));
  const expected = (product: string) => m.rows.get(product) ?? 0;
  m.keyHeaders.forEach((h, part) => {
    // Where each product's id (this part of its key) shows: [row, column] cells.
    const seen = new Map<string, string[]>();
    const width = Math.max(0, ...grid.map((line) => line.length));
    for (let c = 0; c < width; c++) {
      // The add-in's own id column counts below the table's header (as rowKeys reads it);
      // any other column from below the first cell reading the id's header.
      const headed = c === ownAt[part] ? m.titles : grid.findIndex((line) => idText(line[c]) === h);
      if (headed < 0) continue;
      for (let r = headed + 1; r < grid.length; r++) {
        const text = idText(grid[r]?.[c]);
        if (text !== "" && text !== h) seen.set(text, [...(seen.get(text) ?? []), `${r},${c}`]);
      }
    }
    for (const product of m.rows.keys()) {
      // Rows the model counts by their whole key; here, by this part of it.
      const id = product.split("|")[part] ?? "";
      const expectedCells = [...m.rows.keys()]
        .filter((p) => (p.split("|")[part] ?? "") === id)
        .reduce((n, p) => n + expected(p), 0);
      const cells = seen.get(id) ?? [];
      // Rows the model counts that hold no id here (B: the other part typed alone) are not more.
      const ownRows = keys.filter((k) => (k.split("|")[part] ?? "") === id).length;
      if (cells.length > Math.max(expectedCells, ownRows))
        throw new Violation(
          "product row duplicated",
          `${product} shows ${cells.length} times under a column headed ${h} in ${m.sheet} (cells ${cells
            .map((at) =>
              at.replace(/(\d+),(\d+)/, (_, r, c) => `R${Number(r) + 1}C${Number(c) + 1}`),
            )
            .join(", ")}), as the seller sees it; expected ${expectedCells}`,
        );
    }
  });
}

/** A refused step: the table sheet and its record exactly as before. */
export function checkUnchanged(m: SellerModel, before: string, after: string, why: string): void {
  if (before !== after)
    throw new Violation("refused step wrote", `${why}; yet ${m.sheet} or its record changed`);
}
