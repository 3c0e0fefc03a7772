/**
 * "Convert formulas for Excel / for Sheets": every catalog formula in the workbook's used
 * ranges rewritten into this host's form (src/functions/convertFormulas.ts). Only cells that
 * hold a formula are read as one (formulaCells), only cells whose formula changes are
 * written; a cell that was a spill copy in a Sheets export is emptied.
 */
import { convertFormula, type FormulaHost } from "../functions/convertFormulas";
import { io, type Io, type Op } from "./op";

/** One sheet's formulas ("" for a value or an empty cell), from its used range's corner. */
export interface FormulaSheet {
  readonly name: string;
  /** 0-based row and column of formulas[0][0] on the sheet. */
  readonly top: number;
  readonly left: number;
  readonly formulas: ReadonlyArray<ReadonlyArray<string>>;
}

/** One cell to rewrite: 0-based on its sheet; "" empties it. */
export interface FormulaChange {
  readonly sheet: string;
  readonly row: number;
  readonly column: number;
  readonly formula: string;
}

/** The host's workbook as Convert formulas reads and writes it. */
export interface FormulaGrid {
  sheets(): Io<FormulaSheet[]>;
  write(changes: readonly FormulaChange[]): Io<void>;
}

/** What a conversion did, for the sidebar's line. */
export interface ConvertedFormulas {
  readonly host: FormulaHost;
  readonly formulas: number;
  readonly sheets: number;
  readonly emptied: number;
}

/**
 * A block's formulas as Convert may rewrite them, "" for every cell that holds no formula: one
 * whose formula text does not start with "=", a Text ("@") cell, or one whose formula equals
 * its value. Excel's `formulas` reads a text cell as its text (office-js #6687, the apostrophe
 * dropped), so an imported name "=SHOPS()&HYPERLINK(...)" kept as text would read as a formula
 * and be written back as one; a formula's value is what it computed, never its own text.
 * `values` where the host's formula read can return text (Excel); Sheets' getFormulas gives ""
 * for every value.
 */
export function formulaCells(
  formulas: ReadonlyArray<ReadonlyArray<unknown>>,
  formats: ReadonlyArray<ReadonlyArray<unknown>>,
  values?: ReadonlyArray<ReadonlyArray<unknown>>,
): string[][] {
  return formulas.map((row, r) =>
    row.map((formula, c) => {
      if (typeof formula !== "string" || !formula.startsWith("=")) return "";
      if (formats[r]?.[c] === "@") return "";
      if (values && values[r]?.[c] === formula) return "";
      return formula;
    }),
  );
}

/** The cells whose formula differs in `host`'s form. */
export function formulaChanges(
  sheets: readonly FormulaSheet[],
  host: FormulaHost,
): FormulaChange[] {
  return sheets.flatMap((s) =>
    s.formulas.flatMap((row, r) =>
      row.flatMap((formula, c) => {
        if (!formula.startsWith("=")) return [];
        const converted = convertFormula(formula, host);
        return converted === formula
          ? []
          : [{ sheet: s.name, row: s.top + r, column: s.left + c, formula: converted }];
      }),
    ),
  );
}

/** Convert the whole workbook for `host`. */
export function* convertWorkbook(grid: FormulaGrid, host: FormulaHost): Op<ConvertedFormulas> {
  const sheets = yield* io(() => grid.sheets());
  const changes = formulaChanges(sheets, host);
  if (changes.length > 0) yield* io(() => grid.write(changes));
  return {
    host,
    formulas: changes.filter((c) => c.formula !== "").length,
    sheets: new Set(changes.map((c) => c.sheet)).size,
    emptied: changes.filter((c) => c.formula === "").length,
  };
}
