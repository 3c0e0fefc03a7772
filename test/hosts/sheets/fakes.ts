/**
 * Fakes of the Apps Script services the add-on uses, keeping Google's limits: CacheService
 * (250-char keys, 100 KB values, 6 h TTL, 10 min default), PropertiesService (9 KB a value,
 * 500 KB a store), LockService, Utilities.sleep on a fake clock, UrlFetchApp over real
 * synchronous HTTP, SpreadsheetApp.setValues turning "=..." into formulas.
 */
import { FakeChartBuilder, FakeEmbeddedChart } from "./fakeCharts";
import { FakeConditionalFormatRule, SheetRules } from "./fakeConditionalFormats";
import { createHash } from "node:crypto";
import { columnLetters } from "./sim/a1";
import { formulaR1C1 } from "./sim/formula";
import type { SyncHttp, SyncResponse } from "./syncHttp";
import type {
  CacheLike,
  HtmlOutputLike,
  HttpResponseLike,
  LockLike,
  PropertiesLike,
  TriggerLike,
  UiLike,
  UrlFetchAppLike,
} from "../../../src/hosts/sheets/stores/gas";
import type { SbRange, SbSheet, SbSpreadsheet } from "../../../src/hosts/sheets/sheet/sheetTypes";
import { typedCell, type StoredCell } from "../../helpers/typedText";

import { movedFormula } from "../../../src/imports/resort";
import { cellKey, moveKeys } from "../cellKeys";
export { typedCell, type StoredCell } from "../../helpers/typedText";

/** A clock the fakes and the add-on share; sleep advances it. */
export class FakeClock {
  constructor(public ms = Date.UTC(2025, 5, 30, 9, 0, 0)) {}
  now(): number {
    return this.ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

const utf8 = (s: string): number => Buffer.byteLength(s, "utf8");

/** CacheService keeps about 1,000 items; beyond that the oldest writes go first. */
export const CACHE_ITEM_CAP = 1000;

export class FakeCache implements CacheLike {
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();
  /** Items pushed out by the cap so far. */
  evicted = 0;
  constructor(private readonly clock: FakeClock) {}

  private check(key: string, value: string, ttl: number | undefined): number {
    if (key.length > 250) throw new Error("Argument too large: key");
    if (utf8(value) > 100 * 1024) throw new Error("Argument too large: value");
    const seconds = ttl ?? 600;
    if (seconds > 21600) throw new Error("Invalid argument: expirationInSeconds");
    return seconds;
  }
  get(key: string): string | null {
    const e = this.entries.get(key);
    if (!e || e.expiresAt <= this.clock.now()) return null;
    return e.value;
  }
  getAll(keys: string[]): Record<string, string> {
    const out: Record<string, string> = {};
    for (const k of keys) {
      const v = this.get(k);
      if (v !== null) out[k] = v;
    }
    return out;
  }
  put(key: string, value: string, ttl?: number): void {
    const seconds = this.check(key, value, ttl);
    this.entries.delete(key); // a rewrite counts as the newest item
    this.entries.set(key, { value, expiresAt: this.clock.now() + seconds * 1000 });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= CACHE_ITEM_CAP) break;
      this.entries.delete(oldest);
      this.evicted++;
    }
  }
  putAll(values: Record<string, string>, ttl?: number): void {
    for (const [k, v] of Object.entries(values)) this.put(k, v, ttl);
  }
  remove(key: string): void {
    this.entries.delete(key);
  }
  keys(): string[] {
    return [...this.entries.keys()];
  }
  values(): string[] {
    return [...this.entries.values()].map((e) => e.value);
  }
}

export class FakeProperties implements PropertiesLike {
  readonly map = new Map<string, string>();
  getProperty(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  getProperties(): Record<string, string> {
    return Object.fromEntries(this.map);
  }
  setProperty(key: string, value: string): this {
    if (utf8(value) > 9 * 1024) throw new Error("Argument too large: value");
    const total =
      [...this.map].reduce((n, [k, v]) => n + (k === key ? 0 : utf8(k) + utf8(v)), 0) +
      utf8(key) +
      utf8(value);
    if (total > 500 * 1024) throw new Error("You have exceeded the property storage quota");
    this.map.set(key, value);
    return this;
  }
  deleteProperty(key: string): this {
    this.map.delete(key);
    return this;
  }
}

export class FakeLock implements LockLike {
  held = false;
  acquisitions = 0;
  tryLock(_timeout: number): boolean {
    if (this.held) return false;
    this.held = true;
    this.acquisitions++;
    return true;
  }
  releaseLock(): void {
    this.held = false;
  }
}

/** One request as UrlFetchApp saw it. */
export interface LoggedRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly payload?: string;
  readonly at: number;
}

interface FetchParams {
  method?: string;
  headers?: Record<string, string>;
  payload?: string;
  contentType?: string;
  muteHttpExceptions?: boolean;
}

class FakeHttpResponse implements HttpResponseLike {
  constructor(
    private readonly r: {
      status: number;
      headers: Record<string, string | string[]>;
      body: string;
    },
  ) {}
  getResponseCode(): number {
    return this.r.status;
  }
  getContentText(): string {
    return this.r.body;
  }
  getAllHeaders(): Record<string, string | string[]> {
    return this.r.headers;
  }
}

/**
 * Header names as getAllHeaders hands them over: Google documents the map (several values of one
 * header as an array) but not the names' case, so "as-sent" spells them as servers do
 * ("Retry-After") and gives every value as an array; "lower" is what Node's fetch gives.
 */
type HeaderNames = "lower" | "as-sent";

const asSent = (name: string): string => name.replace(/(^|-)([a-z])/g, (m) => m.toUpperCase());

export class FakeUrlFetchApp implements UrlFetchAppLike {
  readonly log: LoggedRequest[] = [];
  constructor(
    private readonly http: SyncHttp,
    private readonly clock: FakeClock,
    private readonly headerNames: HeaderNames = "lower",
  ) {}

  private toRequest(url: string, p: FetchParams) {
    if (!p.muteHttpExceptions) throw new Error("harness: the add-on must set muteHttpExceptions");
    const headers = { ...(p.headers ?? {}) };
    if (p.payload !== undefined)
      headers["content-type"] = p.contentType ?? "application/x-www-form-urlencoded";
    this.log.push({
      url,
      method: (p.method ?? "get").toUpperCase(),
      headers,
      ...(p.payload !== undefined ? { payload: p.payload } : {}),
      at: this.clock.now(),
    });
    return {
      url,
      method: (p.method ?? "get").toUpperCase(),
      headers,
      ...(p.payload !== undefined ? { body: p.payload } : {}),
    };
  }
  private answer(r: SyncResponse, url: string): FakeHttpResponse {
    // UrlFetchApp throws on DNS/connection failures even with muteHttpExceptions.
    if ("error" in r) throw new Error(`Address unavailable: ${url}`);
    if (this.headerNames === "lower") return new FakeHttpResponse(r);
    const headers = Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [asSent(k), [v]]));
    return new FakeHttpResponse({ ...r, headers });
  }
  fetch(url: string, params: FetchParams = {}): FakeHttpResponse {
    const [r] = this.http.fetchAll([this.toRequest(url, params)]);
    return this.answer(r ?? { error: "no answer" }, url);
  }
  fetchAll(requests: Array<FetchParams & { url: string }>): FakeHttpResponse[] {
    const answers = this.http.fetchAll(requests.map((r) => this.toRequest(r.url, r)));
    return answers.map((r, i) => this.answer(r, requests[i]?.url ?? ""));
  }
}

/** How a sort orders a column's values (the seller's sort in the model test: test/model/host.ts). */
export type SortOrder = (
  values: ReadonlyArray<string | number | boolean>,
  ascending: boolean,
) => number[];

/** A rectangle of a FakeSheet; setValues/setNumberFormats insist on its exact size. */
export class FakeRange implements SbRange {
  constructor(
    private readonly sheet: FakeSheet,
    readonly row: number,
    readonly column: number,
    readonly numRows = 1,
    readonly numColumns = 1,
  ) {
    if (row < 1 || column < 1 || numRows < 1 || numColumns < 1)
      throw new Error("The coordinates of the range are outside the dimensions of the sheet.");
  }
  getRow(): number {
    return this.row;
  }
  getSheet(): FakeSheet {
    return this.sheet;
  }
  getColumn(): number {
    return this.column;
  }
  getNumRows(): number {
    return this.numRows;
  }
  getNumColumns(): number {
    return this.numColumns;
  }
  getA1Notation(): string {
    const first = `${columnLetters(this.column)}${this.row}`;
    if (this.numRows === 1 && this.numColumns === 1) return first;
    return `${first}:${columnLetters(this.column + this.numColumns - 1)}${this.row + this.numRows - 1}`;
  }
  private checkSize(values: unknown[][], what: string): void {
    if (values.length !== this.numRows)
      throw new Error(
        `The number of rows in the ${what} does not match the number of rows in the range. The data has ${values.length} but the range has ${this.numRows}.`,
      );
    for (const r of values)
      if (r.length !== this.numColumns)
        throw new Error(
          `The number of columns in the ${what} does not match the number of columns in the range. The data has ${r.length} but the range has ${this.numColumns}.`,
        );
  }
  setValues(values: unknown[][]): this {
    this.checkSize(values, "data");
    this.sheet.setValuesCalls.push({ row: this.row, rows: this.numRows, columns: this.numColumns });
    values.forEach((r, i) =>
      r.forEach((v, j) => {
        const [row, column] = [this.row + i, this.column + j];
        const format = this.sheet.formats.get(cellKey(row, column));
        // FAKES.md S-U11: switched off, Plain text keeps nothing (strings parse as if typed).
        this.sheet.put(row, column, typedCell(v, this.sheet.plainTextKeepsText ? format : ""));
      }),
    );
    return this;
  }
  setValue(value: unknown): this {
    return this.setValues([[value]]);
  }
  getValues(): Array<Array<string | number | boolean>> {
    return Array.from({ length: this.numRows }, (_, i) =>
      Array.from(
        { length: this.numColumns },
        (_, j) => this.sheet.cell(this.row + i, this.column + j)?.value ?? "",
      ),
    );
  }
  /** The text each cell shows (this fake formats nothing: a value's own text). */
  getDisplayValues(): string[][] {
    return this.getValues().map((r) => r.map(String));
  }
  setFormula(formula: string): this {
    this.sheet.put(this.row, this.column, { kind: "formula", value: formula });
    return this;
  }
  /** Like Sheets: "General" where no format was set. */
  getNumberFormats(): string[][] {
    return Array.from({ length: this.numRows }, (_, i) =>
      Array.from(
        { length: this.numColumns },
        (_, j) => this.sheet.formats.get(cellKey(this.row + i, this.column + j)) ?? "General",
      ),
    );
  }
  /** The formula text of each cell, "" for values and empty cells (as Sheets gives it). */
  getFormulas(): string[][] {
    return Array.from({ length: this.numRows }, (_, i) =>
      Array.from({ length: this.numColumns }, (_, j) => {
        const c = this.sheet.cell(this.row + i, this.column + j);
        return c?.kind === "formula" ? String(c.value) : "";
      }),
    );
  }
  /** The formula text of each cell in R1C1 form (relative references), "" for values. */
  getFormulasR1C1(): string[][] {
    return this.getFormulas().map((r, i) =>
      r.map((f, j) => (f === "" ? "" : formulaR1C1(f, this.row + i, this.column + j))),
    );
  }
  setFormulas(formulas: string[][]): this {
    this.checkSize(formulas, "formulas");
    formulas.forEach((r, i) =>
      r.forEach((f, j) =>
        this.sheet.put(this.row + i, this.column + j, { kind: "formula", value: f }),
      ),
    );
    return this;
  }
  clearContent(): this {
    for (let i = 0; i < this.numRows; i++)
      for (let j = 0; j < this.numColumns; j++)
        this.sheet.put(this.row + i, this.column + j, undefined);
    return this;
  }
  setNumberFormats(formats: string[][]): this {
    this.checkSize(formats, "number formats");
    formats.forEach((r, i) =>
      r.forEach((f, j) => this.sheet.formats.set(cellKey(this.row + i, this.column + j), f)),
    );
    return this;
  }
  /**
   * Like Sheets' copyTo: values, formulas (relative row references moved by the distance, as
   * Paste does), number formats, notes and bold; an empty source cell empties its target.
   */
  copyTo(destination: FakeRange): void {
    const rows = this.row - destination.row;
    const moves: Array<() => void> = [];
    for (let i = 0; i < this.numRows; i++)
      for (let j = 0; j < this.numColumns; j++) {
        const [from, to] = [
          cellKey(this.row + i, this.column + j),
          [destination.row + i, destination.column + j] as const,
        ];
        const cell = this.sheet.cell(this.row + i, this.column + j);
        const format = this.sheet.formats.get(from);
        const note = this.sheet.notes.get(from);
        const bold = this.sheet.bold.has(from);
        const background = this.sheet.backgrounds.get(from);
        moves.push(() => {
          const target = destination.getSheet();
          const at = cellKey(to[0], to[1]);
          target.put(
            to[0],
            to[1],
            cell?.kind === "formula"
              ? { kind: "formula", value: movedFormula(String(cell.value), -rows) }
              : cell,
          );
          if (format === undefined) target.formats.delete(at);
          else target.formats.set(at, format);
          if (note === undefined) target.notes.delete(at);
          else target.notes.set(at, note);
          if (bold) target.bold.add(at);
          else target.bold.delete(at);
          if (background === undefined) target.backgrounds.delete(at);
          else target.backgrounds.set(at, background);
        });
      }
    for (const move of moves) move();
  }
  /**
   * Range.sort({column, ascending}): the range's rows reordered by one of its columns
   * (absolute, 1-based), as `sortOrder` orders them (blanks last); each row's cells move with
   * their formats and notes, cells outside the range stay.
   */
  sort(spec: { column: number; ascending?: boolean }, order: SortOrder): this {
    const by = this.getRange1(spec.column);
    const perm = order(by, spec.ascending !== false);
    const held = Array.from({ length: this.numRows }, (_, i) =>
      Array.from({ length: this.numColumns }, (_, j) => {
        const at = cellKey(this.row + i, this.column + j);
        return {
          cell: this.sheet.cell(this.row + i, this.column + j),
          format: this.sheet.formats.get(at),
          note: this.sheet.notes.get(at),
        };
      }),
    );
    perm.forEach((from, i) =>
      held[from]?.forEach((h, j) => {
        const [r, c] = [this.row + i, this.column + j];
        this.sheet.put(r, c, h.cell);
        const at = cellKey(r, c);
        if (h.format === undefined) this.sheet.formats.delete(at);
        else this.sheet.formats.set(at, h.format);
        if (h.note === undefined) this.sheet.notes.delete(at);
        else this.sheet.notes.set(at, h.note);
      }),
    );
    return this;
  }
  private getRange1(column: number): Array<string | number | boolean> {
    return Array.from(
      { length: this.numRows },
      (_, i) => this.sheet.cell(this.row + i, column)?.value ?? "",
    );
  }
  /** Content, formats, notes and bold. */
  clear(): this {
    this.clearContent();
    for (let i = 0; i < this.numRows; i++)
      for (let j = 0; j < this.numColumns; j++) {
        const at = cellKey(this.row + i, this.column + j);
        this.sheet.formats.delete(at);
        this.sheet.notes.delete(at);
        this.sheet.bold.delete(at);
        this.sheet.backgrounds.delete(at);
      }
    return this;
  }
  /** Like Sheets: a colour fills every cell of the range, null takes the fill away. */
  setBackground(color: string | null): this {
    for (let r = this.row; r < this.row + this.numRows; r++)
      for (let c = this.column; c < this.column + this.numColumns; c++)
        if (color === null) this.sheet.backgrounds.delete(cellKey(r, c));
        else this.sheet.backgrounds.set(cellKey(r, c), color);
    return this;
  }
  setNote(note: string): this {
    this.sheet.notes.set(cellKey(this.row, this.column), note);
    return this;
  }
  /** Like Sheets: the top-left cell's note, "" when none. */
  getNote(): string {
    return this.sheet.notes.get(cellKey(this.row, this.column)) ?? "";
  }
  setWrap(on: boolean): this {
    for (let r = this.row; r < this.row + this.numRows; r++)
      for (let c = this.column; c < this.column + this.numColumns; c++)
        if (on) this.sheet.wrapped.add(cellKey(r, c));
        else this.sheet.wrapped.delete(cellKey(r, c));
    return this;
  }
  setFontWeight(weight: "bold" | "normal" | null): this {
    for (let r = this.row; r < this.row + this.numRows; r++)
      for (let c = this.column; c < this.column + this.numColumns; c++) {
        if (weight === "bold") this.sheet.bold.add(cellKey(r, c));
        else this.sheet.bold.delete(cellKey(r, c));
      }
    return this;
  }
}

/** Sheet ids as Sheets hands them out: a number per tab, never reused (the first tab's is 0). */
let nextSheetId = 0;

/** A sheet (tab) backed by a sparse grid of stored cells. */
export class FakeSheet implements SbSheet {
  /** Sheet.getSheetId(): stays with the tab through renames, never reused. */
  readonly sheetId: number;
  /** Told before a rename (the spreadsheet refuses a name another tab has). */
  renameCheck: (name: string) => void = () => undefined;
  private readonly cells = new Map<string, StoredCell>();
  readonly formats = new Map<string, string>();
  readonly notes = new Map<string, string>();
  /** Cells set in bold ("row,column"). */
  readonly bold = new Set<string>();
  /** Cells' background colours ("row,column", 1-based); none: no fill. */
  readonly backgrounds = new Map<string, string>();
  /** Every setValues on this sheet: where and how big (a per-cell writer shows up here). */
  readonly setValuesCalls: Array<{ row: number; rows: number; columns: number }> = [];
  hidden = false;
  /** Deleted from its spreadsheet: its ranges throw, as the strict simulator's (FAKES.md). */
  deleted = false;
  frozenRows = 0;
  /** setColumnWidth's pixels by column (1-based); none: Sheets' 100 px. */
  readonly columnWidths = new Map<number, number>();
  /** Cells whose text wraps (setWrap), "row,column" 1-based. */
  readonly wrapped = new Set<string>();
  /** Plain text ("@") keeps a string as given: Sheets UI behaviour, not in the API reference. */
  plainTextKeepsText = true;
  private readonly charts: FakeEmbeddedChart[] = [];
  /** Conditional format rules (fakeConditionalFormats.ts). */
  readonly rules = new SheetRules(this);
  constructor(
    public name: string,
    /** harness: a copy of a sheet keeps its id (cloneInto). */
    id?: number,
  ) {
    this.sheetId = id ?? nextSheetId++;
  }
  /** harness: the same cells, formats, notes, bold, frozen rows and visibility, in a new tab. */
  copy(): FakeSheet {
    const twin = new FakeSheet(this.name, this.sheetId);
    for (const [k, v] of this.cells) twin.cells.set(k, v);
    for (const [k, v] of this.formats) twin.formats.set(k, v);
    for (const [k, v] of this.notes) twin.notes.set(k, v);
    for (const k of this.bold) twin.bold.add(k);
    twin.hidden = this.hidden;
    twin.frozenRows = this.frozenRows;
    for (const [c, px] of this.columnWidths) twin.columnWidths.set(c, px);
    for (const k of this.wrapped) twin.wrapped.add(k);
    twin.plainTextKeepsText = this.plainTextKeepsText;
    return twin;
  }
  getConditionalFormatRules(): FakeConditionalFormatRule[] {
    return this.rules.get();
  }
  setConditionalFormatRules(rules: FakeConditionalFormatRule[]): void {
    this.rules.set(rules);
  }
  newChart(): FakeChartBuilder {
    return new FakeChartBuilder(this);
  }
  insertChart(chart: FakeEmbeddedChart): void {
    if (!(chart instanceof FakeEmbeddedChart))
      throw new Error(
        "Exception: The parameters (String) don't match the method signature for SpreadsheetApp.Sheet.insertChart.",
      );
    if (chart.sheet !== this) throw new Error("Exception: The chart belongs to another sheet.");
    this.charts.push(chart);
  }
  getCharts(): FakeEmbeddedChart[] {
    return [...this.charts];
  }
  getName(): string {
    return this.name;
  }
  getSheetId(): number {
    return this.sheetId;
  }
  /** Like Sheets: a name another tab has is refused; the tab keeps its id and cells. */
  setName(name: string): this {
    if (name !== this.name) this.renameCheck(name);
    this.name = name;
    return this;
  }
  /**
   * Every stored thing of a cell (value, number format, note, bold) moved as `to` says
   * (null: gone), as Sheets moves cells when rows or columns are inserted or deleted.
   */
  private remap(to: (row: number, column: number) => readonly [number, number] | null): void {
    const move = <V>(map: Map<string, V>): void => moveKeys(map, to);
    move(this.cells);
    this.extent = null;
    move(this.formats);
    move(this.notes);
    move(this.backgrounds);
    const bold = new Map([...this.bold].map((k) => [k, true]));
    move(bold);
    this.bold.clear();
    for (const k of bold.keys()) this.bold.add(k);
  }
  /** Sheet.insertColumnBefore: cells at and right of `column` (1-based) move one right. */
  insertColumnBefore(column: number): this {
    this.remap((r, c) => [r, c >= column ? c + 1 : c]);
    return this;
  }
  /** Sheet.deleteColumn: its cells go, cells right of it move one left. */
  deleteColumn(column: number): this {
    this.remap((r, c) => (c === column ? null : [r, c > column ? c - 1 : c]));
    return this;
  }
  /** Sheet.insertRowBefore: cells at and below `row` (1-based) move one down. */
  insertRowBefore(row: number): this {
    this.remap((r, c) => [r >= row ? r + 1 : r, c]);
    return this;
  }
  /** Sheet.deleteRow: its cells go, cells below move one up. */
  deleteRow(row: number): this {
    this.remap((r, c) => (r === row ? null : [r > row ? r - 1 : r, c]));
    if (this.frozenRows >= row) this.frozenRows--;
    return this;
  }
  /** Sheet.deleteRows: `howMany` rows from `row` (1-based) go, cells below move up. */
  deleteRows(row: number, howMany: number): this {
    this.remap((r, c) => (r < row ? [r, c] : r < row + howMany ? null : [r - howMany, c]));
    if (this.frozenRows >= row) this.frozenRows = Math.max(row - 1, this.frozenRows - howMany);
    return this;
  }
  getRange(row: number, column: number, numRows = 1, numColumns = 1): FakeRange {
    if (this.deleted) throw new Error(`Exception: Sheet ${this.name} not found`);
    return new FakeRange(this, row, column, numRows, numColumns);
  }
  /** harness */
  put(row: number, column: number, c: StoredCell | undefined): void {
    if (c) {
      this.cells.set(cellKey(row, column), c);
      if (this.extent)
        this.extent = [Math.max(this.extent[0], row), Math.max(this.extent[1], column)];
    } else if (this.cells.delete(cellKey(row, column)) && this.onEdge(row, column))
      this.extent = null;
  }
  /** harness */
  cell(row: number, column: number): StoredCell | undefined {
    return this.cells.get(cellKey(row, column));
  }
  /** harness: every stored cell (for "no formula anywhere" checks). */
  allCells(): StoredCell[] {
    return [...this.cells.values()];
  }
  /**
   * The last row and column holding a cell, kept as cells are put (the model's runs read
   * them on every write: scanning every cell each time was an eighth of their CPU).
   */
  private extent: [number, number] | null = null;
  /** Whether a cell gone from (row, column) may have held the last row or column. */
  private onEdge(row: number, column: number): boolean {
    return !this.extent || row >= this.extent[0] || column >= this.extent[1];
  }
  private lastCell(): [number, number] {
    if (this.extent) return this.extent;
    let [rows, cols] = [0, 0];
    for (const k of this.cells.keys()) {
      const comma = k.indexOf(",");
      rows = Math.max(rows, Number(k.slice(0, comma)));
      cols = Math.max(cols, Number(k.slice(comma + 1)));
    }
    this.extent = [rows, cols];
    return this.extent;
  }
  getLastRow(): number {
    return this.lastCell()[0];
  }
  getLastColumn(): number {
    return this.lastCell()[1];
  }
  /** harness: the used area's values. */
  values(): Array<Array<string | number | boolean>> {
    const rows = this.getLastRow();
    const cols = this.getLastColumn();
    return rows === 0 ? [] : this.getRange(1, 1, rows, cols).getValues();
  }
  clearContents(): this {
    this.cells.clear();
    this.extent = null;
    return this;
  }
  clearNotes(): this {
    this.notes.clear();
    return this;
  }
  /** Like Sheets: 1-based column, pixels. */
  setColumnWidth(column: number, width: number): this {
    this.columnWidths.set(column, width);
    return this;
  }
  setFrozenRows(rows: number): void {
    this.frozenRows = rows;
  }
  hideSheet(): this {
    this.hidden = true;
    return this;
  }
}

/** The open spreadsheet: tabs by name, an active range, toasts. */
export class FakeSpreadsheet implements SbSpreadsheet {
  readonly sheets: FakeSheet[] = [];
  readonly toasts: string[] = [];
  active: { sheet: FakeSheet; range: FakeRange } | null = null;
  /** File > Settings > Time zone (a new sheet takes its owner's; the script's is Etc/UTC). */
  timeZone = "Etc/UTC";
  constructor(
    readonly id = "doc-1",
    public name = "Untitled spreadsheet",
  ) {
    const first = new FakeSheet("Sheet1");
    first.renameCheck = (next) => this.nameFree(next);
    this.sheets.push(first);
  }
  getId(): string {
    return this.id;
  }
  getName(): string {
    return this.name;
  }
  getSheets(): FakeSheet[] {
    return [...this.sheets];
  }
  getSheetByName(name: string): FakeSheet | null {
    return this.sheets.find((s) => s.name === name) ?? null;
  }
  insertSheet(name: string): FakeSheet {
    if (name.length > 100) throw new Error("Sheet names can be at most 100 characters");
    this.nameFree(name);
    const sheet = new FakeSheet(name);
    sheet.renameCheck = (next) => this.nameFree(next);
    this.sheets.push(sheet);
    return sheet;
  }
  /** harness: a copy of the whole spreadsheet (each tab copied, ids kept). */
  copy(): FakeSpreadsheet {
    const twin = new FakeSpreadsheet(this.id, this.name);
    twin.sheets.length = 0;
    for (const sheet of this.sheets) {
      const tab = sheet.copy();
      tab.renameCheck = (next) => twin.nameFree(next);
      twin.sheets.push(tab);
    }
    twin.timeZone = this.timeZone;
    return twin;
  }
  private nameFree(name: string): void {
    if (this.getSheetByName(name))
      throw new Error(`A sheet with the name "${name}" already exists. Please enter another name.`);
  }
  deleteSheet(sheet: FakeSheet): void {
    const at = this.sheets.indexOf(sheet);
    if (at < 0) throw new Error("Sheet not found");
    if (this.sheets.length === 1) throw new Error("You can't remove all the sheets in a document.");
    this.sheets.splice(at, 1);
    sheet.deleted = true;
  }
  getSpreadsheetTimeZone(): string {
    return this.timeZone;
  }
  getActiveSheet(): FakeSheet {
    return this.active?.sheet ?? (this.sheets[0] as FakeSheet);
  }
  getActiveRange(): FakeRange | null {
    return this.active?.range ?? null;
  }
  /** Like Sheets: the sheet becomes the visible tab, its A1 the active cell. */
  setActiveSheet(sheet: FakeSheet): FakeSheet {
    if (!this.sheets.includes(sheet)) throw new Error("Sheet not found");
    this.active = { sheet, range: sheet.getRange(1, 1) };
    return sheet;
  }
  toast(message: string): void {
    this.toasts.push(message);
  }
}

/**
 * The spreadsheets a user can open by id (SpreadsheetApp.openById). A deleted one, or one
 * no longer shared, fails with Google's message for it.
 */
export class FakeDrive {
  private readonly files = new Map<string, FakeSpreadsheet>();
  /** Every openById, in order. */
  readonly opened: string[] = [];
  add(book: FakeSpreadsheet): FakeSpreadsheet {
    this.files.set(book.getId(), book);
    return book;
  }
  remove(id: string): void {
    this.files.delete(id);
  }
  openById(id: string): FakeSpreadsheet {
    this.opened.push(id);
    const book = this.files.get(id);
    if (!book)
      throw new Error(
        "Exception: Unexpected error while getting the method or property openById on object SpreadsheetApp.",
      );
    return book;
  }
}

/** A trigger as ScriptApp hands it back. */
let triggerIds = 0;

class FakeTrigger implements TriggerLike {
  private readonly id = `fake-trigger-${++triggerIds}`;
  constructor(
    readonly handler: string,
    readonly eventType: "CLOCK" | "ON_OPEN" | "ON_EDIT",
    /** The document it was made in (for the per-document quota; a clock trigger fires without it). */
    readonly documentId: string,
  ) {}
  getHandlerFunction(): string {
    return this.handler;
  }
  getUniqueId(): string {
    return this.id;
  }
  getEventType(): string {
    return this.eventType;
  }
}

/**
 * One user's triggers of the add-on, as Google keeps them: a time-driven trigger belongs to
 * the user (it fires with no open document); an add-on may hold one trigger of each type per
 * user per document and can only make triggers in the document it runs in;
 * getUserTriggers(document) lists that document's own triggers, never time-driven ones;
 * getProjectTriggers() lists all of the user's. `forExecution` is ScriptApp as one execution
 * sees it (the open document, or null in a time-driven run).
 */
/** ScriptApp.InstallationSource's names (Apps Script's enum values compare by identity). */
export type InstallationSource = "APPS_MARKETPLACE_DOMAIN_ADD_ON" | "WEB_STORE_ADD_ON" | "NONE";

export class FakeScriptApp {
  readonly triggers: FakeTrigger[] = [];
  /**
   * What getInstallationSource() answers. NONE ("not running as an add-on") by default: Google
   * documents it for a script that is not an add-on, and says nothing of a test deployment.
   */
  installationSource: InstallationSource = "NONE";
  forExecution(document: () => FakeSpreadsheet | null) {
    const triggers = this.triggers;
    const create = (handler: string): FakeTrigger => {
      const doc = document();
      if (!doc)
        throw new Error("Add-ons can only create triggers for the file in which they are used.");
      const documentId = doc.getId();
      if (triggers.some((t) => t.eventType === "CLOCK" && t.documentId === documentId))
        throw new Error(
          "This add-on has created too many time-based triggers in this document for this Google user account.",
        );
      const t = new FakeTrigger(handler, "CLOCK", documentId);
      triggers.push(t);
      return t;
    };
    return {
      EventType: { CLOCK: "CLOCK", ON_OPEN: "ON_OPEN", ON_EDIT: "ON_EDIT" },
      InstallationSource: {
        APPS_MARKETPLACE_DOMAIN_ADD_ON: "APPS_MARKETPLACE_DOMAIN_ADD_ON",
        WEB_STORE_ADD_ON: "WEB_STORE_ADD_ON",
        NONE: "NONE",
      },
      getInstallationSource: (): InstallationSource => this.installationSource,
      getUserTriggers: (doc: FakeSpreadsheet): FakeTrigger[] =>
        triggers.filter((t) => t.eventType !== "CLOCK" && t.documentId === doc.getId()),
      getProjectTriggers: (): FakeTrigger[] => [...triggers],
      deleteTrigger: (trigger: FakeTrigger): void => {
        const at = triggers.indexOf(trigger);
        if (at >= 0) triggers.splice(at, 1);
      },
      newTrigger: (handler: string) => {
        const clock = {
          everyDays: (n: number) => {
            if (n < 1) throw new Error("Invalid argument: everyDays");
            return {
              atHour: (h: number) => ({
                create: () => (h >= 0 && h < 24 ? create(handler) : null),
              }),
            };
          },
          everyMinutes: () => {
            throw new Error("Add-ons may use time-based triggers at most hourly");
          },
          // An add-on's recurring clock: hourly at the most often (fill/clock.ts "hourly").
          everyHours: (n: number) => ({
            create: () => {
              if (n < 1) throw new Error("Invalid argument: everyHours");
              return create(handler);
            },
          }),
          // A one-off run: add-ons may not ask for one sooner than an hour.
          after: (ms: number) => ({
            create: () => {
              if (ms < 3_600_000)
                throw new Error("Add-ons may use time-based triggers at most hourly");
              return create(handler);
            },
          }),
        };
        return { timeBased: () => clock };
      },
    };
  }
}

export class FakeUi implements UiLike {
  menu: Array<[string, string]> = [];
  sidebars: unknown[] = [];
  dialogs: unknown[] = [];
  createAddonMenu() {
    const items = this.menu;
    const m = {
      addItem(caption: string, fn: string) {
        items.push([caption, fn]);
        return m;
      },
      addSeparator() {
        return m;
      },
      addToUi() {},
    };
    return m;
  }
  showSidebar(o: unknown): void {
    this.sidebars.push(o);
  }
  showModalDialog(o: unknown): void {
    this.dialogs.push(o);
  }
}

class FakeHtmlOutput implements HtmlOutputLike {
  title = "";
  constructor(readonly content: string) {}
  setTitle(t: string): this {
    this.title = t;
    return this;
  }
}

export function fakeHtmlService(files: Record<string, string>) {
  return {
    createHtmlOutputFromFile: (name: string) => {
      const content = files[name];
      if (content === undefined) throw new Error(`No HTML file named ${name}`);
      return new FakeHtmlOutput(content);
    },
    createHtmlOutput: (html: string) => new FakeHtmlOutput(html),
  };
}

/** Utilities.computeDigest for SHA-256 over signed bytes, as Apps Script takes and returns them. */
export function fakeComputeDigest(algorithm: unknown, value: unknown): number[] {
  if (algorithm !== "SHA_256") throw new Error(`harness: digest ${String(algorithm)} not modelled`);
  const bytes =
    typeof value === "string"
      ? Buffer.from(value, "utf8")
      : Buffer.from(
          (value as number[]).map((b) => {
            if (!Number.isInteger(b) || b < -128 || b > 127)
              throw new Error(`Cannot convert ${b} to byte.`);
            return b & 255;
          }),
        );
  return [...createHash("sha256").update(bytes).digest()].map((b) => (b > 127 ? b - 256 : b));
}

/** Utilities' enums the add-on reads. */
export const UTILITIES_ENUMS = {
  DigestAlgorithm: { SHA_256: "SHA_256" },
  Charset: { UTF_8: "UTF_8" },
};

/** One Intl formatter per time zone (making one costs far more than using it). */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Utilities.formatDate for the patterns the add-on uses (yyyy MM dd HH mm ss), through Intl. */
export function fakeFormatDate(date: Date, timeZone: string, pattern: string): string {
  if (timeZone === "Etc/UTC" || timeZone === "UTC") {
    // The fakes' default zone, without Intl (formatToParts costs a model test's seconds).
    const two = (n: number): string => String(n).padStart(2, "0");
    const utc: Record<string, string> = {
      yyyy: String(date.getUTCFullYear()),
      MM: two(date.getUTCMonth() + 1),
      dd: two(date.getUTCDate()),
      HH: two(date.getUTCHours()),
      mm: two(date.getUTCMinutes()),
      ss: two(date.getUTCSeconds()),
    };
    return pattern.replace(/yyyy|MM|dd|HH|mm|ss/g, (token) => utc[token] ?? token);
  }
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, format);
  }
  const parts = format.formatToParts(date);
  const get = (t: string): string => parts.find((p) => p.type === t)?.value ?? "";
  return pattern.replace(/yyyy|MM|dd|HH|mm|ss/g, (token) => {
    const type = { yyyy: "year", MM: "month", dd: "day", HH: "hour", mm: "minute", ss: "second" }[
      token
    ];
    return get(type ?? "");
  });
}
