/**
 * An in-memory Excel workbook behind office-addin-mock's context, with Office.js batching:
 * writes are queued and reach the workbook at `sync()`; a sync chosen to fail drops its
 * batch and rejects, like a lost connection. Sheets are records, so a test can tell a sheet
 * kept (formulas pointing at it keep working) from one deleted and re-created.
 */
/// <reference types="office-js" />
import { OfficeMockObject } from "office-addin-mock";
import type {
  ExcelRun,
  XlContext,
  XlRange,
  XlSetting,
  XlWorksheet,
} from "../../../src/hosts/excel/xlTypes";
import type { Fits } from "../../../src/hosts/shared/realTypes";
import { type FakeChart, fakeChartAdder } from "./fakeCharts";
import { type FakeConditionalFormat, conditionalFormatsOf } from "./fakeConditionalFormats";
import { cellKey } from "../cellKeys";
import { typedCell } from "../../helpers/typedText";
import { movedFormula } from "../../../src/imports/resort";
import { loadGatedSetting } from "./harness/settingShim";
import { moveCells } from "./fakeMoves";

/**
 * Why Excel refuses `name` for a worksheet, or null: "History" in any case (kept for its change
 * tracking), more than 31 characters, : \\ / ? * [ ], blank, or an apostrophe at either end.
 */
export function excelRefusesName(name: string): string | null {
  if (name.trim() === "") return "a sheet name cannot be blank";
  if (name.toLowerCase() === "history") return "Excel keeps the sheet name History for itself";
  if (name.length > 31) return "a sheet name has at most 31 characters";
  if (/[:\\/?*[\]]/.test(name)) return "a sheet name cannot hold : \\ / ? * [ ]";
  if (name.startsWith("'") || name.endsWith("'")) return "a sheet name cannot start or end with '";
  return null;
}

export type { FakeChart };
export type { FakeConditionalFormat };

/**
 * The task pane's hand-written slices (taskpaneBridge.ts) against the real Office.js classes:
 * this fake builds objects of those slices, so it cannot drift from Excel either. Not yet
 * checked: XlRange.copyFrom takes any XlRange where Excel takes a real Range (so the ranges
 * that return one, and XlContext, are left out until that slice says Range).
 */
type _RealExcelFitsTaskpane = [
  Fits<Excel.Range, Omit<XlRange, "copyFrom">>,
  Fits<Excel.Worksheet, Omit<XlWorksheet, "getRangeByIndexes" | "getUsedRangeOrNullObject">>,
  Fits<Excel.Setting, XlSetting>,
];

export interface SheetRecord {
  /** Worksheet.id: stays the same through renames and moves (ExcelApi 1.1). */
  readonly id: string;
  name: string;
  visibility: string;
  frozenRows: number;
  readonly values: Map<string, unknown>;
  readonly formats: Map<string, unknown>;
  readonly notes: string[];
  /** Cells whose font is bold ("row,column", 0-based). */
  readonly bold: Set<string>;
  /** Cells' fill colours ("row,column", 0-based); none: no fill. */
  readonly fills: Map<string, string>;
  /** Column widths set, in points (0-based column); none: Excel's default. */
  readonly columnWidths: Map<number, number>;
  /** Cells whose text wraps ("row,column", 0-based). */
  readonly wrapped: Set<string>;
  readonly charts: FakeChart[];
  /** Range.conditionalFormats added on this sheet (fakeConditionalFormats.ts). */
  readonly conditionalFormats: FakeConditionalFormat[];
}

type Op = () => void;

/** Excel's columns in a sheet: an entire row's range is this wide. */
const ENTIRE_ROW = 16_384;

/** A formula Excel made of a string written through `values` (this fake computes nothing). */
export class ParsedFormula {
  /** `answer`: what a test says Excel computed (values read it; formulas read the text). */
  constructor(
    readonly formula: string,
    readonly answer?: unknown,
  ) {}
}

/**
 * What Excel holds after `range.values` wrote `v` into a cell of number format `format`: a
 * string is read as if typed (a formula, a number, a boolean; a leading apostrophe dropped)
 * unless the cell is Text ("@"), where it stays exactly as given.
 */
function excelTyped(v: unknown, format: unknown, textKept: boolean): unknown {
  if (typeof v !== "string" || v === "") return v ?? "";
  const typed = typedCell(v, format === "@" && textKept ? "@" : undefined);
  if (!typed) return "";
  return typed.kind === "formula" ? new ParsedFormula(String(typed.value)) : typed.value;
}

const key = cellKey;

/**
 * A sheet's cells by "row,column" that keep their used range as they are put: the used range
 * is read at every load of it and every look at the sheet (a full scan was the fake's largest
 * cost in the seller-data model). A cell emptied or deleted in the last used row or column
 * makes it scan again, once.
 */
class CellMap extends Map<string, unknown> {
  private rows = 0;
  private cols = 0;
  private stale = false;
  // Filled after the fields are set (Map's own constructor would put them before).
  constructor(cells?: Iterable<readonly [string, unknown]>) {
    super();
    for (const [k, v] of cells ?? []) this.set(k, v);
  }
  override set(k: string, v: unknown): this {
    if (v === "" || v === undefined) {
      if (!this.stale && super.has(k) && this.onEdge(k)) this.stale = true;
    } else if (!this.stale) {
      const comma = k.indexOf(",");
      this.rows = Math.max(this.rows, Number(k.slice(0, comma)) + 1);
      this.cols = Math.max(this.cols, Number(k.slice(comma + 1)) + 1);
    }
    return super.set(k, v);
  }
  override delete(k: string): boolean {
    const had = super.delete(k);
    if (had && this.onEdge(k)) this.stale = true;
    return had;
  }
  /** Only a cell in the last used row or column can make the used range smaller. */
  private onEdge(k: string): boolean {
    const comma = k.indexOf(",");
    return (
      Number(k.slice(0, comma)) + 1 >= this.rows || Number(k.slice(comma + 1)) + 1 >= this.cols
    );
  }
  override clear(): void {
    super.clear();
    [this.rows, this.cols, this.stale] = [0, 0, false];
  }
  /** The used range's size (cells holding "" are not used). */
  bounds(): { rows: number; cols: number } {
    if (this.stale) {
      let [rows, cols] = [0, 0];
      for (const [k, v] of this) {
        if (v === "" || v === undefined) continue;
        const comma = k.indexOf(",");
        rows = Math.max(rows, Number(k.slice(0, comma)) + 1);
        cols = Math.max(cols, Number(k.slice(comma + 1)) + 1);
      }
      [this.rows, this.cols, this.stale] = [rows, cols, false];
    }
    return { rows: this.rows, cols: this.cols };
  }
}

/** A value Excel computed for a cell: a formatted number `{type: "Double", basicValue, numberFormat}` or plain. */
interface FormattedNumber {
  readonly type: "Double";
  readonly basicValue: number;
  readonly numberFormat: string;
}
const isFormatted = (v: unknown): v is FormattedNumber =>
  typeof v === "object" && v !== null && (v as { type?: unknown }).type === "Double";

/** What `values` reads of a computed value: a formatted number's basic value. */
function basicValue(v: unknown): unknown {
  return isFormatted(v) ? v.basicValue : v;
}

/** What `valuesAsJson` reads of a computed value (ExcelApi 1.16's CellValue shapes). */
function cellJson(v: unknown): unknown {
  if (isFormatted(v)) return { ...v };
  if (typeof v === "number") return { type: "Double", basicValue: v };
  if (typeof v === "boolean") return { type: "Boolean", basicValue: v };
  return { type: "String", basicValue: String(v ?? "") };
}

/**
 * The number format a cell's value shows in: a formatted number's own (Microsoft: "the format
 * is applied to the value and not to the cell"), else the cell's. Which wins when both are set
 * is not documented: `cellWins` takes the other reading (FAKES.md E-F1).
 */
export function shownFormat(
  sheet: SheetRecord,
  row: number,
  col: number,
  cellWins = false,
): string {
  const held = sheet.values.get(key(row, col));
  const value = held instanceof ParsedFormula ? held.answer : held;
  const cell = sheet.formats.get(key(row, col));
  const own = isFormatted(value) ? value.numberFormat : undefined;
  const cellFormat = typeof cell === "string" && cell !== "General" ? cell : undefined;
  return (cellWins ? (cellFormat ?? own) : (own ?? cellFormat)) ?? "General";
}

/** Column letters of a 0-based index (0 -> A, 26 -> AA). */
const letters = (c: number): string =>
  c < 26 ? String.fromCharCode(65 + c) : letters(Math.floor(c / 26) - 1) + letters(c % 26);

export interface FakeWorkbook {
  readonly run: ExcelRun;
  readonly sheets: Map<string, SheetRecord>;
  readonly settings: Map<string, string>;
  /** The sheet the seller sees (the last one activated). */
  active(): string;
  /** Every values write (sheet name at queue time, position and size). */
  readonly writes: Array<{ sheet: string; at: [number, number, number, number] }>;
  syncs(): number;
  /**
   * Make the n-th sync from now fail once. By default the failing batch is dropped whole;
   * `applyFirst` applies that many of its operations first, as Excel does (Office.js promises
   * no rollback: OfficeExtension.Error's own example keeps the operations before the error).
   */
  failSync(n: number, applyFirst?: number): void;
  /** A sheet's cells as rows, from A1 to its used range. */
  table(name: string): unknown[][];
  /** A cell's fill colour (0-based), or null: no fill. */
  fillAt(sheet: string, row: number, column: number): string | null;
  addSheet(name: string, rows: unknown[][]): SheetRecord;
  /** Select a block (0-based) as the seller would by clicking. */
  select(sheet: string, row: number, column: number, rows: number, columns: number): void;
  /** Office.js's isSetSupported("ExcelApi", version) for this Excel. */
  hasExcelApi(version: string): boolean;
  /** harness: the same sheets (ids kept), settings and options in a new workbook. */
  copy(): FakeWorkbook;
}

/** Worksheet ids as Excel hands them out: unique in the workbook, kept through a rename. */
let nextSheetId = 0;
const sheetId = (): string =>
  `{${String(++nextSheetId).padStart(8, "0")}-0001-0000-0000-000000000000}`;

/** A workbook with Excel's batching, wrapped by office-addin-mock. */
export function fakeWorkbook(
  options: {
    /** Excel 2016: a waterfall's title and legend are UnsupportedOperation (office-js #2041). */
    readonly oldWaterfall?: boolean;
    /**
     * The ExcelApi version this Excel has (default "1.14"); Range.copyFrom (1.9) throws as a
     * missing method does below it (FAKES.md E-C11).
     */
    readonly excelApi?: string;
    /**
     * false: a Text ("@") cell does not keep a string as given; `values` reads it as typed, as
     * in a General cell (FAKES.md E-B3: that "@" keeps it is UI behaviour, not in the API).
     */
    readonly textFormatKept?: boolean;
  } = {},
): FakeWorkbook {
  const sheets = new Map<string, SheetRecord>();
  const settings = new Map<string, string>();
  const writes: FakeWorkbook["writes"] = [];
  let pending: Op[] = [];
  let syncs = 0;
  let failAt = -1;
  let failApplying = 0;
  const textKept = options.textFormatKept !== false;
  const hasExcelApi = (version: string): boolean => {
    const [major = 0, minor = 0] = version.split(".").map(Number);
    const [hasMajor = 0, hasMinor = 0] = (options.excelApi ?? "1.14").split(".").map(Number);
    return major < hasMajor || (major === hasMajor && minor <= hasMinor);
  };
  let selected = { sheet: "Sheet1", box: [0, 0, 1, 1] as [number, number, number, number] };
  const queue = (op: Op): void => void pending.push(op);

  const newRecord = (name: string, id = sheetId()): SheetRecord => ({
    id,
    name,
    visibility: "Visible",
    frozenRows: 0,
    values: new CellMap(),
    formats: new Map(),
    notes: [],
    bold: new Set(),
    fills: new Map(),
    columnWidths: new Map(),
    wrapped: new Set(),
    charts: [],
    conditionalFormats: [],
  });
  let activeSheet = "Sheet1";

  const bounds = (rec: SheetRecord): { rows: number; cols: number } => {
    if (rec.values instanceof CellMap) return rec.values.bounds();
    return new CellMap(rec.values).bounds(); // a record a test built with a plain Map
  };

  const range = (
    rec: () => SheetRecord | undefined,
    r0: number,
    c0: number,
    n: number,
    w: number,
  ): XlRange & { isNullObject: boolean; rec: () => SheetRecord | undefined; box: number[] } => {
    const cells =
      (fill: (sheet: SheetRecord, r: number, c: number) => void): Op =>
      () => {
        const sheet = rec();
        if (!sheet) throw new Error("ItemNotFound: the sheet is gone");
        for (let r = 0; r < n; r++) for (let c = 0; c < w; c++) fill(sheet, r0 + r, c0 + c);
      };
    let loaded: unknown[][] = [];
    let loadedJson: unknown[][] = [];
    let loadedFormulas: unknown[][] = [];
    let loadedFormats: unknown[][] = [];
    // Made when read (most ranges are only written): as it was when the range was made.
    const name = rec()?.name ?? "?";
    let address: string | null = null;
    let formats: ReturnType<typeof conditionalFormatsOf> | null = null;
    const self = {
      rec,
      box: [r0, c0, n, w],
      isNullObject: false,
      get address(): string {
        address ??= `${name}!${letters(c0)}${r0 + 1}:${letters(c0 + Math.max(w, 1) - 1)}${r0 + Math.max(n, 1)}`;
        return address;
      },
      set address(text: string) {
        address = text;
      },
      rowIndex: r0,
      columnIndex: c0,
      rowCount: n,
      columnCount: w,
      // A formula is kept as its text (this fake computes nothing); values read it back.
      set formulas(rows: unknown[][]) {
        writes.push({ sheet: rec()?.name ?? "?", at: [r0, c0, n, w] });
        queue(cells((s, r, c) => s.values.set(key(r, c), rows[r - r0]?.[c - c0] ?? "")));
      },
      get formulas(): unknown[][] {
        return loadedFormulas;
      },
      // Like Excel, loaded values are there after the next sync, as they were then.
      load: (properties?: string) => {
        if (/\b(values|formulas|numberFormat)\b/.test(properties ?? ""))
          queue(() => {
            const sheet = rec();
            const held = Array.from({ length: n }, (_, r) =>
              Array.from({ length: w }, (_, c) => sheet?.values.get(key(r0 + r, c0 + c)) ?? ""),
            );
            const computed = (v: unknown): unknown =>
              v instanceof ParsedFormula && v.answer !== undefined ? v.answer : v;
            // A formatted number's basic value; valuesAsJson keeps its format (ExcelApi 1.16).
            loaded = held.map((r) => r.map((v) => basicValue(computed(v))));
            loadedJson = held.map((r) => r.map((v) => cellJson(computed(v))));
            loadedFormulas = held.map((r) =>
              r.map((v) => (v instanceof ParsedFormula ? v.formula : v)),
            );
            loadedFormats = Array.from({ length: n }, (_, r) =>
              Array.from(
                { length: w },
                (_, c) => sheet?.formats.get(key(r0 + r, c0 + c)) ?? "General",
              ),
            );
          });
        return self;
      },
      set values(rows: unknown[][]) {
        writes.push({ sheet: rec()?.name ?? "?", at: [r0, c0, n, w] });
        queue(
          cells((s, r, c) =>
            s.values.set(
              key(r, c),
              excelTyped(rows[r - r0]?.[c - c0], s.formats.get(key(r, c)), textKept),
            ),
          ),
        );
      },
      get values(): unknown[][] {
        return loaded;
      },
      get valuesAsJson(): unknown[][] {
        if (!hasExcelApi("1.16"))
          throw new Error("valuesAsJson is not available below ExcelApi 1.16");
        return loadedJson;
      },
      set numberFormat(rows: unknown[][]) {
        queue(cells((s, r, c) => s.formats.set(key(r, c), rows[r - r0]?.[c - c0] ?? "General")));
      },
      get numberFormat(): unknown[][] {
        return loadedFormats;
      },
      get conditionalFormats() {
        formats ??= conditionalFormatsOf(() => rec()?.conditionalFormats, [r0, c0, n, w], queue);
        return formats;
      },
      format: {
        font: {
          set bold(on: boolean) {
            queue(cells((s, r, c) => void (on ? s.bold.add(key(r, c)) : s.bold.delete(key(r, c)))));
          },
          get bold(): boolean {
            return false;
          },
        },
        fill: {
          set color(color: string) {
            queue(cells((s, r, c) => void s.fills.set(key(r, c), color)));
          },
          get color(): string {
            return "";
          },
          clear: () => queue(cells((s, r, c) => void s.fills.delete(key(r, c)))),
        },
        // Every column of the range takes the width (RangeFormat.columnWidth, in points).
        set columnWidth(points: number) {
          if (!(points >= 0)) throw new Error(`InvalidArgument: columnWidth ${points}`);
          queue(() => {
            for (let c = c0; c < c0 + Math.max(w, 1); c++) rec()?.columnWidths.set(c, points);
          });
        },
        get columnWidth(): number {
          return rec()?.columnWidths.get(c0) ?? 48;
        },
        set wrapText(on: boolean) {
          queue(
            cells((s, r, c) => void (on ? s.wrapped.add(key(r, c)) : s.wrapped.delete(key(r, c)))),
          );
        },
        get wrapText(): boolean {
          return false;
        },
      },
      clear: () =>
        queue(
          cells(
            (s, r, c) => (
              s.values.delete(key(r, c)),
              s.formats.delete(key(r, c)),
              s.fills.delete(key(r, c))
            ),
          ),
        ),
      getEntireRow: () => range(rec, r0, 0, n, ENTIRE_ROW),
      // Whole rows deleted Up: their cells go, rows below move up (only that one is faked).
      delete: (shift: "Up" | "Left") => {
        if (w !== ENTIRE_ROW || c0 !== 0 || shift !== "Up")
          throw new Error("fake: only an entire row's delete (Up) is faked");
        queue(() => {
          const sheet = rec();
          if (!sheet) throw new Error("ItemNotFound: the sheet is gone");
          moveCells(sheet, (r, c) => (r < r0 ? [r, c] : r < r0 + n ? null : [r - n, c]));
          if (sheet.frozenRows > r0) sheet.frozenRows = Math.max(r0, sheet.frozenRows - n);
        });
      },
      copyFrom: (source: XlRange | string) => {
        if (!hasExcelApi("1.9"))
          throw new TypeError("range.copyFrom is not a function (ExcelApi 1.9 is missing)");
        if (typeof source === "string") throw new Error("copy by address is not faked");
        const src = source as unknown as { rec: () => SheetRecord | undefined; box: number[] };
        queue(() => {
          const from = src.rec();
          const to = rec();
          if (!from || !to) throw new Error("ItemNotFound");
          const [sr = 0, sc = 0] = src.box;
          for (let r = 0; r < n; r++)
            for (let c = 0; c < w; c++) {
              const v = from.values.get(key(sr + r, sc + c));
              const f = from.formats.get(key(sr + r, sc + c));
              const fill = from.fills.get(key(sr + r, sc + c));
              if (fill === undefined) to.fills.delete(key(r0 + r, c0 + c));
              else to.fills.set(key(r0 + r, c0 + c), fill);
              // Like Excel's paste: a formula's relative row references move with it.
              const moved =
                v instanceof ParsedFormula
                  ? new ParsedFormula(movedFormula(v.formula, r0 - sr))
                  : typeof v === "string" && v.startsWith("=")
                    ? movedFormula(v, r0 - sr)
                    : v;
              if (v === undefined) to.values.delete(key(r0 + r, c0 + c));
              else to.values.set(key(r0 + r, c0 + c), moved);
              if (f === undefined) to.formats.delete(key(r0 + r, c0 + c));
              else to.formats.set(key(r0 + r, c0 + c), f);
            }
        });
      },
    };
    return self;
  };

  const addChart = fakeChartAdder(queue, options.oldWaterfall === true);

  const worksheet = (initial: SheetRecord | undefined, lookupName?: string): XlWorksheet => {
    let rec = initial;
    const ws = {
      isNullObject: rec === undefined,
      load: () => {
        if (lookupName !== undefined)
          queue(() => {
            rec = sheets.get(lookupName);
            ws.isNullObject = rec === undefined;
          });
        return ws;
      },
      get id() {
        return rec?.id ?? "";
      },
      get name() {
        return rec?.name ?? "";
      },
      set name(next: string) {
        queue(() => {
          if (!rec) throw new Error("ItemNotFound");
          if (sheets.has(next) && sheets.get(next) !== rec)
            throw new Error("A sheet has this name");
          sheets.delete(rec.name);
          rec.name = next;
          sheets.set(next, rec);
        });
      },
      get visibility() {
        return rec?.visibility ?? "";
      },
      set visibility(v: string) {
        queue(() => {
          if (rec) rec.visibility = v;
        });
      },
      delete: () =>
        queue(() => {
          if (rec && sheets.get(rec.name) === rec) sheets.delete(rec.name);
        }),
      getRangeByIndexes: (r: number, c: number, n: number, w: number) =>
        range(() => rec, r, c, n, w),
      getUsedRangeOrNullObject: () => {
        const used = range(() => rec, 0, 0, 0, 0);
        used.load = () => {
          queue(() => {
            const b = rec ? bounds(rec) : { rows: 0, cols: 0 };
            used.isNullObject = b.rows === 0;
            used.rowCount = b.rows;
            used.columnCount = b.cols;
            used.address = `${rec?.name ?? "?"}!A1:${letters(Math.max(b.cols, 1) - 1)}${Math.max(b.rows, 1)}`;
          });
          return used;
        };
        return used;
      },
      activate: () =>
        queue(() => {
          if (!rec || sheets.get(rec.name) !== rec) throw new Error("ItemNotFound");
          activeSheet = rec.name;
        }),
      freezePanes: {
        freezeRows: (count: number) =>
          queue(() => {
            if (rec) rec.frozenRows = count;
          }),
      },
      charts: {
        add: (type: string, source: XlRange, seriesBy: string) =>
          addChart(() => rec, type, source, seriesBy),
      },
      // Like Excel: a cell holds one note; add throws where one is, getItem where none is.
      notes: {
        add: (where: string, text: string) =>
          queue(() => {
            if (rec?.notes.some((n) => n.startsWith(`${where} `)))
              throw new Error("InvalidArgument: the cell already has a note");
            rec?.notes.push(`${where} ${text}`);
          }),
        getItem: (where: string) => ({
          delete: () =>
            queue(() => {
              const at = rec?.notes.findIndex((n) => n.startsWith(`${where} `)) ?? -1;
              if (at < 0) throw new Error("ItemNotFound: no note there");
              rec?.notes.splice(at, 1);
            }),
        }),
      },
    };
    return ws;
  };

  const mock = new OfficeMockObject({
    context: {
      workbook: {
        worksheets: {
          getItemOrNullObject: (name: string) => worksheet(undefined, name),
          items: [] as XlWorksheet[],
          load(this: { items: XlWorksheet[] }) {
            queue(() => {
              this.items = [...sheets.values()].map((rec) => worksheet(rec));
            });
            return this;
          },
          add: (name: string) => {
            const rec = newRecord(name);
            queue(() => {
              if (sheets.has(name)) throw new Error(`A sheet named ${name} exists`);
              const refused = excelRefusesName(name);
              if (refused) throw new Error(`InvalidArgument: ${refused}`);
              sheets.set(name, rec);
            });
            return worksheet(rec);
          },
        },
        getActiveCell: () => {
          const { sheet, box } = selected;
          return range(() => sheets.get(sheet), box[0], box[1], 1, 1);
        },
        getSelectedRange: () => {
          const { sheet, box } = selected;
          const [r0, c0, n, w] = box;
          const rec = (): SheetRecord | undefined => sheets.get(sheet);
          // Keep the range's getters (a spread would freeze values before their sync).
          const selection = range(rec, r0, c0, n, w);
          selection.address = `${sheet}!${letters(c0)}${r0 + 1}:${letters(c0 + w - 1)}${r0 + n}`;
          return Object.assign(selection, { worksheet: worksheet(rec()) });
        },
        // As Office.js: isNullObject is known after a sync, value after load + sync; add
        // applies at the sync (FAKES.md E-R7).
        settings: {
          getItemOrNullObject: (name: string) => loadGatedSetting(settings, name, queue),
          add: (name: string, value: string) => queue(() => void settings.set(name, value)),
        },
      },
      sync: async () => {
        syncs++;
        const batch = pending;
        pending = [];
        if (syncs === failAt) {
          for (const op of batch.slice(0, failApplying)) op();
          throw new Error("The connection to Excel was lost");
        }
        for (const op of batch) op();
      },
    },
  });
  const context = (mock as unknown as { context: XlContext }).context;
  return {
    run: (batch) => batch(context),
    sheets,
    settings,
    active: () => activeSheet,
    writes,
    syncs: () => syncs,
    failSync: (n, applyFirst = 0) => {
      failAt = syncs + n;
      failApplying = applyFirst;
    },
    table: (name) => {
      const rec = sheets.get(name);
      if (!rec) throw new Error(`no sheet ${name}`);
      const b = bounds(rec);
      return Array.from({ length: b.rows }, (_, r) =>
        Array.from({ length: b.cols }, (_, c) => rec.values.get(key(r, c)) ?? ""),
      );
    },
    hasExcelApi,
    fillAt: (sheet, row, column) => sheets.get(sheet)?.fills.get(key(row, column)) ?? null,
    select: (sheet, row, column, rows, columns) => {
      selected = { sheet, box: [row, column, rows, columns] };
    },
    copy: () => {
      const twin = fakeWorkbook(options);
      twin.sheets.clear();
      for (const [name, rec] of sheets)
        twin.sheets.set(name, {
          ...rec,
          values: new CellMap(rec.values),
          formats: new Map(rec.formats),
          notes: [...rec.notes],
          bold: new Set(rec.bold),
          fills: new Map(rec.fills),
          columnWidths: new Map(rec.columnWidths),
          wrapped: new Set(rec.wrapped),
          charts: [...rec.charts],
          conditionalFormats: [...rec.conditionalFormats],
        });
      for (const [k, v] of settings) twin.settings.set(k, v);
      return twin;
    },
    addSheet: (name, rows) => {
      const rec = newRecord(name);
      rows.forEach((row, r) => row.forEach((v, c) => rec.values.set(key(r, c), v)));
      sheets.set(name, rec);
      return rec;
    },
  };
}
