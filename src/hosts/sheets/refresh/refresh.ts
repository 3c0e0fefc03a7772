/**
 * Refresh that works in Sheets (menu and sidebar). Sheets re-runs a custom function only when
 * its formula or inputs change, so a refresh picks our formula cells in scope (the selection,
 * the sheet, every sheet), keeps those the seller asked for (all, only those showing an error
 * or waiting, only those whose answers are older than the cache time), marks them refreshed
 * (their next run ignores answers cached before now, so they get fresh ones) and makes exactly
 * them run again (rerunCells). "Clear cache" forgets every answer and runs every formula cell
 * of the spreadsheet again, so the cells depending on the cache really recalculate.
 */
import { functionByName } from "../../../functions";
import { isOurFormula } from "../cells/ourFormulas";
import { firstCalls, runFromCache } from "../cells/cacheOnly";
import { PAUSED_TEXT, isWaitingText } from "../cells/cellTexts";
import { resetCacheCounts } from "../stores/cacheStats";
import { addFreshRegions } from "../fill/freshCache";
import { gas, type SheetLike, type SpreadsheetLike } from "../stores/gas";
import { setLiveCallsPaused } from "../cells/liveCalls";
import { readFormula } from "../cells/r1c1Formula";
import { cacheKeysOf } from "../fill/readAhead";
import { rerunCells } from "../fill/rerunCells";
import { formatFormulaCells } from "../fill/formatCells";
import { bumpCacheGeneration, cacheStore, closeSession, openSession } from "../cells/session";
import { scanSheets, type FoundCell, type ScanArea } from "../sheet/sheetScan";
import { argsForRows } from "../cells/siblingCells";

export type RefreshScope = "selection" | "sheet" | "workbook";
/** Which cells of the scope: all, those showing an error (or waiting), those with old answers. */
export type RefreshWhich = "all" | "errors" | "old";

export interface RefreshResult {
  /** Cells made to run again. */
  readonly refreshed: number;
  /** Our formula cells in scope. */
  readonly inScope: number;
}

/** What a cell shows that a "refresh errors" should run again. */
function showsProblem(text: string): boolean {
  return (
    text.startsWith("#") || text.startsWith("Error:") || isWaitingText(text) || text === PAUSED_TEXT
  );
}

function areasOf(book: SpreadsheetLike, scope: RefreshScope): Array<ScanArea<SheetLike>> {
  if (scope === "workbook") return book.getSheets().map((sheet) => ({ sheet }));
  if (scope === "sheet") return [{ sheet: book.getActiveSheet() }];
  const range = book.getActiveRange();
  if (!range) return [];
  return [
    {
      sheet: range.getSheet(),
      row: range.getRow(),
      col: range.getColumn(),
      rows: range.getNumRows(),
      cols: range.getNumColumns(),
    },
  ];
}

/** Cells whose answers are no longer fresh in the cache (or cannot be told: unreadable formulas). */
function withOldAnswers(
  book: SpreadsheetLike,
  cells: ReadonlyArray<FoundCell<SheetLike>>,
): Array<FoundCell<SheetLike>> {
  const session = openSession();
  try {
    const env = session.env;
    const old: Array<FoundCell<SheetLike>> = [];
    const groups = new Map<string, Array<FoundCell<SheetLike>>>();
    const columns = new Map<string, Array<FoundCell<SheetLike>>>();
    for (const c of cells) {
      const key = `${c.sheet.getName()}\n${c.col}`;
      columns.set(key, [...(columns.get(key) ?? []), c]);
    }
    for (const column of columns.values()) {
      const top = Math.min(...column.map((c) => c.row));
      const bottom = Math.max(...column.map((c) => c.row));
      const first = column[0] as FoundCell<SheetLike>;
      const texts = first.sheet.getRange(top, first.col, bottom - top + 1, 1).getFormulasR1C1();
      for (const c of column) {
        const key = `${c.sheet.getName()}\n${c.col}\n${texts[c.row - top]?.[0] ?? ""}`;
        groups.set(key, [...(groups.get(key) ?? []), c]);
      }
    }
    for (const [key, group] of groups) {
      const first = group[0] as FoundCell<SheetLike>;
      const formula = readFormula(key.split("\n").slice(2).join("\n"));
      const fn = formula ? functionByName(formula.name) : undefined;
      if (!formula || !fn) {
        old.push(...group);
        continue;
      }
      const rows = argsForRows(
        book,
        first.sheet,
        formula,
        group.map((c) => c.row),
        first.col,
      );
      if (env.cache)
        session.readAhead.prime(
          cacheKeysOf(
            rows.flatMap((r) => firstCalls(() => fn.program(r.args, session.basis))),
            env.cache,
            env,
          ),
        );
      rows.forEach((r, i) => {
        if (!("value" in runFromCache(fn.program(r.args, session.basis), env)))
          old.push(group[i] as FoundCell<SheetLike>);
      });
    }
    return old;
  } finally {
    closeSession(session);
  }
}

function rerun(
  book: SpreadsheetLike,
  cells: ReadonlyArray<FoundCell<SheetLike>>,
  markFresh: boolean,
): number {
  if (markFresh && cells.length > 0) {
    const cache = gas().CacheService.getDocumentCache();
    const lock = gas().LockService.getScriptLock();
    if (cache && lock.tryLock(10_000)) {
      try {
        const now = Date.now();
        addFreshRegions(
          cache,
          cells.map((c) => ({ s: c.sheet.getName(), r: c.row, c: c.col, h: 1, w: 1, t: now })),
          now,
        );
      } finally {
        lock.releaseLock();
      }
    }
  }
  let done = 0;
  const flush = (): void => gas().SpreadsheetApp.flush();
  for (const sheet of new Set(cells.map((c) => c.sheet))) {
    const here = cells.filter((c) => c.sheet === sheet);
    done += rerunCells(sheet, here, flush).rerun;
    try {
      formatFormulaCells(book, sheet, here); // their answers' formats (money, %), from the cache
    } catch {
      // Formats are a courtesy: the cells run again either way.
    }
  }
  return done;
}

/** Refresh our formula cells in `scope` (see the file comment). */
export function refreshCells(scope: RefreshScope, which: RefreshWhich): RefreshResult {
  const book = gas().SpreadsheetApp.getActiveSpreadsheet();
  if (!book) return { refreshed: 0, inScope: 0 };
  const ours = scanSheets(areasOf(book, scope), (_text, formula) => isOurFormula(formula)).found;
  const picked =
    which === "errors"
      ? ours.filter((c) => showsProblem(c.text))
      : which === "old"
        ? withOldAnswers(book, ours)
        : ours;
  return { refreshed: rerun(book, picked, true), inScope: ours.length };
}

/** Clear cache: forget every answer, and run every formula cell of the spreadsheet again. */
export function clearCacheAndRerun(): RefreshResult {
  bumpCacheGeneration();
  resetCacheCounts(cacheStore());
  const book = gas().SpreadsheetApp.getActiveSpreadsheet();
  if (!book) return { refreshed: 0, inScope: 0 };
  const ours = scanSheets(areasOf(book, "workbook"), (_text, formula) =>
    isOurFormula(formula),
  ).found;
  return { refreshed: rerun(book, ours, false), inScope: ours.length };
}

/** Pause or resume live calls; resuming runs again the cells that said calls were paused. */
export function setLiveCalls(paused: boolean): RefreshResult {
  setLiveCallsPaused(paused);
  const book = gas().SpreadsheetApp.getActiveSpreadsheet();
  if (paused || !book) return { refreshed: 0, inScope: 0 };
  const cells = scanSheets(
    areasOf(book, "workbook"),
    (text, formula) => isOurFormula(formula) && text === PAUSED_TEXT,
  ).found;
  return { refreshed: rerun(book, cells, false), inScope: cells.length };
}
