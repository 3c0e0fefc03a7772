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
import type { CellInput } from "../../functions/cells";
import { CellError } from "../../functions/cells";
import type { CellResult } from "../../functions/cells";
import type { SheetFunction } from "../../functions/define";
import { excelArguments } from "../excel/excelValues";
import { resultDimensionality } from "../excel/metadata";
import type { ExcelSession } from "../excel/session";
import {
  GETTING_DATA,
  shownError,
  shownResult,
  type EngineResult,
  type ShownResult,
} from "./engineValues";

/** One formula cell's latest run: its arguments and, once settled, what it shows. */
interface CellAnswer {
  readonly key: string;
  readonly shown: ShownResult | null;
  readonly controller: AbortController;
}

export interface FormulaCellsOptions {
  readonly session: ExcelSession;
  /** Make the engine evaluate its formulas again (answers arrived). */
  readonly recalculate: () => void;
  /** Wait before recalculating, so answers arriving together cost one pass. */
  readonly settleDelayMs?: number;
}

function showsError(value: CellResult): boolean {
  if (value instanceof CellError) return true;
  return Array.isArray(value) && value.some((row) => row.some((c) => c instanceof CellError));
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
  evaluate(fn: SheetFunction, raw: readonly unknown[], address: string): EngineResult {
    let args: CellInput[];
    try {
      args = excelArguments(fn, raw);
    } catch (e) {
      return this.settleNow(address, "", shownError(e));
    }
    const key = `${fn.name}\n${JSON.stringify(args)}`;
    const known = this.answers.get(address);
    if (known?.key === key) return known.shown?.value ?? GETTING_DATA;
    known?.controller.abort(); // its arguments changed: withdraw what it still had queued
    let program;
    try {
      program = fn.program(args);
    } catch (e) {
      return this.settleNow(address, key, shownError(e));
    }
    const controller = new AbortController();
    this.answers.set(address, { key, shown: null, controller });
    this.runs += 1;
    const dimensionality = resultDimensionality(fn);
    this.options.session
      .run(program, { address, signal: controller.signal, showsError })
      .then(
        (result) => shownResult(result, dimensionality),
        (error: unknown) => shownError(error),
      )
      .then((shown) => this.settled(address, key, controller, shown));
    return GETTING_DATA;
  }

  /** The message of the cell's error (or its wait), or null when it shows a value. */
  messageAt(address: string): string | null {
    const answer = this.answers.get(address);
    if (!answer) return null;
    if (!answer.shown) return "Asking the API: the answer appears here by itself.";
    return answer.shown.message;
  }

  /** Forget these cells' answers (all when omitted): their next evaluation runs again. */
  forget(addresses?: readonly string[]): void {
    const list = addresses ?? [...this.answers.keys()];
    for (const address of list) {
      this.answers.get(address)?.controller.abort();
      this.answers.delete(address);
    }
  }

  private settleNow(address: string, key: string, shown: ShownResult): EngineResult {
    this.answers.get(address)?.controller.abort();
    this.answers.set(address, { key, shown, controller: new AbortController() });
    return shown.value;
  }

  private settled(
    address: string,
    key: string,
    controller: AbortController,
    shown: ShownResult,
  ): void {
    const current = this.answers.get(address);
    if (current?.controller !== controller || current.key !== key) return; // superseded
    this.answers.set(address, { key, shown, controller });
    if (this.timer === undefined) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.options.recalculate();
      }, this.options.settleDelayMs ?? 30);
    }
  }
}
