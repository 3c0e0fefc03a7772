/**
 * SpreadsheetApp inside an execution worker: Spreadsheet, Sheet and Range objects whose every
 * read and write is a host call to the coordinator (which applies Sheets' rules: read-only for
 * custom functions, writes pending until flush or the end of the execution).
 */
import { parseRange, refBox } from "./a1";
import type { RangeHandle, RunMessage } from "./protocol";
import { unmodelled, type Host, type Values } from "./gasHost";

type Doc = { readonly id: string; readonly name: string };

function rangeObject(host: Host, values: Values, h: RangeHandle): Record<string, unknown> {
  const one = (grid: unknown): unknown => (grid as unknown[][])[0]?.[0];
  const sheet = (): unknown => sheetObject(host, values, { id: h.doc, name: "" }, h.sheet);
  const read = (what: string): unknown[][] =>
    values.fromHost(host(`Range.${what}`, h)) as unknown[][];
  const write = (what: string, grid: unknown): unknown => {
    host(`Range.${what}`, h, values.toHost(grid));
    return self;
  };
  const fill = (v: unknown): unknown[][] =>
    Array.from({ length: h.rows }, () => Array.from({ length: h.cols }, () => v));
  const self: Record<string, unknown> = {
    getRow: () => h.row,
    getColumn: () => h.col,
    getNumRows: () => h.rows,
    getNumColumns: () => h.cols,
    getLastRow: () => h.row + h.rows - 1,
    getLastColumn: () => h.col + h.cols - 1,
    getA1Notation: () => host("Range.getA1Notation", h),
    getSheet: sheet,
    handle: () => h,
    getCell: (r: number, c: number) =>
      rangeObject(host, values, { ...h, row: h.row + r - 1, col: h.col + c - 1, rows: 1, cols: 1 }),
    offset: (r: number, c: number, rows?: number, cols?: number) =>
      rangeObject(host, values, {
        ...h,
        row: h.row + r,
        col: h.col + c,
        rows: rows ?? h.rows,
        cols: cols ?? h.cols,
      }),
    getValues: () => read("getValues"),
    getValue: () => one(read("getValues")),
    getDisplayValues: () => read("getDisplayValues"),
    getDisplayValue: () => one(read("getDisplayValues")),
    getFormulas: () => read("getFormulas"),
    getFormula: () => one(read("getFormulas")),
    getFormulasR1C1: () => read("getFormulasR1C1"),
    getFormulaR1C1: () => one(read("getFormulasR1C1")),
    getNotes: () => read("getNotes"),
    getNumberFormats: () => read("getNumberFormats"),
    getNumberFormat: () => one(read("getNumberFormats")),
    getNote: () => one(read("getNotes")),
    setValues: (grid: unknown[][]) => write("setValues", grid),
    setValue: (v: unknown) => write("setValues", fill(v)),
    setFormulas: (grid: string[][]) => write("setFormulas", grid),
    setFormula: (f: string) => write("setFormulas", fill(f)),
    setFormulasR1C1: (grid: string[][]) => write("setFormulasR1C1", grid),
    setFormulaR1C1: (f: string) => write("setFormulasR1C1", fill(f)),
    setNumberFormats: (grid: string[][]) => write("setNumberFormats", grid),
    setNumberFormat: (f: string) => write("setNumberFormats", fill(f)),
    setNotes: (grid: string[][]) => write("setNotes", grid),
    setNote: (n: string) => write("setNotes", fill(n)),
    clearContent: () => write("clearContent", null),
    clear: () => write("clearContent", null),
    // Bold text changes no value (the refresh log's header): checked as Apps Script does, kept nowhere.
    setFontWeight: (weight: string | null) => {
      if (weight !== null && weight !== "bold" && weight !== "normal")
        throw new Error(`Invalid argument: fontWeight (${String(weight)})`);
      return self;
    },
    // Wrapping changes no value (a pricing sheet's Answer): checked as Apps Script does, kept nowhere.
    setWrap: (on: boolean) => {
      if (typeof on !== "boolean")
        throw new Error(`Invalid argument: isWrapEnabled (${String(on)})`);
      return self;
    },
    // A fill changes no value (a gone row's shade): checked as Apps Script does, kept nowhere.
    setBackground: (color: string | null) => {
      if (color !== null && typeof color !== "string")
        throw new Error(`Invalid argument: color (${String(color)})`);
      return self;
    },
  };
  return unmodelled("Range", self);
}

function sheetObject(host: Host, values: Values, doc: Doc, name: string): Record<string, unknown> {
  const handle = (row: number, col: number, rows = 1, cols = 1): RangeHandle => {
    if (
      ![row, col, rows, cols].every((n) => Number.isInteger(n)) ||
      row < 1 ||
      col < 1 ||
      rows < 1 ||
      cols < 1
    )
      throw new Error("The coordinates of the range are outside the dimensions of the sheet.");
    return { doc: doc.id, sheet: name, row, col, rows, cols };
  };
  const self: Record<string, unknown> = {
    getName: () => name,
    getSheetId: () => host("Sheet.getSheetId", doc.id, name),
    getParent: () => spreadsheetObject(host, values, doc, null),
    getRange: (a: number | string, col?: number, rows?: number, cols?: number) => {
      if (typeof a === "string") {
        const ref = parseRange(a);
        if (!ref) throw new Error(`Range not found`);
        const box = refBox(ref, name);
        return rangeObject(host, values, { ...box, doc: doc.id });
      }
      return rangeObject(host, values, handle(a, col ?? 1, rows, cols));
    },
    getRangeList: (a1s: string[]) =>
      unmodelled("RangeList", {
        clearContent: () => host("RangeList.clearContent", doc.id, name, a1s),
        setFormulaR1C1: (f: string) => host("RangeList.setFormulaR1C1", doc.id, name, a1s, f),
      }),
    getLastRow: () => host("Sheet.getLastRow", doc.id, name),
    getLastColumn: () => host("Sheet.getLastColumn", doc.id, name),
    getDataRange: () => {
      const rows = Math.max(1, host("Sheet.getLastRow", doc.id, name) as number);
      const cols = Math.max(1, host("Sheet.getLastColumn", doc.id, name) as number);
      return rangeObject(host, values, handle(1, 1, rows, cols));
    },
    clearContents: () => (host("Sheet.clearContents", doc.id, name), self),
    clear: () => (host("Sheet.clearContents", doc.id, name), self),
    clearNotes: () => (host("Sheet.clearNotes", doc.id, name), self),
    setFrozenRows: (n: number) => host("Sheet.setFrozenRows", doc.id, name, n),
    setColumnWidth: (col: number, px: number) => (
      host("Sheet.setColumnWidth", doc.id, name, col, px),
      self
    ),
    deleteRows: (row: number, count: number) => (
      host("Sheet.deleteRows", doc.id, name, row, count),
      self
    ),
    hideSheet: () => (host("Sheet.hideSheet", doc.id, name), self),
    getConditionalFormatRules: () =>
      (host("Sheet.getConditionalFormatRules", doc.id, name) as RuleData[]).map((r) =>
        ruleObject(host, values, doc, r),
      ),
    setConditionalFormatRules: (rules: Array<{ data(): RuleData }>) =>
      host(
        "Sheet.setConditionalFormatRules",
        doc.id,
        name,
        rules.map((r) => r.data()),
      ),
    showSheet: () => (host("Sheet.showSheet", doc.id, name), self),
    isSheetHidden: () => host("Sheet.isSheetHidden", doc.id, name),
  };
  return unmodelled("Sheet", self);
}

function spreadsheetObject(
  host: Host,
  values: Values,
  doc: Doc,
  run: RunMessage | null,
): Record<string, unknown> {
  const sheet = (name: string): Record<string, unknown> => sheetObject(host, values, doc, name);
  const active = run?.active && run.active.doc === doc.id ? run.active : null;
  const self: Record<string, unknown> = {
    getId: () => doc.id,
    getName: () => host("Spreadsheet.getName", doc.id),
    getUrl: () => `https://docs.google.com/spreadsheets/d/${doc.id}/edit`,
    getSheets: () => (host("Spreadsheet.getSheets", doc.id) as string[]).map(sheet),
    getSheetByName: (name: string) => {
      const found = host("Spreadsheet.getSheetByName", doc.id, name) as string | null;
      return found === null ? null : sheet(found);
    },
    insertSheet: (name: string) => sheet(host("Spreadsheet.insertSheet", doc.id, name) as string),
    deleteSheet: (s: { getName(): string }) => host("Spreadsheet.deleteSheet", doc.id, s.getName()),
    setActiveSheet: (s: { getName(): string }) =>
      sheet(host("Spreadsheet.setActiveSheet", doc.id, s.getName()) as string),
    getActiveSheet: () =>
      sheet(active ? active.sheet : (host("Spreadsheet.getActiveSheet", doc.id) as string)),
    getActiveRange: () => (active ? rangeObject(host, values, active) : null),
    getRange: (a1: string) => {
      const ref = parseRange(a1);
      if (!ref) throw new Error("Range not found");
      const first = ref.sheet ?? (host("Spreadsheet.getActiveSheet", doc.id) as string);
      return rangeObject(host, values, { ...refBox(ref, first), doc: doc.id });
    },
    getSpreadsheetTimeZone: () => host("Spreadsheet.getSpreadsheetTimeZone", doc.id),
    toast: (message: string, title?: string, seconds?: number) =>
      host("Spreadsheet.toast", doc.id, String(message), title ?? "", seconds ?? 5),
  };
  return unmodelled("Spreadsheet", self);
}

/** A rule as it crosses to the host: its formula, fill and ranges. */
interface RuleData {
  readonly formula: string;
  readonly background: string | null;
  readonly ranges: readonly RangeHandle[];
}

/** A ConditionalFormatRule: what the add-on reads of one (its condition and ranges). */
function ruleObject(host: Host, values: Values, doc: Doc, r: RuleData): Record<string, unknown> {
  return unmodelled("ConditionalFormatRule", {
    data: () => r,
    getRanges: () => r.ranges.map((h) => rangeObject(host, values, { ...h, doc: doc.id })),
    getBooleanCondition: () =>
      unmodelled("BooleanCondition", {
        getCriteriaType: () => "CUSTOM_FORMULA",
        getCriteriaValues: () => [r.formula],
        getBackground: () => r.background,
      }),
  });
}

/** SpreadsheetApp.newConditionalFormatRule(): the builder a custom-formula highlight uses. */
function ruleBuilder(host: Host, values: Values): Record<string, unknown> {
  let formula: string | null = null;
  let background: string | null = null;
  let ranges: RangeHandle[] = [];
  const self: Record<string, unknown> = {
    whenFormulaSatisfied: (f: string) => ((formula = String(f)), self),
    setBackground: (c: string | null) => ((background = c), self),
    setRanges: (list: Array<{ handle(): RangeHandle }>) => (
      (ranges = list.map((x) => x.handle())),
      self
    ),
    build: () => {
      if (formula === null)
        throw new Error("Exception: A boolean condition or gradient condition must be set.");
      const doc = { id: ranges[0]?.doc ?? "", name: "" };
      return ruleObject(host, values, doc, { formula, background, ranges });
    },
  };
  return unmodelled("ConditionalFormatRuleBuilder", self);
}

function htmlOutput(content: string): Record<string, unknown> {
  const out: Record<string, unknown> = { title: "" };
  out.setTitle = (t: string) => ((out.title = t), out);
  out.setWidth = () => out;
  out.setHeight = () => out;
  out.getContent = () => content;
  return out;
}

export function htmlService(files: Readonly<Record<string, string>>): Record<string, unknown> {
  return unmodelled("HtmlService", {
    createHtmlOutputFromFile: (name: string) => {
      const file = files[name];
      if (file === undefined) throw new Error(`No HTML file named ${name} was found.`);
      return htmlOutput(file);
    },
    createHtmlOutput: (html: string) => htmlOutput(String(html ?? "")),
  });
}

function ui(host: Host): Record<string, unknown> {
  const menu = (items: Array<[string, string] | null>): Record<string, unknown> => {
    const m: Record<string, unknown> = {};
    m.addItem = (caption: string, fn: string) => (items.push([caption, fn]), m);
    m.addSeparator = () => (items.push(null), m);
    m.addToUi = () => host("Ui.addMenu", items);
    return m;
  };
  const show =
    (what: string) => (output: { title?: unknown; getContent?: () => string }, title?: string) =>
      host(`Ui.${what}`, String(output.title ?? title ?? ""), output.getContent?.().length ?? 0);
  return unmodelled("Ui", {
    createAddonMenu: () => menu([]),
    createMenu: () => menu([]),
    showSidebar: show("showSidebar"),
    showModalDialog: show("showModalDialog"),
    alert: (text: string) => host("Ui.alert", String(text)),
  });
}

/** SpreadsheetApp as one execution sees it. */
export function spreadsheetApp(
  host: Host,
  values: Values,
  run: RunMessage,
): Record<string, unknown> {
  const activeBook = (): Record<string, unknown> | null =>
    run.doc ? spreadsheetObject(host, values, run.doc, run) : null;
  return unmodelled("SpreadsheetApp", {
    getActiveSpreadsheet: activeBook,
    getActive: activeBook,
    getActiveSheet: () => (activeBook()?.getActiveSheet as (() => unknown) | undefined)?.() ?? null,
    getActiveRange: () => (activeBook()?.getActiveRange as (() => unknown) | undefined)?.() ?? null,
    openById: (id: string) =>
      spreadsheetObject(host, values, host("SpreadsheetApp.openById", id) as Doc, run),
    flush: () => void host("SpreadsheetApp.flush"),
    getUi: () => (host("SpreadsheetApp.getUi"), ui(host)),
    newConditionalFormatRule: () => ruleBuilder(host, values),
  });
}
