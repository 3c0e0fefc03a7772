/**
 * The formula cells of the fake workbook and Excel's recalculation, as the host behaves where
 * it bites: entering formulas or recalculating starts one invocation per cell in no
 * guaranteed order (shuffled here), and a cell recalculated while its previous invocation is
 * still running has that invocation CANCELLED (invocation.onCanceled) and a new one started;
 * a cancelled invocation's result is ignored. Only an explicit calculate re-runs a custom
 * function: Range/RangeAreas.calculate(), Worksheet.calculate(markAllDirty = true),
 * Application.calculate("Full"); "Recalculate" (F9) leaves non-volatile custom functions alone.
 */

/** What a cell shows (errors made plain), as officeShim's CallOutcome. */
export type Outcome = { ok: true; value: unknown } | { ok: false; error: string; message: string };

export interface ShimInvocation {
  readonly functionName: string;
  /** Only for a function whose functions.json entry declares `requiresAddress`. */
  readonly address?: string;
  onCanceled?: () => void;
}

/** What functions.json declares of a function's invocation (its `options`). */
export interface Declared {
  readonly requiresAddress?: boolean;
  readonly cancelable?: boolean;
}

/** Calls one function for one cell (officeShim's callFunction with the invocation given). */
export type Invoke = (id: string, args: unknown[], invocation: ShimInvocation) => Promise<Outcome>;

interface FormulaCell {
  readonly address: string;
  readonly sheet: string;
  readonly row: number;
  readonly col: number;
  readonly id: string;
  readonly args: unknown[];
  runs: number;
  cancels: number;
  value: Outcome | null;
  settledAt: number | null;
  pending: { seq: number; invocation: ShimInvocation } | null;
  /** Invocations still running (more than one only when recalculation does not cancel). */
  running: number;
}

/** A cell as a test reads it. */
export interface CellView {
  readonly address: string;
  readonly value: Outcome | null;
  readonly pending: boolean;
  readonly runs: number;
  readonly cancels: number;
  readonly settledAt: number | null;
}

function colNumber(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** "Sheet1!B7" or "'My sheet'!B7:C9" -> sheet and a box (1-based, inclusive). */
export function parseAddress(address: string, defaultSheet: string) {
  const bang = address.lastIndexOf("!");
  let sheet = bang > 0 ? address.slice(0, bang) : defaultSheet;
  if (sheet.startsWith("'") && sheet.endsWith("'")) sheet = sheet.slice(1, -1).replace(/''/g, "'");
  const [a = "", b = a] = address.slice(bang + 1).split(":");
  const cell = (s: string): [number, number] => {
    const m = /^\$?([A-Z]+)\$?(\d+)$/.exec(s.trim().toUpperCase());
    if (!m) throw new Error(`bad address ${address}`);
    return [Number(m[2]), colNumber(m[1] ?? "")];
  };
  const [r0, c0] = cell(a);
  const [r1, c1] = cell(b);
  return {
    sheet,
    r0: Math.min(r0, r1),
    r1: Math.max(r0, r1),
    c0: Math.min(c0, c1),
    c1: Math.max(c0, c1),
  };
}

/** The workbook's formula cells and its recalculation (see the file comment). */
export class FakeWorkbook {
  private readonly cells = new Map<string, FormulaCell>();
  /** Formulas written again through range.formulas (the E-R4 fallback). */
  rewrites = 0;
  private seq = 0;
  private random = 12345;
  selection = "Sheet1!A1";
  activeSheet = "Sheet1";

  constructor(
    private readonly invoke: Invoke,
    private readonly declared: (id: string) => Declared = () => ({
      requiresAddress: true,
      cancelable: true,
    }),
  ) {}

  /** Type formulas in (each calculates once, in no guaranteed order). */
  enter(formulas: ReadonlyArray<{ address: string; id: string; args: unknown[] }>): void {
    const entered: FormulaCell[] = [];
    for (const f of formulas) {
      const box = parseAddress(f.address, this.activeSheet);
      const address = `${box.sheet}!${f.address.slice(f.address.lastIndexOf("!") + 1)}`;
      const old = this.cells.get(address);
      if (old?.pending) this.cancel(old);
      const cell: FormulaCell = {
        address,
        sheet: box.sheet,
        row: box.r0,
        col: box.c0,
        id: f.id,
        args: f.args,
        runs: 0,
        cancels: 0,
        value: null,
        settledAt: null,
        pending: null,
        running: 0,
      };
      this.cells.set(address, cell);
      entered.push(cell);
    }
    this.calculate(entered);
  }

  /** Delete every formula (running invocations are cancelled). */
  clear(): void {
    for (const c of this.cells.values()) if (c.pending) this.cancel(c);
    this.cells.clear();
  }

  /** Recalculate these cells (all when omitted), as a full recalculation does. */
  recalculate(addresses?: readonly string[]): void {
    const all = [...this.cells.values()];
    this.calculate(addresses ? all.filter((c) => addresses.includes(c.address)) : all);
  }

  /**
   * The seller inserts `count` rows above `row` of `sheet`: cells below move down, and Excel on
   * the web runs every formula of the workbook again (as it does on reload).
   */
  insertRows(sheet: string, row: number, count: number): void {
    const moved = [...this.cells.values()].map((c) => {
      if (c.sheet !== sheet || c.row < row) return c;
      const at = c.row + count;
      const address = `${c.address.slice(0, c.address.lastIndexOf("!") + 1)}${c.address
        .slice(c.address.lastIndexOf("!") + 1)
        .replace(/\d+$/, String(at))}`;
      return { ...c, row: at, address };
    });
    this.cells.clear();
    for (const c of moved) this.cells.set(c.address, c);
    this.calculate(moved);
  }

  /** Excel on the web reopens the workbook: every formula runs again. */
  reload(): void {
    this.calculate([...this.cells.values()]);
  }

  /** Cells inside a range address. */
  within(rangeAddress: string): FormulaCell[] {
    const b = parseAddress(rangeAddress, this.activeSheet);
    return [...this.cells.values()].filter(
      (c) =>
        c.sheet === b.sheet && c.row >= b.r0 && c.row <= b.r1 && c.col >= b.c0 && c.col <= b.c1,
    );
  }

  onSheet(sheet: string): FormulaCell[] {
    return [...this.cells.values()].filter((c) => c.sheet === sheet);
  }

  view(): CellView[] {
    return [...this.cells.values()].map((c) => ({
      address: c.address,
      value: c.value,
      pending: c.pending !== null,
      runs: c.runs,
      cancels: c.cancels,
      settledAt: c.settledAt,
    }));
  }

  /** Resolves when no invocation runs any more (or rejects after `timeoutMs`). */
  async idle(timeoutMs: number): Promise<void> {
    const end = performance.now() + timeoutMs;
    while ([...this.cells.values()].some((c) => c.pending || c.running > 0)) {
      if (performance.now() > end) throw new Error("cells still #BUSY! after the timeout");
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /**
   * The ExcelApi requirement set this Excel has: the shim's calculate methods of later sets
   * throw as Excel's do where they are missing (Worksheet.calculate 1.14, getRanges 1.9).
   */
  excelApi = "1.14";
  excelApiSupports(version: string): boolean {
    const [major = 0, minor = 0] = version.split(".").map(Number);
    const [hasMajor = 0, hasMinor = 0] = this.excelApi.split(".").map(Number);
    return major < hasMajor || (major === hasMajor && minor <= hasMinor);
  }
  private needs(version: string, what: string): void {
    if (!this.excelApiSupports(version))
      throw new TypeError(`${what} is not a function (ExcelApi ${version} is missing)`);
  }

  /**
   * true: Range/RangeAreas.calculate() leave clean cells alone (a custom function whose inputs
   * did not change is not run again), as Excel may: FAKES.md E-R4. A formula written again
   * (range.formulas) runs, as a newly entered one; markAllDirty and "Full" still run all.
   */
  calculateSkipsClean = false;

  /** The Excel.run slice a refresh uses; operations run at sync(), like Excel's batch. */
  context(queue: Array<() => void>) {
    const calculateRange = (cells: FormulaCell[]) => {
      if (!this.calculateSkipsClean) this.calculate(cells);
    };
    const texts = (address: string) =>
      this.within(address).map((c) => `=MKT.${c.id}(${c.args.join(",")})`);
    const reenter = (address: string, formulas: number) => {
      this.rewrites += formulas;
      this.calculate(this.within(address));
    };
    const range = (address: string) => {
      let loaded: string[][] = [];
      return {
        address,
        load: (properties?: string) => {
          if (/\bformulas\b/.test(properties ?? ""))
            queue.push(() => {
              loaded = [texts(address)];
            });
        },
        get formulas(): string[][] {
          return loaded;
        },
        set formulas(rows: string[][]) {
          queue.push(() => reenter(address, rows.flat().length));
        },
        calculate: () => queue.push(() => calculateRange(this.within(address))),
      };
    };
    const sheet = (name: string) => ({
      name,
      isNullObject: false,
      load: () => undefined,
      calculate: (markAllDirty: boolean) => {
        this.needs("1.14", "Worksheet.calculate");
        queue.push(() => {
          if (markAllDirty) this.calculate(this.onSheet(name));
        });
      },
      getRanges: (list: string) => {
        this.needs("1.9", "Worksheet.getRanges");
        return {
          calculate: () =>
            queue.push(() =>
              calculateRange(list.split(",").flatMap((a) => this.within(`${name}!${a.trim()}`))),
            ),
        };
      },
      getRange: (address: string) => range(`${name}!${address}`),
    });
    return {
      getSelectedRange: () => range(this.selection),
      worksheets: {
        getActiveWorksheet: () => sheet(this.activeSheet),
        getItem: (name: string) => sheet(name),
      },
      application: {
        calculate: (type: string) =>
          queue.push(() => {
            if (type === "Full") this.calculate([...this.cells.values()]);
          }),
      },
    };
  }

  /**
   * Whether recalculating a cell whose invocation still runs cancels it (onCanceled, result
   * ignored). Excel does not say when it cancels (FAKES.md E-R2): false runs the other way,
   * both invocations go on and each answer lands when it arrives, the last one shown.
   */
  cancelsOnRecalc = true;

  private calculate(cells: readonly FormulaCell[]): void {
    for (const cell of this.shuffled(cells)) {
      if (cell.pending && this.cancelsOnRecalc) this.cancel(cell);
      this.start(cell);
    }
  }

  private cancel(cell: FormulaCell): void {
    const pending = cell.pending;
    cell.pending = null;
    cell.cancels++;
    // Excel tells only a function declared cancelable (its result is ignored either way).
    if (this.declared(cell.id).cancelable) pending?.invocation.onCanceled?.();
  }

  private start(cell: FormulaCell): void {
    const seq = ++this.seq;
    const invocation: ShimInvocation = {
      functionName: cell.id,
      ...(this.declared(cell.id).requiresAddress ? { address: cell.address } : {}),
    };
    cell.pending = { seq, invocation };
    cell.runs++;
    cell.running++;
    void this.invoke(cell.id, cell.args, invocation).then((out) => {
      cell.running--;
      const latest = cell.pending?.seq === seq;
      if (!latest && (this.cancelsOnRecalc || cell.cancels > 0)) return; // Excel ignores it
      if (latest) cell.pending = null;
      cell.value = out;
      cell.settledAt = Date.now();
    });
  }

  private shuffled<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      this.random = (this.random * 1103515245 + 12345) % 2147483648;
      const j = this.random % (i + 1);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }
}
