/**
 * The actions of issue 33's model-based test, as fast-check commands over any host
 * (host.ts): the seller's (typing in seller columns, in every add-in column and over figures,
 * a figure equal to the API's too; columns inserted left, inside and right headed with any
 * text, add-in headers included, and deleted; title rows, blank rows, deleted rows; sorting
 * the whole sheet and only some of the table's columns; header edits; renaming the sheet and
 * pointing the import at the new name; losing the table's record; copying a product's row),
 * the API's (products appearing, vanishing, all vanishing and coming back, figures changing,
 * ids as numbers or text) and the add-in's (the sidebar's import with the seller's answers,
 * the menu's and the daily refresh, the re-sort, a snapshot). Commands carry picks, not
 * positions: a pick is resolved against the sheet as it is when the command runs, so any
 * shrunk sequence still means something.
 */
import fc from "fast-check";
import type { Cell } from "../../src/functions/cells";
import type { ImportDefinition } from "../../src/imports/definitions";
import { columnLetters } from "../../src/imports/managedTable";
import type { ImportResult } from "../../src/sidebar/views";
import { sortOrder, type Confirm, type ModelHost } from "./host";
import type { ApiChange } from "./scriptedApi";
import {
  HEADER,
  NO_ID,
  TITLE,
  Violation,
  checkInvariant,
  checkUnchanged,
  idText,
  rowKeys,
  same,
  type Entry,
  type SellerModel,
} from "./sellerModel";

/** What the model asks of the API side: the answer's products, a figure, a change. */
export interface ModelApi {
  /** The products the next import's answer lists, by id as the sheet shows them. */
  liveIds(): Promise<string[]>;
  /** The figure the next import writes for a product under a header (null: none to type). */
  figureUnder(productId: string, header: string): Promise<number | null>;
  /** The version of a product's figures (null: not known), to tell which ones an API step changed. */
  versionOf?(productId: string): number | null;
  change(c: ApiChange): Promise<void>;
}

/** The system under test: a host with the add-in, and the API it talks to. */
export interface Real {
  readonly host: ModelHost;
  readonly api: ModelApi;
}

type Step = fc.AsyncCommand<SellerModel, Real, false>;

const KEY_HEADERS = new Set(["Item id", "Rt product id", "Product id"]);
const PROTOTYPE_IDS = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"];
const SHEET_NAMES = ["Profit team", "Top products (old)", "Pricing 2026", "Top products"];

/** The table sheet's values (an empty grid when it is gone). */
async function view(m: SellerModel, r: Real): Promise<Cell[][]> {
  return (await r.host.grid(m.sheet)) ?? [];
}

/** Rows below the header holding a product the table has. */
function productRows(m: SellerModel, grid: readonly (readonly Cell[])[]): number[] {
  const keys = rowKeys(m, grid);
  return keys.flatMap((k, r) => (r > m.titles && m.rows.has(k) ? [r] : []));
}

/** Each entry's row now, where it can be found beside its product (non-throwing). */
function rowsOf(m: SellerModel, grid: readonly (readonly Cell[])[]): Map<Entry, number> {
  const keys = rowKeys(m, grid);
  const at = new Map<Entry, number>();
  const taken = new Set<string>();
  for (const e of m.entries) {
    const c = m.cols.indexOf(e.col);
    const r = grid.findIndex(
      (line, i) => keys[i] === e.product && same(line[c], e.value) && !taken.has(`${i},${c}`),
    );
    if (c >= 0 && r >= 0) {
      at.set(e, r);
      taken.add(`${r},${c}`);
    }
  }
  return at;
}

/** Forget the entries sitting in (row, col): the seller typed over them or deleted them. */
function forgetAt(m: SellerModel, grid: readonly (readonly Cell[])[], row: number, col: number) {
  const at = rowsOf(m, grid);
  m.entries = m.entries.filter((e) => !(at.get(e) === row && m.cols.indexOf(e.col) === col));
}

/** A column index with an identity (columns right of the known ones get new seller ids). */
function colId(m: SellerModel, c: number): string {
  while (m.cols.length <= c) m.cols.push(`seller:${m.next++}`);
  return m.cols[c] as string;
}

const ownHeader = (id: string): string | null => (id.startsWith("own:") ? id.slice(4) : null);

/** The add-in's columns, first and last index (the table's span). */
function span(m: SellerModel): [number, number] | null {
  const own = m.cols.flatMap((c, i) => (c.startsWith("own:") ? [i] : []));
  return own.length ? [own[0] as number, own[own.length - 1] as number] : null;
}

/** Type `value` at (row, col) as the seller, as an entry of kind `what`. */
async function typeEntry(
  m: SellerModel,
  r: Real,
  grid: readonly (readonly Cell[])[],
  at: { row: number; col: number; product: string },
  value: Cell,
  what: Entry["what"],
): Promise<boolean> {
  if (same(grid[at.row]?.[at.col], value)) return false; // typing what is there changes nothing
  const col = colId(m, at.col);
  const cell = `${at.product}\u001f${col}`;
  const held = rowsOf(m, grid);
  const typedHere = m.entries.some((e) => held.get(e) === at.row && e.col === col);
  if (ownHeader(col) !== null && !typedHere && !m.overwritten.has(cell))
    m.overwritten.set(cell, grid[at.row]?.[at.col] ?? "");
  forgetAt(m, grid, at.row, at.col);
  await r.host.type(m.sheet, at.row, at.col, value);
  // The add-in's own value typed back before it looked again: its cell, as it wrote it.
  if (what === "equal" && same(m.overwritten.get(cell), value)) return true;
  // Ids sorted apart from their figures (or figures from their ids), then the figure the
  // add-in last wrote for that id typed beside it (the API unchanged since): the row's cell is
  // as the add-in wrote it for that id, so nothing is left to tell it was typed (seeds
  // 20261129, 20261201).
  if (what === "equal" && m.cellsSortedApart && !changedSinceWrite(m, r, at.product)) return true;
  m.entries.push({ n: m.next++, product: at.product, col, value, what });
  return true;
}

/** Whether the API's figures for `product` may differ from what the add-in last wrote. */
function changedSinceWrite(m: SellerModel, r: Real, product: string): boolean {
  if (!m.apiChangedSinceWrite) return false;
  const now = r.api.versionOf?.(product) ?? null;
  const then = m.writtenVersions.get(product);
  return now === null || then === undefined || now !== then;
}

abstract class Base implements Step {
  check(): boolean {
    return true;
  }
  abstract run(m: SellerModel, r: Real): Promise<void>;
  abstract toString(): string;
}

// ---- The seller's hands -------------------------------------------------------------------

export class TypeSeller extends Base {
  constructor(
    readonly row: number,
    readonly col: number,
    readonly numeric: boolean,
  ) {
    super();
  }
  async run(m: SellerModel, r: Real) {
    const grid = await view(m, r);
    const rows = productRows(m, grid);
    const row = rows[this.row % Math.max(1, rows.length)];
    if (row === undefined) return;
    const seller = m.cols.flatMap((c, i) => (c.startsWith("seller:") ? [i] : []));
    const width = Math.max(m.cols.length, ...grid.map((l) => l.length));
    const choices = [...seller, width];
    const col = choices[this.col % choices.length] as number;
    const n = m.next;
    const value = this.numeric ? 800000 + n + 0.25 : `note ${n}`;
    const product = rowKeys(m, grid)[row] as string;
    await typeEntry(m, r, grid, { row, col, product }, value, "seller");
  }
  toString() {
    return `typeInSellerColumn(row#${this.row}, col#${this.col}, ${this.numeric ? "number" : "text"})`;
  }
}

export class TypeOwned extends Base {
  constructor(
    readonly row: number,
    readonly col: number,
    readonly kind: "text" | "figure" | "equal",
  ) {
    super();
  }
  async run(m: SellerModel, r: Real) {
    const grid = await view(m, r);
    const rows = productRows(m, grid);
    const row = rows[this.row % Math.max(1, rows.length)];
    const owned = m.cols.flatMap((c, i) => {
      const h = ownHeader(c);
      return h !== null && !KEY_HEADERS.has(h) ? [i] : [];
    });
    const col = owned[this.col % Math.max(1, owned.length)];
    if (row === undefined || col === undefined) return;
    const header = ownHeader(m.cols[col] as string) as string;
    const product = rowKeys(m, grid)[row] as string;
    const n = m.next;
    const equal = this.kind === "equal" ? await r.api.figureUnder(product, header) : null;
    const value: Cell =
      equal !== null ? equal : this.kind === "text" ? `typed ${n}` : 700000 + n + 0.5;
    const what: Entry["what"] =
      header === "Status" || header === "Name" ? header : equal !== null ? "equal" : "figure";
    await typeEntry(m, r, grid, { row, col, product }, value, what);
  }
  toString() {
    return `typeInAddinColumn(row#${this.row}, col#${this.col}, ${this.kind})`;
  }
}

/** The seller types an id into a row of their own: every id column (B has two), the same id. */
export class TypeId extends Base {
  constructor(readonly pick: number) {
    super();
  }
  async run(m: SellerModel, r: Real) {
    const grid = await view(m, r);
    const keys = rowKeys(m, grid);
    const keyCols = m.keyHeaders.map((h) => m.cols.indexOf(`own:${h}`));
    if (keyCols.some((c) => c < 0)) return;
    const blank = keys.findIndex((k, i) => i > m.titles && k === NO_ID);
    const row = blank >= 0 ? blank : Math.max(grid.length, m.titles + 1);
    const products = [...m.rows.keys()];
    const typedIds = PROTOTYPE_IDS.map((t) => keyCols.map(() => t).join("|"));
    const choices = [...typedIds, ...products];
    const key = choices[this.pick % choices.length] as string;
    const isProduct = m.rows.has(key);
    const parts = key.split("|");
    // What the seller typed in that row before is beside this id now.
    const here = [...rowsOf(m, grid)].filter(([, at]) => at === row).map(([e]) => e);
    for (const e of here) e.product = key;
    for (const [i, col] of keyCols.entries()) {
      const text = parts[i] ?? "";
      // An id typed as a seller would: a number where the product's id is one.
      const value: Cell = isProduct && /^\d+$/.test(text) ? Number(text) : text;
      const now = await view(m, r);
      await typeEntry(m, r, now, { row, col, product: key }, value, "id");
    }
    if (isProduct) m.rows.set(key, (m.rows.get(key) ?? 0) + 1);
  }
  toString() {
    return `typeIdInOwnRow(#${this.pick})`;
  }
}

export class InsertColumn extends Base {
  constructor(
    readonly where: "left" | "inside" | "right",
    readonly header: "seller" | "addin" | "blank",
    readonly pick: number,
  ) {
    super();
  }
  async run(m: SellerModel, r: Real) {
    const s = span(m);
    if (!s) return;
    const [first, last] = s;
    const at =
      this.where === "left"
        ? 0
        : this.where === "right"
          ? last + 1
          : first + 1 + (this.pick % Math.max(1, last - first));
    await r.host.insertColumn(m.sheet, at);
    const id = `seller:${m.next++}`;
    m.cols.splice(at, 0, id);
    if (this.header === "blank") return;
    const owned = m.cols.map(ownHeader).filter((h): h is string => h !== null);
    const text =
      this.header === "addin" ? (owned[this.pick % owned.length] as string) : `Notes ${m.next}`;
    await r.host.type(m.sheet, m.titles, at, text);
    m.entries.push({ n: m.next++, product: HEADER, col: id, value: text, what: "header" });
  }
  toString() {
    return `insertColumn(${this.where}, header ${this.header}, #${this.pick})`;
  }
}

export class DeleteColumn extends Base {
  constructor(readonly pick: number) {
    super();
  }
  async run(m: SellerModel, r: Real) {
    const grid = await view(m, r);
    const width = Math.max(...grid.map((l) => l.length), 0);
    const choices = Array.from({ length: Math.max(width, m.cols.length) }, (_, i) => i).filter(
      (i) => !KEY_HEADERS.has(ownHeader(colId(m, i)) ?? ""),
    );
    const at = choices[this.pick % Math.max(1, choices.length)];
    if (at === undefined) return;
    const id = m.cols[at];
    await r.host.deleteColumn(m.sheet, at);
    m.entries = m.entries.filter((e) => e.col !== id);
    m.cols.splice(at, 1);
  }
  toString() {
    return `deleteColumn(#${this.pick})`;
  }
}

export class InsertTitle extends Base {
  async run(m: SellerModel, r: Real) {
    await r.host.insertRow(m.sheet, 0);
    m.titles++;
    const text = `Title ${m.next}`;
    await r.host.type(m.sheet, 0, 0, text);
    m.entries.push({ n: m.next++, product: TITLE, col: colId(m, 0), value: text, what: "title" });
  }
  toString() {
    return "insertTitleRow()";
  }
}

export class InsertBlankRow extends Base {
  constructor(readonly pick: number) {
    super();
  }
  async run(m: SellerModel, r: Real) {
    const grid = await view(m, r);
    const data = Math.max(0, grid.length - m.titles - 1);
    await r.host.insertRow(m.sheet, m.titles + 1 + (this.pick % (data + 1)));
  }
  toString() {
    return `insertBlankRow(#${this.pick})`;
  }
}

export class DeleteRow extends Base {
  constructor(readonly pick: number) {
    super();
  }
  async run(m: SellerModel, r: Real) {
    const grid = await view(m, r);
    const choices = grid.map((_, i) => i).filter((i) => i !== m.titles);
    const row = choices[this.pick % Math.max(1, choices.length)];
    if (row === undefined) return;
    const key = rowKeys(m, grid)[row] as string;
    const at = rowsOf(m, grid);
    m.entries = m.entries.filter((e) => at.get(e) !== row);
    if (row < m.titles) m.titles--;
    else if (m.rows.has(key)) {
      const left = (m.rows.get(key) ?? 1) - 1;
      if (left > 0) m.rows.set(key, left);
      else m.rows.delete(key);
    }
    await r.host.deleteRow(m.sheet, row);
  }
  toString() {
    return `deleteRow(#${this.pick})`;
  }
}

/** Sort the rows under the header: the whole width, or a few of the table's columns only. */
export class Sort extends Base {
  constructor(
    readonly some: boolean,
    readonly from: number,
    readonly count: number,
    readonly by: number,
    readonly ascending: boolean,
  ) {
    super();
  }
  async run(m: SellerModel, r: Real) {
    const grid = await view(m, r);
    const width = Math.max(0, ...grid.map((l) => l.length));
    const top = m.titles + 1;
    const rows = grid.length - top;
    const s = span(m);
    if (rows < 2 || width < 1 || !s) return;
    let [left, cols] = [0, width];
    if (this.some) {
      const size = s[1] - s[0] + 1;
      left = s[0] + (this.from % size);
      cols = 1 + (this.count % Math.min(3, s[1] - left + 1));
    }
    const by = left + (this.by % cols);
    const before = rowsOf(m, grid);
    await r.host.sortRange(m.sheet, { top, left, rows, cols }, by, this.ascending);
    if (!this.some) return; // whole rows moved: every cell stays beside its product
    m.overwritten.clear(); // cells moved between products: what the add-in wrote is unknown
    // The add-in's cells (ids or figures) moved to other rows than their ids': a cell of the
    // add-in's may hold again, by typing, exactly what it wrote there for that row's id.
    if (m.cols.slice(left, left + cols).some((c) => ownHeader(c) !== null))
      m.cellsSortedApart = true;
    for (let c = left; c < left + cols; c++) {
      const h = ownHeader(m.cols[c] ?? "") ?? "";
      if (h === "Status" || h === "Rank") m.moved.add(h);
      // Ids moved apart from their cells: every cell of those rows changed, to the add-in.
      if (m.keyHeaders.includes(h)) ["Status", "Rank"].forEach((x) => m.moved.add(x));
    }
    // The seller moved cells between rows: what they typed now sits beside another product.
    const order = sortOrder(
      grid.slice(top).map((l) => l[by] ?? ""),
      this.ascending,
    );
    const moved = new Map(order.map((from, i) => [top + from, top + i]));
    const after = await view(m, r);
    const keys = rowKeys(m, after);
    for (const [e, row] of before) {
      const c = m.cols.indexOf(e.col);
      const now = c >= left && c < left + cols ? (moved.get(row) ?? row) : row;
      e.product = keys[now] as string;
    }
    // Ids moved with them: recount each product's rows.
    const keyAt = m.keyHeaders.map((h) => m.cols.indexOf(`own:${h}`));
    if (keyAt.some((k) => k >= left && k < left + cols)) {
      const counts = new Map<string, number>();
      for (const k of keys) if (m.rows.has(k)) counts.set(k, (counts.get(k) ?? 0) + 1);
      for (const k of m.rows.keys()) m.rows.set(k, counts.get(k) ?? 0);
      for (const [k, n] of m.rows) if (n === 0) m.rows.delete(k);
    }
  }
  toString() {
    return this.some
      ? `sortSomeColumns(from#${this.from}, count#${this.count}, by#${this.by}, ${this.ascending ? "asc" : "desc"})`
      : `sortSheet(by#${this.by}, ${this.ascending ? "asc" : "desc"})`;
  }
}

export class EditHeader extends Base {
  constructor(
    readonly col: number,
    readonly kind: "seller" | "addin",
    readonly pick: number,
  ) {
    super();
  }
  async run(m: SellerModel, r: Real) {
    const grid = await view(m, r);
    const width = Math.max(1, m.cols.length, ...grid.map((l) => l.length));
    const col = this.col % width;
    const id = colId(m, col);
    const owned = m.cols.map(ownHeader).filter((h): h is string => h !== null);
    const text =
      this.kind === "addin" ? (owned[this.pick % owned.length] as string) : `Header ${m.next}`;
    m.entries = m.entries.filter((e) => !(e.col === id && e.product === HEADER));
    if (!same(grid[m.titles]?.[col], text)) await r.host.type(m.sheet, m.titles, col, text);
    m.entries.push({ n: m.next++, product: HEADER, col: id, value: text, what: "header" });
  }
  toString() {
    return `editHeader(col#${this.col}, ${this.kind}, #${this.pick})`;
  }
}

export class Rename extends Base {
  constructor(readonly pick: number) {
    super();
  }
  async run(m: SellerModel, r: Real) {
    const name = SHEET_NAMES[this.pick % SHEET_NAMES.length] as string;
    if (name === m.sheet || (await r.host.sheetNames()).includes(name)) return;
    await r.host.renameSheet(m.sheet, name);
    m.sheet = name;
  }
  toString() {
    return `renameSheet(${SHEET_NAMES[this.pick % SHEET_NAMES.length]})`;
  }
}

/** The seller points the sidebar's import at the sheet's name now and saves it. */
export class PointImport extends Base {
  async run(m: SellerModel, r: Real) {
    m.form = { ...m.form, sheetName: m.sheet };
    try {
      await r.host.saveImport(m.form);
      m.saved = m.form;
    } catch (e) {
      crashCheck(e, "Save");
    }
  }
  toString() {
    return "pointImportAtSheet()";
  }
}

export class LoseRecord extends Base {
  constructor(readonly how: "delete" | "truncate") {
    super();
  }
  async run(m: SellerModel, r: Real) {
    await r.host.loseRecord(m.sheet, this.how);
    m.recordLost = true;
  }
  toString() {
    return `loseRecord(${this.how})`;
  }
}

export class CopyRow extends Base {
  constructor(readonly pick: number) {
    super();
  }
  async run(m: SellerModel, r: Real) {
    const grid = await view(m, r);
    const rows = productRows(m, grid);
    const from = rows[this.pick % Math.max(1, rows.length)];
    if (from === undefined) return;
    const to = grid.length;
    const key = rowKeys(m, grid)[from] as string;
    const at = rowsOf(m, grid);
    await r.host.copyRow(m.sheet, from, to);
    for (const [e, row] of at) if (row === from) m.entries.push({ ...e, n: m.next++ });
    m.rows.set(key, (m.rows.get(key) ?? 0) + 1);
    // The teammate types a profit of their own on the copy.
    const profit = m.cols.indexOf("own:Total profit");
    if (profit >= 0) {
      const copy = await view(m, r);
      await typeEntry(
        m,
        r,
        copy,
        { row: to, col: profit, product: key },
        999000 + m.next,
        "figure",
      );
    }
  }
  toString() {
    return `copyRowBelowTable(#${this.pick})`;
  }
}

export class Api extends Base {
  constructor(readonly change: ApiChange) {
    super();
  }
  async run(m: SellerModel, r: Real) {
    await r.api.change(this.change);
    m.apiChangedSinceWrite = true;
  }
  toString() {
    return `api(${JSON.stringify(this.change)})`;
  }
}

// ---- The add-in ---------------------------------------------------------------------------

const CRASH =
  /TypeError|is not a function|Cannot read prop|Cannot set prop|is not iterable|of undefined|of null|Maximum call stack|Unexpected token|is not defined/;

/** An error a step ended with: a refusal in words, or a crash (internal error), which is not. */
function crashCheck(e: unknown, step: string): string {
  if (e instanceof Violation) throw e;
  const text = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  if (CRASH.test(text)) throw new Violation("step crashed", `${step} failed with ${text}`);
  return text;
}

/** The products in the API's answer, by id as the sheet shows them. */
const live = (r: Real): Promise<string[]> => r.api.liveIds();

/**
 * Before an add-in step after the record was lost: a cell typed equal to the API's figure it
 * holds now is indistinguishable from the add-in's (no record of what it wrote): not counted.
 */
async function unknowable(m: SellerModel, r: Real): Promise<void> {
  if (!m.recordLost) return;
  const kept: Entry[] = [];
  for (const e of m.entries) {
    const header = ownHeader(e.col);
    const api = e.what === "equal" && header ? await r.api.figureUnder(e.product, header) : null;
    if (api === null || !same(api, e.value)) kept.push(e);
  }
  m.entries = kept;
}

/** After a write of the table: every product in the answer has a row. */
async function answered(m: SellerModel, r: Real): Promise<void> {
  m.overwritten.clear();
  m.apiChangedSinceWrite = false;
  m.cellsSortedApart = false;
  const ids = await live(r);
  m.writtenVersions.clear();
  for (const id of ids) {
    const version = r.api.versionOf?.(id) ?? null;
    if (version !== null) m.writtenVersions.set(id, version);
  }
  for (const id of ids) m.rows.set(id, Math.max(1, m.rows.get(id) ?? 0));
  m.lastLive = new Set(ids);
}

/** The table was replaced whole with the seller's consent: start again from what it shows. */
async function replaced(m: SellerModel, r: Real): Promise<void> {
  const grid = await view(m, r);
  m.overwritten.clear();
  m.cols = (grid[0] ?? []).map((h) => `own:${idText(h)}`);
  m.titles = 0;
  m.entries = [];
  m.rows = new Map((await live(r)).map((id) => [id, 1]));
  m.lastLive = new Set(m.rows.keys());
}

export class Import extends Base {
  constructor(
    readonly replace: boolean,
    readonly overwrite: boolean,
  ) {
    super();
  }
  async run(m: SellerModel, r: Real) {
    await unknowable(m, r);
    const before = await r.host.fingerprint(m.sheet);
    let consented = false;
    const confirm: Confirm = async (question, answers) => {
      if (answers.yes.startsWith("Replace")) {
        consented = this.replace && m.form.sheetName === m.sheet;
        return this.replace;
      }
      // "Write the API's figures": the seller reads the named cells; with more than shown, keeps.
      if (!this.overwrite || / and \d+ more\./.test(question)) return false;
      const grid = await view(m, r);
      const keys = rowKeys(m, grid);
      const named = [...question.matchAll(/([A-Z]+)(\d+) \(/g)];
      const at = rowsOf(m, grid);
      for (const [, letters, row] of named) {
        const col = m.cols.findIndex((_, i) => columnLetters(i) === letters);
        const r0 = Number(row) - 1;
        m.entries = m.entries.filter(
          (e) => !(at.get(e) === r0 && m.cols.indexOf(e.col) === col && keys[r0] === e.product),
        );
      }
      return true;
    };
    let result: ImportResult;
    try {
      result = await r.host.runImport(m.form, confirm);
    } catch (e) {
      const why = crashCheck(e, "Import");
      checkUnchanged(m, before, await r.host.fingerprint(m.sheet), `Import refused: ${why}`);
      return;
    }
    if (result.sheetName !== m.sheet) {
      const after = await r.host.fingerprint(m.sheet);
      checkUnchanged(m, before, after, `Import went to ${result.sheetName}`);
      return;
    }
    if (consented) await replaced(m, r);
    else await answered(m, r);
    m.recordLost = false;
    checkInvariant(m, await view(m, r), await live(r));
  }
  toString() {
    return `sidebarImport(replace: ${this.replace ? "yes" : "no"}, edits: ${this.overwrite ? "write the API's figures" : "keep"})`;
  }
}

export class Refresh extends Base {
  constructor(readonly kind: "menu" | "daily") {
    super();
  }
  async run(m: SellerModel, r: Real) {
    await unknowable(m, r);
    const before = await r.host.fingerprint(m.sheet);
    let outcome;
    try {
      outcome = await r.host.refreshSaved(this.kind, m.saved);
    } catch (e) {
      const why = crashCheck(e, "Refresh");
      checkUnchanged(m, before, await r.host.fingerprint(m.sheet), `Refresh refused: ${why}`);
      return;
    }
    for (const note of outcome.notes) crashCheck(new Error(note), "Refresh");
    if (!outcome.written || m.saved.sheetName !== m.sheet) {
      const after = await r.host.fingerprint(m.sheet);
      checkUnchanged(m, before, after, `Refresh did not write ${m.sheet}: ${outcome.notes}`);
      return;
    }
    await answered(m, r);
    m.recordLost = false;
    checkInvariant(m, await view(m, r), await live(r));
  }
  toString() {
    return `${this.kind}Refresh()`;
  }
}

export class Resort extends Base {
  async run(m: SellerModel, r: Real) {
    const before = await r.host.fingerprint(m.sheet);
    try {
      await r.host.resort(m.sheet);
    } catch (e) {
      const why = crashCheck(e, "Re-sort");
      checkUnchanged(m, before, await r.host.fingerprint(m.sheet), `Re-sort refused: ${why}`);
      return;
    }
    checkInvariant(m, await view(m, r), null);
  }
  toString() {
    return "resortByProfit()";
  }
}

/**
 * "Remove gone rows", answered yes or no. Yes: only products gone at the add-in's last write
 * lose their rows, and every cell the seller typed on a removed row was named in the
 * question; no (or refused): nothing changes.
 */
export class RemoveGone extends Base {
  constructor(readonly yes: boolean) {
    super();
  }
  async run(m: SellerModel, r: Real) {
    const before = await r.host.fingerprint(m.sheet);
    const was = await view(m, r);
    let asked: string | null = null;
    const confirm: Confirm = async (question) => {
      asked = question;
      return this.yes;
    };
    try {
      await r.host.removeGone(m.sheet, confirm);
    } catch (e) {
      const why = crashCheck(e, "Remove gone rows");
      checkUnchanged(m, before, await r.host.fingerprint(m.sheet), `Remove refused: ${why}`);
      return;
    }
    if (!this.yes || asked === null) {
      checkUnchanged(m, before, await r.host.fingerprint(m.sheet), "Remove gone rows, kept");
      return;
    }
    const question: string = asked;
    const grid = await view(m, r);
    const present = new Set(rowKeys(m, grid));
    const marks = new Set([HEADER, TITLE, NO_ID]);
    // Products with no row left: the table's, and ids the seller typed in rows of their own.
    const removed = [...new Set([...m.rows.keys(), ...m.entries.map((e) => e.product)])].filter(
      (id) => !marks.has(id) && !present.has(id),
    );
    const keysWas = rowKeys(m, was);
    for (const id of removed) {
      if (m.lastLive.has(id))
        throw new Violation("live row removed", `${id} was in the answer and lost its row`);
      // An id the seller typed on what is now its product's only row is that row's key, as
      // the add-in's own ids are (they cannot be told apart): the question names the row by
      // that product with each cell, so the id need not be named as a cell of its own.
      const onlyRow = (m.rows.get(id) ?? 0) === 1;
      for (const e of m.entries.filter((x) => x.product === id)) {
        if (e.what === "id" && onlyRow) continue;
        // Any of its product's rows holding that value (an id typed equal to another row's).
        const c = m.cols.indexOf(e.col);
        const cells = was.flatMap((line, row) =>
          keysWas[row] === id && same(line[c], e.value) ? [`${columnLetters(c)}${row + 1}`] : [],
        );
        if (!cells.some((cell) => question.includes(`${cell} (`)))
          throw new Violation(
            "typed cell removed unnamed",
            `${JSON.stringify(e.value)} typed beside ${id} (${cells.join(", ")}) went with its row unnamed: ${question}`,
          );
      }
      m.entries = m.entries.filter((x) => x.product !== id);
      m.rows.delete(id);
    }
    checkInvariant(m, grid, null);
  }
  toString() {
    return `removeGoneRows(${this.yes ? "yes" : "no"})`;
  }
}

export class Snapshot extends Base {
  async run(m: SellerModel, r: Real) {
    const before = await r.host.fingerprint(m.sheet);
    let why = "a snapshot";
    try {
      await r.host.snapshot(m.sheet);
    } catch (e) {
      why = crashCheck(e, "Snapshot");
    }
    checkUnchanged(m, before, await r.host.fingerprint(m.sheet), `Snapshot (${why})`);
  }
  toString() {
    return "keepSnapshot()";
  }
}

// ---- The arbitraries ----------------------------------------------------------------------

const pick = fc.nat({ max: 30 });

const apiChange: fc.Arbitrary<ApiChange> = fc.oneof(
  fc.record({ kind: fc.constant("appear" as const), count: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant("vanish" as const), pick }),
  fc.constant({ kind: "allVanish" as const }),
  fc.constant({ kind: "comeBack" as const }),
  fc.record({ kind: fc.constant("figures" as const), pick, all: fc.boolean() }),
  fc.record({ kind: fc.constant("idsAsText" as const), on: fc.boolean() }),
);

/**
 * Every action, weighted as a team's weeks go: mostly the seller's edits, now and then the
 * API's changes, and an add-in step (import, refresh, re-sort, snapshot) about one in six.
 */
export function steps(options: { daily: boolean }): fc.Arbitrary<Step> {
  const w = <T extends Step>(weight: number, arbitrary: fc.Arbitrary<T>) => ({
    weight,
    arbitrary: arbitrary as fc.Arbitrary<Step>,
  });
  const owned = fc.constantFrom("text" as const, "figure" as const, "equal" as const);
  return fc.oneof(
    w(
      4,
      fc.tuple(pick, pick, fc.boolean()).map(([a, b, n]) => new TypeSeller(a, b, n)),
    ),
    w(
      4,
      fc.tuple(pick, pick, owned).map(([a, b, k]) => new TypeOwned(a, b, k)),
    ),
    w(
      1,
      pick.map((p) => new TypeId(p)),
    ),
    w(
      2,
      fc
        .tuple(
          fc.constantFrom("left" as const, "inside" as const, "right" as const),
          fc.constantFrom("seller" as const, "addin" as const, "blank" as const),
          pick,
        )
        .map(([where, h, p]) => new InsertColumn(where, h, p)),
    ),
    w(
      1,
      pick.map((p) => new DeleteColumn(p)),
    ),
    w(1, fc.constant(new InsertTitle())),
    w(
      1,
      pick.map((p) => new InsertBlankRow(p)),
    ),
    w(
      1,
      pick.map((p) => new DeleteRow(p)),
    ),
    w(
      2,
      fc
        .tuple(fc.boolean(), pick, pick, pick, fc.boolean())
        .map(([some, f, c, b, a]) => new Sort(some, f, c, b, a)),
    ),
    w(
      1,
      fc
        .tuple(pick, fc.constantFrom("seller" as const, "addin" as const), pick)
        .map(([c, k, p]) => new EditHeader(c, k, p)),
    ),
    w(
      1,
      pick.map((p) => new Rename(p)),
    ),
    w(1, fc.constant(new PointImport())),
    w(
      1,
      fc.constantFrom("delete" as const, "truncate" as const).map((h) => new LoseRecord(h)),
    ),
    w(
      1,
      pick.map((p) => new CopyRow(p)),
    ),
    w(
      4,
      apiChange.map((c) => new Api(c)),
    ),
    w(
      2,
      fc.tuple(fc.boolean(), fc.boolean()).map(([a, b]) => new Import(a, b)),
    ),
    w(1, fc.constant(new Refresh(options.daily ? "daily" : "menu"))),
    w(1, fc.constant(new Refresh("menu"))),
    w(1, fc.constant(new Resort())),
    w(1, fc.constant(new Snapshot())),
    w(
      1,
      fc.boolean().map((yes) => new RemoveGone(yes)),
    ),
  );
}

/**
 * A sequence of 1 to 40 actions: half of them short (up to 10, fast-check's own bias toward
 * small cases), half of any length up to 40.
 */
export function sequences(options: { daily: boolean }): fc.Arbitrary<Iterable<Step>> {
  const each = [steps(options)];
  return fc.oneof(
    fc.commands(each, { maxCommands: 40, size: "small" }),
    fc.commands(each, { maxCommands: 40, size: "max" }),
  );
}

/** The first import: the table every sequence starts from, and the model that knows it. */
export async function startModel(
  r: Real,
  def: ImportDefinition,
): Promise<{ model: SellerModel; real: Real }> {
  await r.host.saveImport(def);
  await r.host.runImport(def, async () => false);
  const grid = (await r.host.grid(def.sheetName)) ?? [];
  const model: SellerModel = {
    sheet: def.sheetName,
    form: def,
    saved: def,
    cols: (grid[0] ?? []).map((h) => `own:${idText(h)}`),
    titles: 0,
    entries: [],
    rows: new Map((await live(r)).map((id) => [id, 1])),
    lastLive: new Set(await live(r)),
    keyHeaders: (grid[0] ?? []).map((h) => idText(h)).filter((h) => KEY_HEADERS.has(h)),
    next: 1,
    recordLost: false,
    moved: new Set(),
    overwritten: new Map(),
    apiChangedSinceWrite: false,
    writtenVersions: new Map(
      (await live(r)).flatMap((id) => {
        const version = r.api.versionOf?.(id) ?? null;
        return version === null ? [] : [[id, version] as const];
      }),
    ),
    cellsSortedApart: false,
    story: [],
  };
  return { model, real: r };
}
