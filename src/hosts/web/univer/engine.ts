/**
 * The web demo's spreadsheet: Univer (Apache-2.0) with its core sheets and conditional-formatting
 * presets, formulas
 * computed on the page's main thread (no worker: the catalog's formulas run in this page's
 * session), every catalog function registered from the catalog.
 */
import { UniverSheetsConditionalFormattingPreset } from "@univerjs/preset-sheets-conditional-formatting";
import conditionalEnUS from "@univerjs/preset-sheets-conditional-formatting/locales/en-US";
import { UniverSheetsCorePreset } from "@univerjs/preset-sheets-core";
import enUS from "@univerjs/preset-sheets-core/locales/en-US";
import {
  createUniver,
  IUndoRedoService,
  LocaleType,
  mergeLocales,
  type FUniver,
} from "@univerjs/presets";
import { IFunctionService } from "@univerjs/preset-sheets-core";
import type { Injector } from "@univerjs/presets";
import { TypedFunction } from "./typedResult";
import type { UndoWatch } from "./addinUndo";
import type { IWorkbookData } from "@univerjs/presets";
import "@univerjs/preset-sheets-core/lib/index.css";
import "@univerjs/preset-sheets-conditional-formatting/lib/index.css";
import type { SheetFunction } from "../../../functions/define";
import { sheetAddress } from "../a1";
import { omittedArguments } from "../omittedArguments";
import { functionInfo } from "./functionInfo";
import type { FormulaCells } from "../formulaCells";

export type { FUniver };

/** What the engine tells a formula about the cell it computes (its `this`). */
interface FormulaPlace {
  readonly subUnitId?: string | null;
  readonly row: number;
  readonly column: number;
}

/**
 * Words Univer 0.25.1 shows above the grid while it calculates but has no English for (the page
 * showed "sheets-formula.progress.array-calculation" to a new user).
 */
const FORMULA_PROGRESS = {
  "sheets-formula": {
    progress: {
      analyzing: "Reading formulas",
      calculating: "Calculating",
      "array-analysis": "Reading tables",
      "array-calculation": "Calculating tables",
      done: "Calculated",
    },
  },
};

/** Start the engine in `container` with a saved workbook (or a fresh one). */
export function startEngine(container: HTMLElement, saved: Partial<IWorkbookData> | null): FUniver {
  const { univer, univerAPI } = createUniver({
    locale: LocaleType.EN_US,
    locales: { [LocaleType.EN_US]: mergeLocales(enUS, conditionalEnUS, FORMULA_PROGRESS) },
    // Conditional formatting: a pricing sheet's "below target" rows (belowTarget.ts).
    presets: [
      UniverSheetsCorePreset({ container, header: true, footer: {} }),
      UniverSheetsConditionalFormattingPreset(),
    ],
  });
  injectors.set(univerAPI, univer.__getInjector());
  univerAPI.createWorkbook(widened(saved ?? FRESH_WORKBOOK));
  // A sheet added with "+" starts at Univer's 20 columns too.
  univerAPI.addEvent(univerAPI.Event.SheetCreated, ({ worksheet }) => {
    if (worksheet.getMaxColumns() < MIN_COLUMNS) worksheet.setColumnCount(MIN_COLUMNS);
    worksheet.setColumnWidths(0, MIN_COLUMNS, COLUMN_WIDTH);
  });
  return univerAPI;
}

/**
 * Univer's sheets have 20 columns, and a ranked list spills 27 wide: a #SPILL! with no reason.
 * Every sheet gets at least A:AZ, as a seller expects of a spreadsheet.
 */
const MIN_COLUMNS = 52;
const COLUMN_WIDTH = 120;

const FRESH_WORKBOOK: Partial<IWorkbookData> = {
  name: "Demo workbook",
  sheetOrder: ["sheet1"],
  sheets: {
    sheet1: {
      id: "sheet1",
      name: "Sheet1",
      rowCount: 1000,
      columnCount: MIN_COLUMNS,
      // Room for a table's labels ("Margin (fraction)") without widening each column.
      defaultColumnWidth: COLUMN_WIDTH,
    },
  },
};

function widened(data: Partial<IWorkbookData>): Partial<IWorkbookData> {
  const sheets = Object.fromEntries(
    Object.entries(data.sheets ?? {}).map(([id, sheet]) => [
      id,
      { ...sheet, columnCount: Math.max(sheet.columnCount ?? 0, MIN_COLUMNS) },
    ]),
  );
  return { ...data, sheets };
}

/** Each engine's injector, for the formula engine's function service (typed answers). */
const injectors = new WeakMap<FUniver, Injector>();

/**
 * The engine's undo history, watched and cleared, for addinUndo.ts. Each step pushed (and each
 * clear, undo or change of focus) sets the history's status anew: the count of those is what
 * a call is judged by (the number of steps stops growing at the engine's 20, the status does
 * not; a method replaced on the service is not the one the engine's commands call).
 */
export function undoWatch(api: FUniver): UndoWatch {
  const undo = injectors.get(api)?.get(IUndoRedoService);
  let changes = 0;
  undo?.undoRedoStatus$.subscribe(() => void (changes += 1));
  return {
    pushed: () => changes,
    clear: () => {
      const unit = api.getActiveWorkbook()?.getId();
      if (undo && unit) undo.clearUndoRedo(unit);
    },
  };
}

/**
 * Register every catalog function as a formula whose cells run through `cells`. The facade
 * registers its name and help; its executor is then replaced by a TypedFunction, so a text
 * answer reaches the cell as text, never re-read as a number, boolean, error or array.
 */
export function registerCatalog(
  api: FUniver,
  catalog: readonly SheetFunction[],
  cells: FormulaCells,
): void {
  const formula = api.getFormula();
  const functions = injectors.get(api)?.get(IFunctionService);
  for (const fn of catalog) {
    const answer = (place: FormulaPlace, raw: readonly unknown[]) => {
      const sheet = api.getActiveWorkbook()?.getSheetBySheetId(place.subUnitId ?? "");
      const address = sheetAddress(sheet?.getSheetName() ?? "Sheet1", place.row, place.column);
      // A left-out argument arrives as 0: pass nothing instead, as Excel and Sheets do.
      const text = sheet?.getRange(place.row, place.column).getFormula() ?? "";
      const omitted = omittedArguments(text, fn.name);
      const value = cells.evaluate(
        fn,
        raw.map((v, i) => (omitted?.[i] ? null : v)),
        address,
        { sheetId: place.subUnitId ?? "", row: place.row, column: place.column },
      );
      return { value, errors: cells.errorsAt(address) };
    };
    formula.registerFunction(
      fn.name,
      function (this: FormulaPlace, ...raw: unknown[]) {
        return answer(this, raw).value;
      },
      { description: functionInfo(fn) },
    );
    functions?.registerExecutors(new TypedFunction(fn.name, answer));
  }
}
