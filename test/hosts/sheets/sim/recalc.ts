/**
 * Sheets' recalculation as it bites custom functions:
 * - a custom-function cell runs only when its formula text or one of its argument values
 *   differs from its last run (memoised by formula and inputs), so an error or a waiting text
 *   stays until one of them changes; nothing else (Ctrl+R, a cache change, time) re-runs it;
 * - the memo lives with the committed formula: storing the same text again changes nothing,
 *   but a committed clear drops it, so "clear, flush, set back" runs the cell again;
 * - reading cells inside the function creates no dependency (only arguments count);
 * - a cell waits (Loading...) while an argument cell is loading; an error argument is shown.
 * Built-in `=A2` cells follow their reference at once.
 */
import { boxA1, refBox } from "./a1";
import type { Cell, CellValue, Outcome, Read, SimBook, SimSheet } from "./book";
import { parseFormula, type Arg, type Parsed } from "./formula";
import { evaluate, parseBuiltin, type Builtin } from "./builtin";

/** An argument as a custom function receives it; null stands for an omitted argument. */
export type ArgValue = CellValue | CellValue[][] | null;

/** A custom-function cell that must run now. */
export interface RunRequest {
  readonly sheet: string;
  readonly row: number;
  readonly col: number;
  readonly name: string;
  readonly args: readonly ArgValue[];
  /** Formula + argument values: the memo key this run answers. */
  readonly key: string;
  readonly formula: string;
}

/** One thing a cell showed, and when (sim ms). */
export interface Shown {
  readonly at: number;
  readonly shown: unknown;
}

type Resolved = { kind: "ready"; value: ArgValue } | Exclude<Read, { kind: "value" }>;

export class Recalc {
  /** Every value every formula cell ever showed, by "Sheet!A1". */
  readonly history = new Map<string, Shown[]>();
  /** The same lists by sheet name + "row,column" (a cell's A1 text costs more than its history). */
  private readonly lists = new Map<string, Shown[]>();
  private readonly parsed = new Map<string, Parsed | Builtin>();

  constructor(
    private readonly book: SimBook,
    private readonly isCustom: (name: string) => boolean,
    private readonly now: () => number,
  ) {}

  /** A custom function, reference or literal (formula.ts), or one of the built-ins builtin.ts computes. */
  private parse(formula: string): Parsed | Builtin {
    let p = this.parsed.get(formula);
    if (!p) {
      try {
        p = parseFormula(formula);
      } catch (e) {
        p = parseBuiltin(formula) ?? undefined;
        if (!p) throw e;
      }
      if (p.kind === "call" && !this.isCustom(p.name)) p = parseBuiltin(formula) ?? p;
      this.parsed.set(formula, p);
    }
    return p;
  }

  private resolve(sheet: string, arg: Arg): Resolved {
    if (arg.kind === "omitted") return { kind: "ready", value: null };
    if (arg.kind === "value") return { kind: "ready", value: arg.value };
    const box = refBox(arg.ref, sheet);
    const reads = this.book.grid(box, (r, c) => this.book.read(box.sheet, r, c));
    for (const row of reads) for (const v of row) if (v.kind !== "value") return v;
    const values = reads.map((row) => row.map((v) => (v as { value: CellValue }).value));
    return {
      kind: "ready",
      value: box.rows === 1 && box.cols === 1 ? (values[0]?.[0] ?? "") : values,
    };
  }

  /**
   * Bring every formula cell up to date; returns the custom-function cells that must run
   * (they are marked running and show Loading...).
   */
  pass(): RunRequest[] {
    const runs: RunRequest[] = [];
    for (let changed = true; changed;) {
      changed = false;
      for (const tab of this.book.sheets)
        for (const [row, col, cell] of tab.cells.formulas()) {
          if (cell.formula === undefined) continue;
          const p = this.parse(cell.formula);
          if (p.kind !== "call") {
            const next: Outcome =
              p.kind === "value"
                ? { kind: "value", value: p.value }
                : p.kind === "builtin"
                  ? evaluate(p, tab.name, (s, r, c) => this.book.read(s, r, c))
                  : this.follow(tab.name, p);
            if (!sameOutcome(next, cell.outcome)) {
              setOutcome(tab, cell, next);
              changed = true;
            }
            continue;
          }
          if (!this.isCustom(p.name)) {
            setOutcome(tab, cell, {
              kind: "error",
              code: "#NAME?",
              message: `Unknown function: '${p.name}'.`,
            });
            continue;
          }
          const args: ArgValue[] = [];
          let stop: Outcome | null = null;
          for (const a of p.args) {
            const r = this.resolve(tab.name, a);
            if (r.kind !== "ready") {
              stop = r;
              break;
            }
            args.push(r.value);
          }
          if (stop) {
            if (!sameOutcome(stop, cell.outcome)) {
              setOutcome(tab, cell, stop);
              changed = true;
            }
            continue;
          }
          const key = `${cell.formula}\u0000${JSON.stringify(args)}`;
          if (cell.running === key) continue;
          if (cell.memo === key && cell.running === undefined) continue;
          cell.running = key;
          setOutcome(tab, cell, { kind: "loading" });
          changed = true;
          runs.push({ sheet: tab.name, row, col, name: p.name, args, key, formula: cell.formula });
        }
    }
    this.record();
    return runs;
  }

  private follow(sheet: string, p: Extract<Parsed, { kind: "ref" }>): Outcome {
    const box = refBox(p.ref, sheet);
    if (box.rows !== 1 || box.cols !== 1)
      throw new Error(`sim: built-in range formulas are not modelled (${boxA1(box, true)})`);
    const v = this.book.read(box.sheet, box.row, box.col);
    return v.kind === "value" ? { kind: "value", value: v.value } : v;
  }

  /** A run ended: store its outcome if the cell still wants this run (else Sheets drops it). */
  finish(run: RunRequest, outcome: Outcome): boolean {
    const tab = this.book.findSheet(run.sheet);
    const cell = tab?.cell(run.row, run.col);
    if (!tab || !cell || cell.running !== run.key) return false;
    cell.running = undefined;
    cell.memo = run.key;
    setOutcome(tab, cell, outcome);
    return true;
  }

  /** Add what changed since the last record to every formula cell's history. */
  record(): void {
    for (const tab of this.book.sheets)
      for (const [row, col, cell, at] of tab.cells.formulas()) {
        if (cell.formula === undefined) continue;
        const shown = this.book.shown(tab.name, row, col);
        const key = `${tab.name}\u0000${at}`;
        let list = this.lists.get(key);
        if (!list) {
          list = [];
          this.lists.set(key, list);
        }
        const last = list[list.length - 1];
        if (!last || !sameShown(last.shown, shown)) {
          if (list.length === 0)
            this.history.set(boxA1({ sheet: tab.name, row, col, rows: 1, cols: 1 }, true), list);
          list.push({ at: this.now(), shown });
        }
      }
  }
}

/** A primitive compared as is (most cells), anything else by its JSON. */
function sameShown(a: unknown, b: unknown): boolean {
  if (a === b || (Number.isNaN(a) && Number.isNaN(b))) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

function sameOutcome(a: Outcome, b: Outcome | undefined): boolean {
  if (!b || a.kind !== b.kind) return false;
  if (a.kind === "value" && b.kind === "value") return sameShown(a.value, b.value);
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Set a formula cell's outcome, telling its sheet when an array comes or goes (book.ts SimCells). */
function setOutcome(tab: SimSheet, cell: Cell, next: Outcome): void {
  const array = (o: Outcome | undefined): boolean => o?.kind === "value" && Array.isArray(o.value);
  if (array(cell.outcome) || array(next)) tab.cells.arraysChanged();
  cell.outcome = next;
}

/** How Sheets shows what a custom function returned (or threw). */
export function customOutcome(
  o: { ok: boolean; value?: unknown; message?: string },
  fn: string,
): Outcome {
  if (!o.ok) return { kind: "error", code: "#ERROR!", message: o.message ?? "" };
  const v = o.value ?? "";
  if (Array.isArray(v)) {
    if (!v.every(Array.isArray)) throw new Error(`sim: ${fn} returned a 1-D array (not modelled)`);
    if (v.length === 0) return { kind: "error", code: "#N/A", message: "Result was empty." };
    return {
      kind: "value",
      value: (v as unknown[][]).map((row) => row.map((c) => (c ?? "") as never)),
    };
  }
  if (typeof v === "string" && v.length > 50_000)
    return {
      kind: "error",
      code: "#ERROR!",
      message: `Text result of ${fn} is longer than the limit of 50000 characters.`,
    };
  if (typeof v === "number" && !Number.isFinite(v))
    return { kind: "error", code: "#NUM!", message: "Result is not a number." };
  if (typeof v === "object" && !("date" in (v as object)))
    throw new Error(`sim: ${fn} returned an object (not modelled)`);
  return { kind: "value", value: v as never };
}
