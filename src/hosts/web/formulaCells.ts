/**
 * Formula cells of the web demo on the shared async runtime (Excel's session: one scheduler
 * per key, cache, batching, list answers, breaker, pause, cell tracking for refresh scopes).
 *
 * The engine (Univer) awaits an async formula before it evaluates the next one, so 200 async
 * cells would ask the API one after another and nothing could be batched. So each catalog
 * function is registered as a synchronous formula: its first evaluation starts the cell's run
 * in the session and shows #GETTING_DATA; every cell of one calculation pass queues together,
 * which lets the scheduler batch them. When runs settle, one recalculation shows the answers:
 * a cell whose arguments did not change answers from here and asks nothing again.
 */
import type { SheetFunction } from "../../functions/define";
import { ArgumentError } from "../../functions/argumentError";
import { excelArguments, toExcelError } from "../shared/excelValues";
import { invokeFunction } from "../shared/invoke";
import { WEB_PLACES } from "../shared/places";
import type { ExcelSession } from "../shared/session";
import {
  ENGINE_ERRORS,
  GETTING_DATA,
  shownResult,
  type CellFormat,
  type EngineResult,
  type ShownResult,
  withPlainCells,
} from "./engineErrors";

/** Where a formula cell is in the engine's grid (0-based). */
export interface CellPlace {
  readonly sheetId: string;
  readonly row: number;
  readonly column: number;
}

/** One formula cell's latest run: its arguments and, once settled, what it shows. */
interface CellAnswer {
  readonly key: string;
  readonly place?: CellPlace | undefined;
  readonly shown: ShownResult | null;
  /** Withdraw what the run still has queued (Excel's invocation.onCanceled). */
  readonly invocation: { address: string; onCanceled?: () => void };
}

export interface FormulaCellsOptions {
  readonly session: ExcelSession;
  /** Make the engine evaluate its formulas again (answers arrived). */
  readonly recalculate: () => void;
  /** Wait before recalculating, so answers arriving together cost one pass. */
  readonly settleDelayMs?: number;
  /**
   * Number formats for the cells of an answer (offsets from the formula's cell): each figure's
   * own (money, percent, count), and the day format where a cell holds a day, "2025-06-30",
   * which the engine turns into a date number that shows as 45838 unless formatted.
   */
  readonly onFormats?: (place: CellPlace, formats: readonly CellFormat[]) => void;
  /** Make room for a table answer (rows x columns from its cell) before the engine spills it. */
  readonly onTable?: (place: CellPlace, rows: number, columns: number) => void;
}

/** The formula cells' answers, by address ("Sheet1!B7"). */
export class FormulaCells {
  private readonly answers = new Map<string, CellAnswer>();
  private readonly options: FormulaCellsOptions;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Runs started (a cell asked the runtime), for the tests and the bench. */
  runs = 0;

  constructor(options: FormulaCellsOptions) {
    this.options = options;
  }

  /** What the cell at `address` shows for `fn` with these engine arguments now. */
  evaluate(
    fn: SheetFunction,
    raw: readonly unknown[],
    address: string,
    place?: CellPlace,
  ): EngineResult {
    // Excel refuses a formula with more arguments than the function takes; the engine passes
    // them all, so say it in the cell as Excel would (the attack run saw them ignored).
    if (raw.length > fn.params.length) return this.tooMany(fn, raw.length, address, place);
    const key = `${fn.name}\n${JSON.stringify(excelArguments(fn, raw))}`;
    const known = this.answers.get(address);
    if (known?.key === key) return known.shown?.value ?? GETTING_DATA;
    known?.invocation.onCanceled?.(); // its arguments changed: withdraw what it still had queued
    const invocation: CellAnswer["invocation"] = { address };
    this.answers.set(address, { key, place, shown: null, invocation });
    this.runs += 1;
    // Excel's own call path: arguments, the shared session, the stuck-queue guard, shaping.
    invokeFunction(fn, [...fn.params.map((_p, i) => raw[i]), invocation], {
      session: this.options.session,
      customFunctions: ENGINE_ERRORS,
      places: WEB_PLACES,
      figures: () => "formatted",
    }).then(
      (result) => this.settled(address, key, invocation, shownResult(result)),
      (error: unknown) => this.settled(address, key, invocation, shownResult(error)),
    );
    return GETTING_DATA;
  }

  private tooMany(
    fn: SheetFunction,
    count: number,
    address: string,
    place: CellPlace | undefined,
  ): EngineResult {
    const problem = `takes at most ${fn.params.length} arguments, got ${count}`;
    const error = toExcelError(new ArgumentError(fn.name, problem), ENGINE_ERRORS, WEB_PLACES);
    const shown = shownResult(error);
    this.answers.get(address)?.invocation.onCanceled?.();
    this.answers.set(address, {
      key: `${fn.name}\n${count}`,
      place,
      shown,
      invocation: { address },
    });
    return shown.value;
  }

  /** The message of the cell's error (or its wait), or null when it shows a value. */
  messageAt(address: string): string | null {
    const answer = this.answers.get(address);
    if (!answer) return null;
    if (!answer.shown)
      return "Asking the API: the answer appears here by itself. The API answers 60 requests a minute; the pane shows the requests used and how many cells wait.";
    return answer.shown.message;
  }

  /** Offsets of the cells of the answer at `address` that show an error value. */
  errorsAt(address: string): ShownResult["errors"] {
    return this.answers.get(address)?.shown?.errors ?? [];
  }

  /** Forget these cells' answers (all when omitted): their next evaluation runs again. */
  forget(addresses?: readonly string[]): void {
    const list = addresses ?? [...this.answers.keys()];
    for (const address of list) {
      this.answers.get(address)?.invocation.onCanceled?.();
      this.answers.delete(address);
    }
  }

  private settled(
    address: string,
    key: string,
    invocation: CellAnswer["invocation"],
    shown: ShownResult,
  ): void {
    const current = this.answers.get(address);
    if (current?.invocation !== invocation || current.key !== key) return; // superseded
    this.answers.set(address, { key, place: current.place, shown, invocation });
    const formats = withPlainCells(shown.value, [
      ...shown.formats,
      ...dayCells(shown.value).map(([r, c]): CellFormat => [r, c, DAY_FORMAT]),
    ]);
    if (current.place) this.options.onFormats?.(current.place, formats);
    if (Array.isArray(shown.value) && current.place) {
      const width = Math.max(0, ...shown.value.map((row) => row.length));
      this.options.onTable?.(current.place, shown.value.length, width);
    }
    if (this.timer === undefined) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.options.recalculate();
      }, this.options.settleDelayMs ?? 30);
    }
  }
}

/** How a day shows in the web demo's cells. */
const DAY_FORMAT = "yyyy-mm-dd";

/** Offsets of the cells that hold a day ("2025-06-30") in a value or a table. */
export function dayCells(value: EngineResult): Array<readonly [number, number]> {
  const isDay = (v: unknown): boolean => typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v);
  if (!Array.isArray(value)) return isDay(value) ? [[0, 0]] : [];
  return value.flatMap((row, r) =>
    row.flatMap((v, c): Array<readonly [number, number]> => (isDay(v) ? [[r, c]] : [])),
  );
}
