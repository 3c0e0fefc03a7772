/**
 * The Sheets sidebar's import server functions over small SpreadsheetApp fakes that keep the
 * host's rules: setValues must match the range's size and reads text as Sheets does (fakes.ts:
 * "=..." becomes a formula, number-like text a number) unless the cell is Plain text ("@"). A 2,000-row import is staged page by page and
 * committed with one setValues per 500-row chunk, never one per cell; a failed page leaves
 * the target untouched.
 */
import type { Program } from "../../../src/core/effects";
import type { CellInput, CellResult } from "../../../src/functions/cells";
import type { ImportDefinition } from "../../../src/imports/definitions";
import type { ImportResult } from "../../../src/sidebar/views";
import {
  MAX_OPEN_MISSES,
  MAX_REFRESH_DOCUMENTS,
} from "../../../src/hosts/sheets/refresh/refreshRegistry";
import {
  DAILY_REFRESH_HANDLER,
  createSidebarServer,
  type SbProperties,
  type SbRange,
  type SbSheet,
  type SbSpreadsheet,
} from "../../../src/hosts/sheets/sidebar/sidebarServer";
import { fakeFormatDate, typedCell } from "./fakes";
import { jobsPending } from "../../../src/hosts/sheets/sheet/sheetJobs";
import { formulaR1C1 } from "./sim/formula";

/** A1 notation as Apps Script's getA1Notation gives it (column letters, 1-based row). */
function a1(row: number, column: number): string {
  let letters = "";
  for (let c = column; c > 0; c = Math.floor((c - 1) / 26)) {
    letters = String.fromCharCode(65 + ((c - 1) % 26)) + letters;
  }
  return `${letters}${row}`;
}

type Stored = {
  kind: "text" | "number" | "formula" | "empty" | "boolean";
  value: string | number | boolean;
};

class FakeSheet implements SbSheet {
  cells: Stored[][] = [];
  setValuesCalls = 0;
  /** Number formats by "row,column" (1-based). */
  formats = new Map<string, string>();
  frozen = 0;
  note = "";
  hidden = false;
  boldHeader = false;
  /** Sheet.getSheetId(): a number per tab, never reused. */
  private static ids = 0;
  readonly id = FakeSheet.ids++;
  constructor(readonly name: string) {}
  getName(): string {
    return this.name;
  }
  getSheetId(): number {
    return this.id;
  }
  private self(): FakeSheet {
    return this;
  }
  getRange(row: number, column: number, numRows: number, numColumns: number): SbRange {
    const sheet: FakeSheet = this.self();
    const range: SbRange = {
      copyTo() {
        throw new Error("copyTo is not faked here (managedTable.test.ts covers re-sorts)");
      },
      clear() {
        for (let i = 0; i < numRows; i++)
          for (let j = 0; j < numColumns; j++)
            if (sheet.cells[row - 1 + i]?.[column - 1 + j])
              (sheet.cells[row - 1 + i] as Stored[])[column - 1 + j] = { kind: "empty", value: "" };
        return range;
      },
      // Fills are not looked at here (managedTable.test.ts and the model test see them).
      setBackground: () => range,
      getFormulas: () => [],
      setValues(values) {
        if (values.length !== numRows || values.some((r) => r.length !== numColumns)) {
          throw new Error(`The number of rows or columns in the data does not match the range`);
        }
        sheet.setValuesCalls++;
        values.forEach((r, i) =>
          r.forEach((v, j) => {
            const format = sheet.formats.get(`${row + i},${column + j}`);
            (sheet.cells[row - 1 + i] ??= [])[column - 1 + j] = typed(v, format);
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
        f.forEach((r, i) => r.forEach((x, j) => sheet.formats.set(`${row + i},${column + j}`, x)));
        return range;
      },
      getNumberFormats: () =>
        Array.from({ length: numRows }, (_, i) =>
          Array.from(
            { length: numColumns },
            (_, j) => sheet.formats.get(`${row + i},${column + j}`) ?? "General",
          ),
        ),
      setNote(n) {
        sheet.note = n;
        return range;
      },
      getNote: () => (row === 1 && column === 1 ? sheet.note : ""),
      setFontWeight(w) {
        if (row === 1 && w === "bold") sheet.boldHeader = true;
        return range;
      },
      setFormula(f) {
        (sheet.cells[row - 1] ??= [])[column - 1] = { kind: "formula", value: f };
        return range;
      },
      getFormulasR1C1: () =>
        Array.from({ length: numRows }, (_, i) =>
          Array.from({ length: numColumns }, (_, j) => {
            const c = sheet.cells[row - 1 + i]?.[column - 1 + j];
            return c?.kind === "formula" ? formulaR1C1(String(c.value), row + i, column + j) : "";
          }),
        ),
      getA1Notation: () => `${a1(row, column)}:${a1(row + numRows - 1, column + numColumns - 1)}`,
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
  deleteRows(row: number, howMany: number): SbSheet {
    this.cells.splice(row - 1, howMany);
    return this;
  }
  hideSheet(): SbSheet {
    this.hidden = true;
    return this;
  }
}

/** Sheets' setValues reading of one value (the shared fake's rules). */
function typed(v: unknown, format: string | undefined): Stored {
  return typedCell(v, format) ?? { kind: "empty", value: "" };
}

class FakeBook implements SbSpreadsheet {
  readonly sheets = new Map<string, FakeSheet>();
  active: { sheet: FakeSheet; range: SbRange } | null = null;
  /** This document's properties (PropertiesService.getDocumentProperties() inside it). */
  readonly props = new FakeProps();
  timeZone = "Etc/UTC";
  constructor(
    readonly id = "doc-1",
    readonly name = "Shop report",
  ) {}
  getId(): string {
    return this.id;
  }
  getName(): string {
    return this.name;
  }
  getSheetByName(name: string): FakeSheet | null {
    return this.sheets.get(name) ?? null;
  }
  getSheets(): FakeSheet[] {
    return [...this.sheets.values()];
  }
  setActiveSheet(sheet: SbSheet): SbSheet {
    const own = this.sheets.get(sheet.getName());
    if (!own) throw new Error("Sheet not found");
    this.active = { sheet: own, range: own.getRange(1, 1, 1, 1) };
    return own;
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
  getSpreadsheetTimeZone(): string {
    return this.timeZone;
  }
}

class FakeProps implements SbProperties {
  readonly map = new Map<string, string>();
  getProperty(k: string): string | null {
    return this.map.get(k) ?? null;
  }
  setProperty(k: string, v: string): void {
    // PropertiesService refuses a value over 9 KB (UTF-8 bytes).
    if (Buffer.byteLength(v, "utf8") > 9 * 1024) throw new Error("Argument too large: value");
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

/** One Google user: user properties, their triggers of the add-on, the files they can open. */
interface User {
  readonly userProps: FakeProps;
  readonly triggers: string[];
  readonly drive: Map<string, FakeBook>;
  readonly opened: string[];
}

function newUser(...books: FakeBook[]): User {
  return {
    userProps: new FakeProps(),
    triggers: [],
    drive: new Map(books.map((b) => [b.id, b])),
    opened: [],
  };
}

/** Drive a body whose API calls the scripted `runCall` answers, as the Sheets driver would. */
function answeredBy<T>(
  program: Program<T>,
  runCall: (endpoint: string, params: Readonly<Record<string, unknown>>) => unknown,
): T {
  let step = program.next();
  while (!step.done) {
    const effect = step.value;
    if (effect.kind !== "call") throw new Error("The scripted API answers one call at a time");
    let reply: { ok: true; value: unknown } | { ok: false; error: unknown };
    try {
      reply = { ok: true, value: runCall(effect.endpoint, effect.params) };
    } catch (error) {
      reply = { ok: false, error };
    }
    step = reply.ok ? program.next(reply.value) : program.throw(reply.error);
  }
  return step.value;
}

/**
 * The server for one execution: `book` is the open spreadsheet, null for a time-driven run
 * (no active spreadsheet, no document properties, as Google runs an add-on's clock trigger).
 */
function setup(
  total: number,
  failOnPage?: number,
  opts: {
    user?: User;
    book?: FakeBook | null;
    elapsedMs?: () => number;
    /** openById fails with this message. */
    openFails?: string;
    /** The API names this row (0-based) 40,000 characters long, a value no API may send. */
    longNameAt?: number;
  } = {},
) {
  const book = opts.book === undefined ? new FakeBook() : opts.book;
  const user = opts.user ?? newUser(...(book ? [book] : []));
  if (book && !user.drive.has(book.id)) user.drive.set(book.id, book);
  const docProps = book?.props ?? new FakeProps();
  const userProps = user.userProps;
  const triggers = user.triggers;
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
          name: i === opts.longNameAt ? "n".repeat(40_000) : (NAMES[i] ?? `Product ${i}`),
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
  const noDocument = (): never => {
    throw new Error("No spreadsheet is open for this add-on run");
  };
  const server = createSidebarServer({
    spreadsheet: () => book ?? noDocument(),
    openSpreadsheet: (id) => {
      user.opened.push(id);
      if (opts.openFails) throw new Error(opts.openFails);
      const found = user.drive.get(id);
      if (!found)
        throw new Error(
          "Exception: Unexpected error while getting the method or property openById on object SpreadsheetApp.",
        );
      return found;
    },
    documentProperties: () => (book ? docProps : noDocument()),
    userProperties: () => userProps,
    runProgram: (program) => answeredBy(program, runCall),
    runFunction: (name: string, args: CellInput[]): CellResult => {
      if (args[4] === 0) throw new Error("cogs must be positive");
      return Number(args[4]) * 2;
    },
    triggers: () => ({
      handlers: () => [...triggers],
      createDaily: (h) => {
        if (!book)
          throw new Error("Add-ons can only create triggers for the file in which they are used.");
        triggers.push(h);
      },
      deleteAll: (h) => {
        for (let i = triggers.length - 1; i >= 0; i--) if (triggers[i] === h) triggers.splice(i, 1);
      },
    }),
    now: () => new Date("2025-07-01T08:00:00Z"),
    elapsedMs: opts.elapsedMs ?? (() => 0),
    formatDate: fakeFormatDate,
  });
  return {
    book: book ?? new FakeBook("unreachable"),
    docProps,
    userProps,
    server,
    calls,
    triggers,
    user,
  };
}

const DEF: ImportDefinition = {
  id: "p",
  kind: "productsByProfit",
  marketplace: "A",
  shopId: "100001",
  region: "SG",
  sheetName: "Profit",
};

/**
 * What the sidebar does: the import as a job, one step a call, its question answered `yes`
 * (replace) or not; a failed or cancelled job throws its message.
 */
function drive(server: ReturnType<typeof setup>["server"], def: ImportDefinition, yes = false) {
  let view = server.sidebarJobStart("import", { def });
  for (;;) {
    if (view.phase === "done") return view.result as ImportResult;
    if (view.phase === "failed" || view.phase === "cancelled") throw new Error(view.error);
    // A passing stop (no connection) waits on this test's clock, which never moves: said
    // as the sidebar says it, the job kept for the next step.
    if (view.waitMs > 0) throw new Error(view.stopped ?? "The job waits");
    view =
      view.phase === "asking"
        ? server.sidebarJobAnswer(view.id, yes)
        : server.sidebarJobStep(view.id, "sidebar-test");
  }
}

/** The hidden jobs sheet holds no unfinished job: at most the last outcome, a head alone. */
function finishedOnly(book: FakeBook): boolean {
  return !jobsPending(book);
}

describe("Sheets sidebar import server functions", () => {
  test("2,000 rows: staged per page, committed with one setValues per 500-row chunk", () => {
    const { book, server, calls } = setup(2000);
    book.timeZone = "Asia/Singapore";
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
      "Status", // a managed table marks products gone from the API's answer here
    ]);
    expect(target.cells.slice(1).map((r) => r[1]?.value)).toEqual(
      Array.from({ length: 2000 }, (_, i) => 5000 + i),
    );
    for (const [i, name] of NAMES.entries())
      expect(target.cells[i + 1]?.[2]).toEqual({ kind: "text", value: name });
    expect(target.cells.flat().some((c) => c.kind === "formula")).toBe(false);
    expect(target.frozen).toBe(1);
    // The header and every text cell Plain text, numbers in their column's format.
    const formatsOf = (row: number) => [1, 2, 3, 4].map((c) => target.formats.get(`${row},${c}`));
    expect(formatsOf(1)).toEqual(["@", "@", "@", "@"]);
    expect(formatsOf(2)).toEqual(["#,##0", "0", "@", "#,##0.00"]);
    expect(formatsOf(2001)).toEqual(["#,##0", "0", "@", "#,##0.00"]);
    // Times as the sheet shows them: in its time zone, named.
    expect(target.note).toContain("Data fresh at: 2025-06-30 10:00 (Asia/Singapore)");
    expect(target.note).toContain("Refreshed at: 2025-07-01 16:00 (Asia/Singapore)");
    expect(target.note).toContain("Rows: 2000");
    // Staging sheet removed; the managed tables' records are in their hidden sheet.
    // The hidden jobs sheet keeps the job's outcome only (its head: for the sidebar to show).
    expect([...book.sheets.keys()].filter((n) => n !== "~mkt jobs")).toEqual([
      "Profit",
      "~mkt tables",
      "Refresh log",
    ]);
    expect(finishedOnly(book)).toBe(true);
  });

  test("a page the API could not be reached for leaves the previous data; the job waits, and a cancel removes the staging", () => {
    const ok = setup(1200);
    drive(ok.server, DEF);
    const before = JSON.stringify(ok.book.getSheetByName("Profit")?.cells);
    const failing = setup(1200, 2);
    failing.book.sheets.set("Profit", ok.book.getSheetByName("Profit") as FakeSheet);
    // The job's line says where and why, and that the sheet keeps its data while it waits.
    expect(() => drive(failing.server, DEF)).toThrow(
      /^Import stopped at page 3: Could not reach the API.*The sheet is unchanged/,
    );
    expect(JSON.stringify(failing.book.getSheetByName("Profit")?.cells)).toBe(before);
    const [waiting] = failing.server.sidebarJobList();
    expect(waiting?.phase).toBe("running");
    expect(failing.server.sidebarJobCancel(waiting?.id ?? "").phase).toBe("cancelled");
    expect(JSON.stringify(failing.book.getSheetByName("Profit")?.cells)).toBe(before);
    expect([...failing.book.sheets.keys()].filter((n) => n !== "~mkt jobs")).toEqual(["Profit"]);
    expect(finishedOnly(failing.book)).toBe(true);
  });

  test("a sheet of the seller's own data is named before any page, and replaced only on their yes", () => {
    const { server, book, calls } = setup(1200);
    const own = book.insertSheet("Profit");
    own.getRange(1, 1, 2, 2).setValues([
      ["Name", "Cost"],
      ["Mug", 3.5],
    ]);
    const begun = server.sidebarJobStart("import", { def: DEF });
    expect(begun.phase).toBe("asking");
    expect(begun.question?.text).toBe(
      'Profit!A1:B2 holds data that no import wrote. Replace it with this import, or import into a new sheet "Profit 2"?',
    );
    expect(calls).toHaveLength(0);
    server.sidebarJobCancel(begun.id);
    expect(own.cells[1]?.[0]?.value).toBe("Mug");
    drive(server, DEF, true);
    expect(own.cells).toHaveLength(1201);
    expect(own.boldHeader).toBe(true);
    expect(book.getActiveSheet().getName()).toBe("Profit");
    // The sheet is an import's now: the next import asks nothing.
    expect(server.sidebarJobStart("import", { def: DEF }).phase).not.toBe("asking");
  });

  test("definitions in document properties; Refresh imports refreshes this document", () => {
    const { server, docProps, book, userProps } = setup(700);
    server.sidebarSaveImport(DEF);
    server.sidebarSaveImport({ ...DEF, id: "q", sheetName: "Profit 2" });
    expect(server.sidebarListImports().map((d) => d.id)).toEqual(["p", "q"]);
    expect([...docProps.map.values()].join()).not.toMatch(/pat_/);
    // Daily refresh is off: nothing is copied into the user's properties.
    expect(userProps.map.size).toBe(0);
    expect(server.sidebarRefreshThisDocument()).toEqual({ refreshed: 2, failed: [], kept: [] });
    expect(book.getSheetByName("Profit 2")?.cells).toHaveLength(701);
    expect(server.sidebarDeleteImport("p").map((d) => d.id)).toEqual(["q"]);
  });

  test("a refresh with one row out of bounds writes the others and names it in the run's notes", () => {
    const { server, book } = setup(200, undefined, { longNameAt: 120 });
    server.sidebarSaveImport(DEF);
    expect(server.sidebarRefreshThisDocument()).toEqual({
      refreshed: 1,
      failed: [],
      kept: [
        "Profit: left out 1 row the API sent with a value the spec does not allow (item 5120: name is 40,000 characters long (a name has at most 1,000)): tell your API provider",
      ],
    });
    const cells = book.getSheetByName("Profit")?.cells ?? [];
    expect(cells).toHaveLength(200); // the header and 199 products
    expect(cells.flat().some((c) => c?.value === 5120)).toBe(false);
  });

  test("daily refresh in two documents: one trigger; the handler (no open spreadsheet) refreshes both", () => {
    const one = new FakeBook("doc-1", "Shop A");
    const two = new FakeBook("doc-2", "Shop B");
    const user = newUser(one, two);
    const inOne = setup(700, undefined, { user, book: one }).server;
    const inTwo = setup(700, undefined, { user, book: two }).server;
    inOne.sidebarSaveImport(DEF);
    inTwo.sidebarSaveImport({ ...DEF, id: "t", sheetName: "Profit TH", region: "TH" });

    expect(inOne.sidebarGetAutoRefresh()).toMatchObject({ enabled: false, documents: 0 });
    expect(inOne.sidebarSetAutoRefresh(true)).toMatchObject({ enabled: true, documents: 1 });
    expect(inTwo.sidebarGetAutoRefresh().enabled).toBe(false); // per document
    expect(inTwo.sidebarSetAutoRefresh(true)).toMatchObject({ enabled: true, documents: 2 });
    expect(inTwo.sidebarSetAutoRefresh(true).documents).toBe(2); // idempotent
    expect(user.triggers).toEqual([DAILY_REFRESH_HANDLER]);

    // Saved after enabling: the copy the trigger reads follows.
    inOne.sidebarSaveImport({ ...DEF, id: "p2", sheetName: "Profit again" });

    const fired = setup(700, undefined, { user, book: null }).server;
    expect(() => fired.sidebarListImports()).toThrow(/No spreadsheet is open/);
    expect(fired.sidebarRefreshAllImports()).toEqual({
      refreshed: 3,
      failed: [],
      kept: [],
      dropped: [],
    });
    expect(user.opened.sort()).toEqual(["doc-1", "doc-2"]);
    expect(one.getSheetByName("Profit")?.cells).toHaveLength(701);
    expect(one.getSheetByName("Profit again")?.cells).toHaveLength(701);
    expect(two.getSheetByName("Profit TH")?.cells).toHaveLength(701);
    expect(two.getSheetByName("Profit")).toBeNull();
    expect([...one.sheets.keys()].some((n) => n.startsWith("~import"))).toBe(false);
    expect(inOne.sidebarGetAutoRefresh().lastRun).toEqual({
      at: "2025-07-01T08:00:00.000Z",
      refreshed: 3,
      notes: [],
    });
    // Nothing secret in the registry: definitions and ids only.
    expect([...user.userProps.map.values()].join()).not.toMatch(/pat_|apiKey/);

    expect(inOne.sidebarSetAutoRefresh(false)).toMatchObject({ enabled: false, documents: 1 });
    expect(user.triggers).toEqual([DAILY_REFRESH_HANDLER]);
    expect(inTwo.sidebarGetAutoRefresh().enabled).toBe(true);
    expect(inTwo.sidebarSetAutoRefresh(false)).toMatchObject({ enabled: false, documents: 0 });
    expect(user.triggers).toEqual([]);
    expect([...user.userProps.map.keys()].filter((k) => k.includes(".doc."))).toEqual([]);
  });

  test("a deleted document is dropped with a note; the last one gone removes the trigger", () => {
    const one = new FakeBook("doc-1", "Shop A");
    const two = new FakeBook("doc-2", "Shop B");
    const user = newUser(one, two);
    for (const book of [one, two]) {
      const { server } = setup(50, undefined, { user, book });
      server.sidebarSaveImport(DEF);
      server.sidebarSetAutoRefresh(true);
    }
    user.drive.delete("doc-1");
    const run = setup(50, undefined, { user, book: null }).server.sidebarRefreshAllImports();
    expect(run.refreshed).toBe(1);
    expect(run.dropped).toEqual([
      expect.stringMatching(/^Shop A: dropped from daily refresh \(could not open it: .*openById/),
    ]);
    const inTwo = setup(50, undefined, { user, book: two }).server;
    expect(inTwo.sidebarGetAutoRefresh()).toMatchObject({ enabled: true, documents: 1 });
    expect(inTwo.sidebarGetAutoRefresh().lastRun?.notes[0]).toMatch(/^Shop A: dropped/);
    expect(user.triggers).toEqual([DAILY_REFRESH_HANDLER]);

    user.drive.delete("doc-2");
    expect(
      setup(50, undefined, { user, book: null }).server.sidebarRefreshAllImports().dropped,
    ).toHaveLength(1);
    expect(user.triggers).toEqual([]);
  });

  test("an open failure that does not say the document is gone is retried before dropping", () => {
    const one = new FakeBook("doc-1", "Shop A");
    const user = newUser(one);
    const { server } = setup(50, undefined, { user, book: one });
    server.sidebarSaveImport(DEF);
    server.sidebarSetAutoRefresh(true);
    const openFails = "Service Spreadsheets timed out while accessing document with id doc-1.";
    for (let run = 1; run < MAX_OPEN_MISSES; run++) {
      const r = setup(50, undefined, {
        user,
        book: null,
        openFails,
      }).server.sidebarRefreshAllImports();
      expect(r.dropped).toEqual([]);
      expect(r.failed).toEqual([expect.stringMatching(/^Shop A: could not open it .*timed out/)]);
    }
    // A good run in between starts the count again.
    expect(
      setup(50, undefined, { user, book: null }).server.sidebarRefreshAllImports().refreshed,
    ).toBe(1);
    for (let run = 1; run < MAX_OPEN_MISSES; run++)
      setup(50, undefined, { user, book: null, openFails }).server.sidebarRefreshAllImports();
    expect(user.triggers).toEqual([DAILY_REFRESH_HANDLER]);
    const last = setup(50, undefined, { user, book: null, openFails }).server;
    expect(last.sidebarRefreshAllImports().dropped).toHaveLength(1);
    expect(user.triggers).toEqual([]);
  });

  test("refuses a document past the limit, and the trigger is made only once", () => {
    const user = newUser();
    for (let i = 0; i < MAX_REFRESH_DOCUMENTS; i++) {
      const { server } = setup(0, undefined, { user, book: new FakeBook(`doc-${i}`, `Shop ${i}`) });
      server.sidebarSaveImport(DEF);
      expect(server.sidebarSetAutoRefresh(true).documents).toBe(i + 1);
    }
    const extra = setup(0, undefined, { user, book: new FakeBook("doc-x", "One too many") }).server;
    expect(() => extra.sidebarSetAutoRefresh(true)).toThrow(
      new RegExp(`Daily refresh is on in ${MAX_REFRESH_DOCUMENTS} spreadsheets already`),
    );
    expect(user.triggers).toEqual([DAILY_REFRESH_HANDLER]);
    // Every value stays under PropertiesService's 9 KB.
    for (const v of user.userProps.map.values())
      expect(Buffer.byteLength(v)).toBeLessThan(9 * 1024);
  });

  test("another editor's change to the definitions reaches the copy when this user opens the sidebar", () => {
    const one = new FakeBook("doc-1", "Shop A");
    const user = newUser(one);
    const { server } = setup(50, undefined, { user, book: one });
    server.sidebarSaveImport(DEF);
    server.sidebarSetAutoRefresh(true);
    // Someone else (their own user properties) adds an import in the same document.
    setup(50, undefined, { user: newUser(one), book: one }).server.sidebarSaveImport({
      ...DEF,
      id: "x",
      sheetName: "Theirs",
    });
    expect(
      setup(50, undefined, { user, book: null }).server.sidebarRefreshAllImports().refreshed,
    ).toBe(1);
    server.sidebarGetAutoRefresh();
    expect(
      setup(50, undefined, { user, book: null }).server.sidebarRefreshAllImports().refreshed,
    ).toBe(2);
    expect(one.getSheetByName("Theirs")?.cells).toHaveLength(51);
  });

  test("out of time: the documents refreshed longest ago go first next time", () => {
    const one = new FakeBook("doc-1", "Shop A");
    const two = new FakeBook("doc-2", "Shop B");
    const user = newUser(one, two);
    for (const book of [one, two]) {
      const { server } = setup(50, undefined, { user, book });
      server.sidebarSaveImport(DEF);
      server.sidebarSetAutoRefresh(true);
    }
    // Time runs out after the first document's import.
    let budgetChecks = 0;
    // (Three reads for the first document: the run's, its import's, its deadline's.)
    const tight = () => (++budgetChecks > 3 ? 10 * 60_000 : 0);
    const first = setup(50, undefined, { user, book: null, elapsedMs: tight }).server;
    expect(first.sidebarRefreshAllImports()).toMatchObject({
      refreshed: 1,
      failed: ["Shop B: skipped (out of time)"],
    });
    budgetChecks = 0;
    user.opened.length = 0;
    const second = setup(50, undefined, { user, book: null, elapsedMs: tight }).server;
    expect(second.sidebarRefreshAllImports().failed).toEqual(["Shop A: skipped (out of time)"]);
    expect(user.opened).toEqual(["doc-2"]);
  });
});

describe("review fixes", () => {
  test("a selected date cell reads as the day the sheet shows (bulk calculation)", () => {
    const { server, book } = setup(0);
    book.timeZone = "Asia/Singapore";
    const sheet = book.insertSheet("Input");
    // DATE(2025,7,1) and a date-time in a Singapore sheet, as getValues returns them.
    const values = [
      [new Date(Date.UTC(2025, 5, 30, 16, 0, 0)), 5],
      [new Date(Date.UTC(2025, 6, 1, 1, 30, 0)), "x"],
    ];
    book.active = { sheet, range: { ...sheet.getRange(1, 1, 2, 2), getValues: () => values } };
    expect(server.sidebarReadSelection().values).toEqual([
      ["2025-07-01", 5],
      ["2025-07-01 09:30:00", "x"],
    ]);
  });

  test("saved definitions over 9 KB in UTF-8 are refused with the add-on's message", () => {
    const { server } = setup(0);
    // Thai sheet names: 3 bytes a character, so 9,000 characters would be ~27 KB.
    const thai = "\u0e01".repeat(90);
    const save = () => {
      for (let i = 0; i < 25; i++)
        server.sidebarSaveImport({ ...DEF, id: `t${i}`, sheetName: `${thai}${i}` });
    };
    expect(save).toThrow("Too many saved imports for this document: delete some");
  });
});
