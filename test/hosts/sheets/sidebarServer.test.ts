/**
 * The Sheets sidebar's import server functions over small SpreadsheetApp fakes that keep the
 * host's rules: setValues must match the range's size, "=..." becomes a formula and a
 * leading apostrophe keeps text literal. A 2,000-row import is staged page by page and
 * committed with one setValues per 500-row chunk, never one per cell; a failed page leaves
 * the target untouched.
 */
import type { CellInput, CellResult } from "../../../src/functions/cells";
import type { ImportDefinition } from "../../../src/imports/definitions";
import {
  DAILY_REFRESH_HANDLER,
  createSidebarServer,
  type SbProperties,
  type SbRange,
  type SbSheet,
  type SbSpreadsheet,
} from "../../../src/hosts/sheets/sidebarServer";

type Stored = {
  kind: "text" | "number" | "formula" | "empty" | "boolean";
  value: string | number | boolean;
};

class FakeSheet implements SbSheet {
  cells: Stored[][] = [];
  setValuesCalls = 0;
  formats: string[][] = [];
  frozen = 0;
  note = "";
  hidden = false;
  constructor(readonly name: string) {}
  getName(): string {
    return this.name;
  }
  private self(): FakeSheet {
    return this;
  }
  getRange(row: number, column: number, numRows: number, numColumns: number): SbRange {
    const sheet: FakeSheet = this.self();
    const range: SbRange = {
      setValues(values) {
        if (values.length !== numRows || values.some((r) => r.length !== numColumns)) {
          throw new Error(`The number of rows or columns in the data does not match the range`);
        }
        sheet.setValuesCalls++;
        values.forEach((r, i) =>
          r.forEach((v, j) => {
            (sheet.cells[row - 1 + i] ??= [])[column - 1 + j] = typed(v);
          }),
        );
        return range;
      },
      getValues: () =>
        Array.from({ length: numRows }, (_, i) =>
          Array.from(
            { length: numColumns },
            (_, j) => sheet.cells[row - 1 + i]?.[column - 1 + j]?.value ?? "",
          ),
        ),
      setNumberFormats(f) {
        sheet.formats = f;
        return range;
      },
      setNote(n) {
        sheet.note = n;
        return range;
      },
      setFormula(f) {
        (sheet.cells[row - 1] ??= [])[column - 1] = { kind: "formula", value: f };
        return range;
      },
      getA1Notation: () => `R${row}C${column}:R${row + numRows - 1}C${column + numColumns - 1}`,
      getRow: () => row,
      getColumn: () => column,
      getNumRows: () => numRows,
      getNumColumns: () => numColumns,
    };
    return range;
  }
  getLastRow(): number {
    return this.cells.length;
  }
  getLastColumn(): number {
    return Math.max(0, ...this.cells.map((r) => r.length));
  }
  clearContents(): SbSheet {
    this.cells = [];
    return this;
  }
  setFrozenRows(rows: number): void {
    this.frozen = rows;
  }
  hideSheet(): SbSheet {
    this.hidden = true;
    return this;
  }
}

/** Sheets' setValues reading of one value. */
function typed(v: unknown): Stored {
  if (typeof v === "number") return { kind: "number", value: v };
  if (typeof v === "boolean") return { kind: "boolean", value: v };
  const s = String(v ?? "");
  if (s === "") return { kind: "empty", value: "" };
  if (s.startsWith("'")) return { kind: "text", value: s.slice(1) };
  if (s.startsWith("=")) return { kind: "formula", value: s };
  if (/^[-+]?\d+(\.\d+)?$/.test(s)) return { kind: "number", value: Number(s) };
  return { kind: "text", value: s };
}

class FakeBook implements SbSpreadsheet {
  readonly sheets = new Map<string, FakeSheet>();
  active: { sheet: FakeSheet; range: SbRange } | null = null;
  getSheetByName(name: string): FakeSheet | null {
    return this.sheets.get(name) ?? null;
  }
  insertSheet(name: string): FakeSheet {
    if (this.sheets.has(name)) throw new Error(`A sheet with the name "${name}" already exists`);
    const s = new FakeSheet(name);
    this.sheets.set(name, s);
    return s;
  }
  deleteSheet(sheet: SbSheet): void {
    this.sheets.delete(sheet.getName());
  }
  getActiveRange(): SbRange | null {
    return this.active?.range ?? null;
  }
  getActiveSheet(): SbSheet {
    return this.active?.sheet ?? [...this.sheets.values()][0] ?? this.insertSheet("Sheet1");
  }
}

class FakeProps implements SbProperties {
  readonly map = new Map<string, string>();
  getProperty(k: string): string | null {
    return this.map.get(k) ?? null;
  }
  setProperty(k: string, v: string): void {
    this.map.set(k, v);
  }
  deleteProperty(k: string): void {
    this.map.delete(k);
  }
}

const NAMES = [
  '=HYPERLINK("http://x","y")',
  "+Plus Size Linen Shirt",
  "-20% Bundle",
  "@home Towel",
  "0012",
];

function setup(total: number, failOnPage?: number) {
  const book = new FakeBook();
  const docProps = new FakeProps();
  const userProps = new FakeProps();
  const triggers: string[] = [];
  const calls: Array<Readonly<Record<string, unknown>>> = [];
  const runCall = (_endpoint: string, params: Readonly<Record<string, unknown>>): unknown => {
    calls.push(params);
    const page = Number(params.page);
    const size = Number(params.pageSize);
    if (page === failOnPage) throw new Error("Could not reach the API");
    const entries = Array.from(
      { length: Math.max(0, Math.min(size, total - page * size)) },
      (_, k) => {
        const i = page * size + k;
        return {
          rank: i + 1,
          itemId: 5000 + i,
          name: NAMES[i] ?? `Product ${i}`,
          totalProfit: 900 - i,
        };
      },
    );
    return {
      entries,
      page,
      pageSize: size,
      totalItems: total,
      totalPages: Math.ceil(total / size),
      dataFreshAt: [2025, 6, 30, 2, 0, 0],
    };
  };
  const server = createSidebarServer({
    spreadsheet: () => book,
    documentProperties: () => docProps,
    userProperties: () => userProps,
    runCall,
    runFunction: (name: string, args: CellInput[]): CellResult => {
      if (args[4] === 0) throw new Error("cogs must be positive");
      return Number(args[4]) * 2;
    },
    triggers: () => ({
      handlers: () => [...triggers],
      createDaily: (h) => void triggers.push(h),
      deleteAll: (h) => {
        for (let i = triggers.length - 1; i >= 0; i--) if (triggers[i] === h) triggers.splice(i, 1);
      },
    }),
    now: () => new Date("2025-07-01T08:00:00Z"),
    elapsedMs: () => 0,
  });
  return { book, docProps, userProps, server, calls, triggers };
}

const DEF: ImportDefinition = {
  id: "p",
  kind: "productsByProfit",
  marketplace: "A",
  shopId: "100001",
  region: "SG",
  sheetName: "Profit",
};

/** What the sidebar does: begin, page until done, commit (abort on failure). */
function drive(server: ReturnType<typeof setup>["server"], def: ImportDefinition) {
  const { token, state: first } = server.sidebarImportBegin(def);
  let state = first;
  try {
    while (!state.done) state = server.sidebarImportPage(token, def, state).state;
  } catch (e) {
    server.sidebarImportAbort(token);
    throw e;
  }
  return server.sidebarImportCommit(token, def, state);
}

describe("Sheets sidebar import server functions", () => {
  test("2,000 rows: staged per page, committed with one setValues per 500-row chunk", () => {
    const { book, server, calls } = setup(2000);
    const result = drive(server, DEF);
    expect(result.rows).toBe(2000);
    expect(calls.map((c) => c.page)).toEqual([0, 1, 2, 3]);
    const target = book.getSheetByName("Profit");
    expect(target).not.toBeNull();
    if (!target) return;
    // 2,001 rows (header + 2,000) in chunks of 500: 5 setValues on the target, none per cell.
    expect(target.setValuesCalls).toBe(5);
    expect(target.cells).toHaveLength(2001);
    expect(target.cells[0]?.map((c) => c.value)).toEqual([
      "Rank",
      "Item id",
      "Name",
      "Total profit",
    ]);
    expect(target.cells.slice(1).map((r) => r[1]?.value)).toEqual(
      Array.from({ length: 2000 }, (_, i) => 5000 + i),
    );
    for (const [i, name] of NAMES.entries())
      expect(target.cells[i + 1]?.[2]).toEqual({ kind: "text", value: name });
    expect(target.cells.flat().some((c) => c.kind === "formula")).toBe(false);
    expect(target.frozen).toBe(1);
    expect(target.formats).toHaveLength(2000);
    expect(target.formats[0]).toEqual(["0", "0", "@", "#,##0.00"]);
    expect(target.note).toContain("Data fresh at: 2025-06-30T02:00:00Z");
    expect(target.note).toContain("Imported at: 2025-07-01T08:00:00.000Z");
    expect(target.note).toContain("Rows: 2000");
    expect([...book.sheets.keys()]).toEqual(["Profit"]); // staging sheet removed
  });

  test("a failed page leaves the previous data and removes the staging sheet", () => {
    const ok = setup(1200);
    drive(ok.server, DEF);
    const before = JSON.stringify(ok.book.getSheetByName("Profit")?.cells);
    const failing = setup(1200, 2);
    failing.book.sheets.set("Profit", ok.book.getSheetByName("Profit") as FakeSheet);
    expect(() => drive(failing.server, DEF)).toThrow(/Could not reach the API/);
    expect(JSON.stringify(failing.book.getSheetByName("Profit")?.cells)).toBe(before);
    expect([...failing.book.sheets.keys()]).toEqual(["Profit"]);
  });

  test("commit refuses an unfinished import", () => {
    const { server, book } = setup(1200);
    const { token, state } = server.sidebarImportBegin(DEF);
    const after = server.sidebarImportPage(token, DEF, state).state;
    expect(() => server.sidebarImportCommit(token, DEF, after)).toThrow(/not finished/);
    expect(book.getSheetByName("Profit")).toBeNull();
  });

  test("definitions in document properties, daily trigger on and off, refresh all", () => {
    const { server, docProps, triggers, book } = setup(700);
    server.sidebarSaveImport(DEF);
    server.sidebarSaveImport({ ...DEF, id: "q", sheetName: "Profit 2" });
    expect(server.sidebarListImports().map((d) => d.id)).toEqual(["p", "q"]);
    expect([...docProps.map.values()].join()).not.toMatch(/pat_/);
    expect(server.sidebarSetAutoRefresh(true).enabled).toBe(true);
    expect(triggers).toEqual([DAILY_REFRESH_HANDLER]);
    expect(server.sidebarRefreshAllImports()).toEqual({ refreshed: 2, failed: [] });
    expect(book.getSheetByName("Profit 2")?.cells).toHaveLength(701);
    expect(server.sidebarSetAutoRefresh(false).enabled).toBe(false);
    expect(server.sidebarDeleteImport("p").map((d) => d.id)).toEqual(["q"]);
  });

  test("bulk rows answer one by one; a failing row shows its error; answers written beside", () => {
    const { server, book } = setup(0);
    const sheet = book.insertSheet("Inputs");
    book.active = { sheet, range: sheet.getRange(1, 1, 3, 2) };
    const job = {
      functionName: "REQUIRED_PRICE",
      hasHeader: false,
      args: [
        { kind: "value" as const, value: "B" },
        { kind: "empty" as const },
        { kind: "value" as const, value: "TH" },
        { kind: "column" as const, column: 0 },
        { kind: "column" as const, column: 1 },
        { kind: "value" as const, value: 0.25 },
      ],
    };
    const answers = server.sidebarBulkRows(job, [
      [12, 100],
      [12, 0],
      ["", ""],
    ]);
    expect(answers).toEqual([[200], ["#ERROR: cogs must be positive"], [""]]);
    const before = sheet.setValuesCalls;
    const written = server.sidebarWriteBeside(answers);
    expect(sheet.setValuesCalls).toBe(before + 1);
    expect(sheet.cells[1]?.[2]).toEqual({ kind: "text", value: "#ERROR: cogs must be positive" });
    expect(written.address).toBe("Inputs!R1C3:R3C3");
  });
});
