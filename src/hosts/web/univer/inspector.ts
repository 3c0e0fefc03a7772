/**
 * What the browser tests (and the bench) read through `window.__sheets`: sheet values as the
 * engine computed them, formats, the frozen header, import notes, writes, formula runs.
 */
import type {} from "@univerjs/preset-sheets-conditional-formatting";
import type { FormulaCells } from "../formulaCells";
import { typedCell } from "./cellData";
import type { UniverWorkbook } from "./univerWorkbook";

type Value = string | number | boolean;

/** One sheet as the tests see it. */
export interface SheetView {
  readonly cells: Value[][];
  readonly frozenRows: number;
  /** Number format per column, read on the first data row. */
  readonly formats: string[];
  readonly note: string | null;
  readonly writeCalls: number;
}

export interface SheetsInspector {
  names(): string[];
  /** The sheet the seller sees. */
  active(): string;
  get(name: string): SheetView | null;
  /** At least `rows` x `columns` (spilled results lie past the last typed cell). */
  values(name: string, rows?: number, columns?: number): Value[][];
  formulas(name: string): string[][];
  /** The text the grid shows for a range ("B2:C9"), number formats applied: "-5.50", "-2.36%". */
  displayed(sheet: string, range: string): string[][];
  select(sheet: string, range: string): void;
  /** Scroll the grid so this cell ("Q1") is at its top left. */
  scrollTo(sheet: string, cell: string): void;
  /** Type into cells as a seller would ("=..." becomes a formula). */
  setValues(sheet: string, topLeft: string, values: Value[][]): void;
  /** Insert an empty column before `column` (0-based), as the seller's Insert menu does. */
  insertColumn(sheet: string, column: number): void;
  /** Widths in px of a sheet's first `count` columns. */
  widths(sheet: string, count: number): number[];
  /** Formula runs started so far (each asked the shared runtime once). */
  formulaRuns(): number;
  /** The message bar's text for a cell such as "Sheet1!B2". */
  messageAt(address: string): string | null;
  /** A sheet's conditional formatting rules: 0-based boxes, the formula, the fill. */
  highlights(name: string): Highlight[];
  /** Each used cell's background colour as the engine gives it ("#fff" where none). */
  backgrounds(name: string): string[][];
}

/** One conditional formatting rule as the tests see it. */
export interface Highlight {
  readonly boxes: number[][];
  readonly formula: string | null;
  readonly background: string | null;
}

/** The inspector over the engine. */
export function sheetsInspector(book: UniverWorkbook, cells: FormulaCells): SheetsInspector {
  const used = (name: string, atLeast = 0, atLeastColumns = 0) => {
    const sheet = book.book.getSheetByName(name);
    if (!sheet) return null;
    const rows = Math.max(sheet.getLastRow() + 1, atLeast);
    const cols = Math.max(sheet.getLastColumn() + 1, atLeastColumns);
    return { sheet, range: sheet.getRange(0, 0, Math.max(1, rows), Math.max(1, cols)) };
  };
  const values = (name: string, rows = 0, columns = 0): Value[][] => {
    const u = used(name, rows, columns);
    if (!u) return [];
    return book.values(u.sheet, 0, 0, u.range.getHeight(), u.range.getWidth()) as Value[][];
  };
  return {
    names: () => book.book.getSheets().map((s) => s.getSheetName()),
    active: () => book.book.getActiveSheet().getSheetName(),
    values,
    formulas: (name) => used(name)?.range.getFormulas() ?? [],
    displayed: (sheet, range) => book.sheet(sheet).getRange(range).getDisplayValues(),
    get(name) {
      const u = used(name);
      if (!u) return null;
      const width = u.range.getWidth();
      return {
        cells: values(name),
        frozenRows: u.sheet.getFrozenRows(),
        formats: u.sheet.getRange(1, 0, 1, width).getNumberFormats()[0] ?? [],
        note: book.importNote(name),
        writeCalls: book.writeCalls.get(name) ?? 0,
      };
    },
    select(sheet, range) {
      const s = book.sheet(sheet);
      book.book.setActiveSheet(s);
      s.setActiveRange(s.getRange(range));
    },
    scrollTo(sheet, cell) {
      const s = book.sheet(sheet);
      const at = s.getRange(cell);
      s.scrollToCell(at.getRow(), at.getColumn());
    },
    setValues(sheet, topLeft, rows) {
      const s = book.sheet(sheet);
      const start = s.getRange(topLeft);
      book.write(
        s,
        start.getRow(),
        start.getColumn(),
        rows.map((r) => r.map(typedCell)),
      );
    },
    insertColumn: (sheet, column) => void book.sheet(sheet).insertColumnBefore(column),
    widths: (sheet, count) =>
      Array.from({ length: count }, (_, c) => book.sheet(sheet).getColumnWidth(c)),
    formulaRuns: () => cells.runs,
    messageAt: (address) => cells.messageAt(address),
    backgrounds: (name) => used(name)?.range.getBackgrounds() ?? [],
    highlights: (name) =>
      (book.book.getSheetByName(name)?.getConditionalFormattingRules() ?? []).map((r) => {
        const rule = r.rule as { value?: unknown; style?: { bg?: { rgb?: string } } };
        return {
          boxes: r.ranges.map((x) => [
            x.startRow,
            x.startColumn,
            x.endRow - x.startRow + 1,
            x.endColumn - x.startColumn + 1,
          ]),
          formula: typeof rule.value === "string" ? rule.value : null,
          background: rule.style?.bg?.rgb ?? null,
        };
      }),
  };
}
