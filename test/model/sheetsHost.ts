/**
 * Google Sheets for the seller-data model: the add-on's own sidebar server
 * (createSidebarServer: the sidebar service over sheetStage, sheetTables and the document's
 * properties) on the SpreadsheetApp fakes (test/hosts/sheets/fakes.ts), the sidebar's import
 * loop calling it as google.script.run does (arguments and answers through JSON), and the
 * menu's and daily trigger's refresh. The seller's hands are the sheet's own operations:
 * insertColumnBefore, deleteRow, a range's sort, setName (cells move with their formats and
 * notes, as in Sheets).
 */
import { runSync } from "../../src/core/syncDriver";
import type { Cell } from "../../src/functions/cells";
import { createSidebarServer } from "../../src/hosts/sheets/sidebar/sidebarServer";
import { TABLE_RECORDS_SHEET } from "../../src/hosts/sheets/sheet/sheetTables";
import { runJob, type JobClient } from "../../src/sidebar/jobs/driveJob";
import type { ImportResult } from "../../src/sidebar/views";
import {
  FakeClock,
  FakeProperties,
  FakeSpreadsheet,
  fakeFormatDate,
  typedCell,
  type FakeSheet,
} from "../hosts/sheets/fakes";
import { removeGoneAsked, sortOrder, type ModelHost, type UnattendedOutcome } from "./host";
import type { ScriptedApi } from "./scriptedApi";
import type { HttpRequest } from "../../src/core/request";
import type { HttpResponse } from "../../src/core/response";

export const MODEL_BASE_URL = "https://api.model.example";
export const MODEL_KEY = "mkta_pat_model0000000000000000";

/** What google.script.run carries: JSON both ways (no Date, no undefined in arrays). */
const wire = <T>(x: T): T => (x === undefined ? x : (JSON.parse(JSON.stringify(x)) as T));
/**
 * A google.script.run call (JSON both ways) as its own execution, a minute after the last
 * one: time passes between the add-on's runs, not inside one (a job's step reads the clock
 * many times, and a clock that jumped a minute a read ran every step out of time at once).
 */
const viaScriptRun =
  (clock: FakeClock) =>
  <A extends unknown[], R>(fn: (...args: A) => R) =>
  async (...args: A): Promise<R> => {
    clock.advance(60_000);
    return wire(fn(...wire(args)));
  };

/** What a Sheets user's document and account hold: the spreadsheet, properties, triggers. */
interface SheetsState {
  readonly book: FakeSpreadsheet;
  readonly docProps: FakeProperties;
  readonly userProps: FakeProperties;
  readonly registry: string[];
  readonly clock: FakeClock;
}

const copyProps = (from: FakeProperties): FakeProperties => {
  const to = new FakeProperties();
  for (const [k, v] of from.map) to.map.set(k, v);
  return to;
};

export type SheetsModelHost = ModelHost & {
  readonly book: FakeSpreadsheet;
  readonly server: ReturnType<typeof createSidebarServer>;
};

/** The add-on in one spreadsheet, answered by `api` (a sync transport, as UrlFetchApp). */
export function sheetsHost(
  api: { answer(request: HttpRequest): HttpResponse } | ScriptedApi,
  from?: SheetsState,
): SheetsModelHost {
  const state: SheetsState = from ?? {
    book: new FakeSpreadsheet("doc-model", "Team pricing"),
    docProps: new FakeProperties(),
    userProps: new FakeProperties(),
    registry: [],
    clock: new FakeClock(),
  };
  const { book, clock, docProps, userProps, registry } = state;
  if (!from) {
    userProps.setProperty("mkt.baseUrl", MODEL_BASE_URL);
    userProps.setProperty("mkt.apiKey", MODEL_KEY);
  }
  const server = createSidebarServer({
    spreadsheet: () => book,
    openSpreadsheet: (id) => {
      if (id !== book.getId()) throw new Error("Exception: no such spreadsheet");
      return book;
    },
    documentProperties: () => docProps,
    userProperties: () => userProps,
    runProgram: (program) =>
      runSync(program, {
        baseUrl: MODEL_BASE_URL,
        apiKey: MODEL_KEY,
        transport: {
          fetch: (r) => api.answer(r),
          fetchAll: (rs) => rs.map((r) => api.answer(r)),
        },
        clock: { now: () => clock.now(), sleep: (ms) => clock.advance(ms) },
        deadline: Number.POSITIVE_INFINITY,
      }),
    runFunction: () => {
      throw new Error("The model runs no bulk rows");
    },
    triggers: () => ({
      handlers: () => [...registry],
      createDaily: (h) => void registry.push(h),
      deleteAll: (h) => {
        for (let i = registry.length - 1; i >= 0; i--) if (registry[i] === h) registry.splice(i, 1);
      },
    }),
    now: () => new Date(clock.now()),
    elapsedMs: () => 0,
    formatDate: fakeFormatDate,
  });
  const run = viaScriptRun(clock);
  const jobs: JobClient = {
    start: run(server.sidebarJobStart),
    step: (id) => run(server.sidebarJobStep)(id, "model-sidebar"),
    confirm: run(server.sidebarJobConfirm),
    answer: run(server.sidebarJobAnswer),
    cancel: run(server.sidebarJobCancel),
    list: run(server.sidebarJobList),
  };
  // A job's waits pass on the document's clock.
  const sleep = async (ms: number): Promise<void> => void clock.advance(ms);
  const sheet = (name: string): FakeSheet => {
    const found = book.getSheetByName(name);
    if (!found) throw new Error(`harness: no sheet ${name}`);
    return found as FakeSheet;
  };
  const unattended = (outcome: {
    refreshed: number;
    failed: string[];
    kept?: string[];
  }): UnattendedOutcome => ({
    written: outcome.refreshed > 0,
    notes: [...outcome.failed, ...(outcome.kept ?? [])],
  });

  return {
    name: "sheets",
    book,
    server,
    fork: (next) =>
      sheetsHost(next, {
        book: book.copy(),
        docProps: copyProps(docProps),
        userProps: copyProps(userProps),
        registry: [...registry],
        clock: new FakeClock(clock.now()),
      }),
    async grid(name) {
      const found = book.getSheetByName(name) as FakeSheet | null;
      return found ? (found.values() as Cell[][]) : null;
    },
    sheetNames: async () => book.getSheets().map((s) => s.getName()),
    async fingerprint(name) {
      const found = book.getSheetByName(name) as FakeSheet | null;
      const records = book.getSheetByName(TABLE_RECORDS_SHEET) as FakeSheet | null;
      // Its record's row: keyed by the sheet's id (a number) or, older, by its name.
      const own = (records?.values() ?? []).filter(
        (line) => line[0] === name || (found !== null && line[0] === found.getSheetId()),
      );
      return JSON.stringify([found?.values() ?? null, own]);
    },

    async type(name, row, col, value) {
      // Typed in the UI: "12" becomes a number, as Sheets reads what a seller types.
      sheet(name).put(row + 1, col + 1, typedCell(value));
    },
    insertColumn: async (name, col) => void sheet(name).insertColumnBefore(col + 1),
    deleteColumn: async (name, col) => void sheet(name).deleteColumn(col + 1),
    insertRow: async (name, row) => void sheet(name).insertRowBefore(row + 1),
    deleteRow: async (name, row) => void sheet(name).deleteRow(row + 1),
    async sortRange(name, box, by, ascending) {
      if (box.rows < 1 || box.cols < 1) return;
      sheet(name)
        .getRange(box.top + 1, box.left + 1, box.rows, box.cols)
        .sort({ column: by + 1, ascending }, sortOrder);
    },
    async copyRow(name, from, to) {
      const s = sheet(name);
      const width = Math.max(1, s.getLastColumn());
      s.getRange(from + 1, 1, 1, width).copyTo(s.getRange(to + 1, 1, 1, width));
    },
    renameSheet: async (from, to) => void sheet(from).setName(to),
    async loseRecord(_name, how) {
      const records = book.getSheetByName(TABLE_RECORDS_SHEET) as FakeSheet | null;
      if (!records) return;
      // A teammate unhides "~mkt tables" and deletes it, or cuts its cells' text short.
      if (how === "delete") return book.deleteSheet(records);
      const width = records.getLastColumn();
      for (let r = 1; r <= records.getLastRow(); r++) {
        const last = records.getRange(r, 2, 1, Math.max(1, width - 1)).getValues()[0] ?? [];
        const end = last.map(String).reduce((at, v, i) => (v !== "" ? i : at), 0);
        const text = String(last[end] ?? "");
        records.put(r, end + 2, typedCell(`'${text.slice(0, Math.max(0, text.length - 7))}`));
      }
    },

    async setBasis(basis) {
      userProps.setProperty("mkt.countVat", basis.countVat ? "on" : "off");
      userProps.setProperty("mkt.salesWindowDays", String(basis.salesWindowDays));
    },
    async saveImport(def) {
      await run(server.sidebarSaveImport)(def);
    },
    // An import is a job, one step a google.script.run call, as the sidebar runs it.
    runImport: (def, confirm) =>
      runJob(jobs, "import", { def }, { confirm, sleep }) as Promise<ImportResult>,
    async refreshSaved(kind) {
      // The menu's and the daily trigger's run, each its own execution a minute on.
      clock.advance(60_000);
      if (kind === "menu") return unattended(server.sidebarRefreshThisDocument());
      if (!registry.length) server.sidebarSetAutoRefresh(true);
      return unattended(server.sidebarRefreshAllImports());
    },
    async resort(name) {
      await run(server.sidebarResortTable)(name);
    },
    removeGone: (name, confirm) =>
      removeGoneAsked(
        {
          goneRows: run(server.sidebarGoneRows),
          removeGoneRows: run(server.sidebarRemoveGoneRows),
        },
        name,
        confirm,
      ),
    async snapshot(name) {
      await runJob(jobs, "snapshot", { sheetName: name }, { sleep });
    },
  };
}
