/**
 * "Convert formulas for Excel / for Sheets": every catalog formula in the workbook's used
 * ranges rewritten into this host's form (src/functions/convertFormulas.ts). Only cells whose
 * formula changes are written; a cell that was a spill copy in a Sheets export is emptied.
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
