/**
 * An import's parts over the ports, which the import job (jobs/importJob.ts) runs as its steps:
 * where it writes (and whose data is there), one page fetched and staged, the staged table
 * committed into its sheet (whole, or merged by id into a managed table), the log's row.
 * Pages wait in the host's stage (Sheets: a hidden sheet; Excel and the web demo: the
 * document) until the last one is in: the target is touched only at commit.
 */
import { ApiError, isApiError, messageOf } from "../core/errors";
import { listPage } from "../core/paginate";
import { describeImport, type ImportDefinition } from "../imports/definitions";
import type { ImportState } from "../imports/plan";
import { cutAtLimit, headerRow, importTitle, leftOutText } from "../imports/plan";
import { notFoundText, readStep, stepCall } from "../imports/plan";
import { freeSheetName, keptSheetNames, parseSheetNames } from "../imports/sheetName";
import { importBasis } from "../imports/tableBasis";
import { io, type Op } from "./op";
import type { SidebarPorts } from "./ports";
import { logRefresh } from "./refreshLog";
import { parseSavedImports } from "./savedImports";
import { keptCells, refreshNotes } from "./refreshNotes";
import { parseTableRecord } from "../imports/managedTable";
import { commitTable, managedColumns } from "./tableCommit";
import { heldWithin } from "../imports/pricingLeftover";
import { teamCostBook } from "./costBookSheet";
import { importCostLine } from "../imports/costBook/importCosts";
import type { CommitChoice, ImportResult, ImportTarget } from "./views";

/** The seller's data an import into `def`'s sheet would replace ("Names!A1:D4"), or null. */
export function* othersData(p: SidebarPorts, def: ImportDefinition): Op<string | null> {
  const data = yield* io(() => p.stage.dataIn(def.sheetName));
  if (data === null || data.imported === true) return null;
  // A sheet the add-in keeps a table record for is its own, whatever its name was before.
  if (parseTableRecord(yield* io(() => p.tables.readRecord(def.sheetName)))) return null;
  const name = def.sheetName.toLowerCase();
  const ours = (n: string): boolean => n.toLowerCase() === name;
  // The sheet's own mark decides where the host has one: a sheet the seller made under an
  // import's old name is theirs. The list of import sheets stands in where it has none.
  const owned =
    (data.imported === null &&
      parseSheetNames(yield* io(() => p.importedSheets.read())).some(ours)) ||
    parseSavedImports(yield* io(() => p.savedImports.read())).some((d) => ours(d.sheetName));
  return owned ? null : data.address;
}

/** The import's sheet, the seller's data in it, and a free name beside it. */
export function* importTarget(p: SidebarPorts, def: ImportDefinition): Op<ImportTarget> {
  const data = yield* othersData(p, def);
  return {
    sheetName: def.sheetName,
    othersData: data,
    newSheetName: data
      ? freeSheetName(def.sheetName, yield* io(() => p.stage.sheetNames()))
      : def.sheetName,
  };
}

/**
 * The error a seller sees when a page fails: which page, why, and that nothing changed.
 * `passing`: a stop the job waits out (no connection, a 5xx burst), which stays one.
 */
export function failedOnPage(e: unknown, page: number, passing = false): ApiError {
  const code = isApiError(e) ? e.code : "NETWORK";
  return new ApiError(
    code,
    `Import stopped at page ${page}: ${messageOf(e)}. The sheet is unchanged: the import writes only once every page has arrived.`,
    passing ? { retryable: true } : {},
  );
}

/**
 * Fetch the next page (fresh, never from the cache) and stage its rows where they belong, so
 * a page fetched twice lands on the same rows.
 */
export function* stagePage(
  p: SidebarPorts,
  token: string,
  def: ImportDefinition,
  state: ImportState,
  run: <T>(program: import("../core/effects").Program<T>) => Op<T>,
): Op<ImportState> {
  const c = stepCall(def, state, yield* io(() => p.basis()));
  // listPage: an API refusing our pageSize is asked with the spec's default, kept after.
  // Entries apart: readStep leaves a row out for a value out of bounds, not the page.
  const page = yield* run(listPage(c.endpoint, c.params, "apart"));
  const sized = page.pageSize === undefined ? state : { ...state, pageSize: page.pageSize };
  // The book is read each page (the team may type in it meanwhile; each row says its cost).
  const outcome = readStep(def, sized, page.data, yield* teamCostBook(p));
  // A step that only names products ("All SKUs": B7 before B8) has nothing to stage yet.
  if (outcome.state.columns === null) return outcome.state;
  const header = state.pagesDone === 0 ? headerRow(outcome.state) : null;
  yield* io(() =>
    p.stage.append(token, {
      header,
      rows: outcome.rows,
      rowsBefore: state.rowsSoFar,
      width: Math.max(1, outcome.state.columns?.length ?? 1),
    }),
  );
  return outcome.state;
}

/**
 * Does `def`'s sheet hold nothing but part of what committing this staged table writes (its
 * header, its rows in their places)? Then every cell there is one this commit writes anyway.
 */
function* partOfCommit(
  p: SidebarPorts,
  token: string,
  def: ImportDefinition,
  state: ImportState,
): Op<boolean> {
  const columns = managedColumns(state.columns ?? []);
  const width = Math.max(1, (state.columns ?? []).length);
  const grid = yield* io(() => p.tables.read(def.sheetName));
  if (!grid || columns.length === 0) return false;
  const rows = yield* io(() => p.stage.rows(token, state.rowsSoFar, width));
  return heldWithin(grid, [columns.map((c) => c.header), ...rows]);
}

/**
 * Swap the staged table into the target sheet. Data no import wrote is replaced only when
 * the seller said yes (checked again here: the sheet may have changed while pages came).
 * The staging stays (the job drops it after its checkpoint): a commit run twice is the same.
 */
export function* commitImport(
  p: SidebarPorts,
  token: string,
  def: ImportDefinition,
  state: ImportState,
  choice: CommitChoice = {},
): Op<ImportResult> {
  if (!state.done) throw new Error("The import has not finished: nothing was changed");
  let taken = choice.saved || choice.replace ? null : yield* othersData(p, def);
  // The sheet may hold part of this very commit: an execution cut inside it (Sheets' limit,
  // a closed tab) left the cells before its mark and record. Written again, not refused.
  const ownPart = taken !== null && (yield* partOfCommit(p, token, def, state));
  if (ownPart) taken = null;
  if (taken) {
    throw new Error(
      `${taken} holds data that no import wrote, so nothing was written: import again and choose a new sheet, or confirm replacing it`,
    );
  }
  const importedAt = new Date(p.now()).toISOString();
  const basis = yield* io(() => p.basis());
  const stamp = yield* io(() => p.stamp(importedAt));
  const staged = {
    columns: state.columns ?? [],
    rowCount: state.rowsSoFar,
    dataFreshAt: state.dataFreshAt,
    importedAt,
    title: [importTitle(def, basis), importCostLine(state.costs)].filter(Boolean).join("\n"),
    refreshedBy: stamp.who,
  };
  // Unattended refreshes (menu, daily) keep the seller's edits: nobody is there to ask.
  const edits = choice.edits ?? (choice.saved ? "keep" : undefined);
  const used = importBasis(def, basis); // kept in the record (basisTables.ts)
  const topRows = cutAtLimit(def, state);
  const done = yield* commitTable(
    p,
    token,
    def.sheetName,
    staged,
    choice.show === true,
    edits,
    choice.replace === true || ownPart,
    used,
    choice.saved === true,
    topRows,
    // An unattended run's "keep" is nobody's answer: not remembered as the seller's choice.
    choice.edits !== undefined && choice.saved !== true,
  );
  const base = {
    sheetName: def.sheetName,
    rows: state.rowsSoFar,
    dataFreshAt: state.dataFreshAt,
    importedAt,
    ...(state.leftOut && state.leftOut.count > 0 ? { leftOut: state.leftOut } : {}),
    ...(state.notFound && state.notFound.length > 0 ? { notFound: state.notFound } : {}),
    ...(topRows !== undefined ? { topRows } : {}),
  };
  if (done.kind === "refresh" && !done.written)
    return { ...base, written: false, edited: done.edited, changes: done.changes };
  const notes = done.kind === "refresh" ? refreshNotes(done) : [];
  return done.kind === "refresh"
    ? {
        ...base,
        written: true,
        edited: edits === "overwrite" ? [] : done.edited,
        changes: done.changes,
        ...(notes.length > 0 ? { notes } : {}),
      }
    : base;
}

/** The refresh log's row of a committed import, and the sheet kept among imports' own. */
export function* logImport(
  p: SidebarPorts,
  def: ImportDefinition,
  state: ImportState,
  result: ImportResult,
  saved: boolean,
): Op<void> {
  // A trigger's run cannot read document properties: a saved import's sheet is its own anyway.
  if (!saved) {
    const imported = parseSheetNames(yield* io(() => p.importedSheets.read()));
    if (!imported.some((n) => n.toLowerCase() === def.sheetName.toLowerCase()))
      yield* io(() =>
        p.importedSheets.write(JSON.stringify(keptSheetNames([...imported, def.sheetName]))),
      );
  }
  // The log row last, and once: a job's log step run again after a stop adds no second row.
  const stamp = yield* io(() => p.stamp(result.importedAt));
  const c = result.changes;
  yield* logRefresh(
    p.tables,
    stamp,
    {
      what: describeImport(def),
      requests: state.pagesDone,
      rowsChanged: c ? c.updated + c.appended + c.vanished : state.rowsSoFar,
      errors: [...(result.notes ?? []), leftOutText(state.leftOut), notFoundText(state.notFound)]
        .filter((e) => e !== "")
        .join(" "),
      kept: keptCells(result.edited ?? []),
    },
    true,
  );
}
