/**
 * Formula-cell refreshes (menu and sidebar) write a row to the "Refresh log" sheet like every
 * other refresh. The log is a nicety: its failure never fails the refresh.
 *
 * The menu's row counts the requests the refreshed cells made, as the sidebar's does
 * (sidebarQueue.ts): Sheets runs the cells again in their own executions, so the menu's run
 * reads the key's request count (the quota's, shared by every execution) every `pollMs` until it
 * stood still with no cell waiting `still` times in a row, or `polls` reads passed, and logs the
 * difference (with the cells still waiting then, if any). If nothing moved (Sheets ran no cell
 * while the menu's run went on), the row has no count.
 */
import { SIDEBAR_SERVER_FUNCTIONS } from "../sidebar/sidebarServer";
import { refreshScopeWords, type CellRequests } from "../../../sidebar/refreshLog";
import { gas } from "../stores/gas";
import { refreshCells, type RefreshResult, type RefreshScope, type RefreshWhich } from "./refresh";

/** The key's requests so far (the quota's count) and the cells waiting for the API. */
export interface RequestCount {
  readonly sent: number;
  readonly waiting: number;
}

/** How the menu counts: at most 30 reads 2 s apart (a minute of the menu's run). */
const MENU_COUNTING = { pollMs: 2000, still: 3, polls: 30 };

function log(scope: RefreshScope, which: RefreshWhich, cells: number, counted?: CellRequests) {
  try {
    SIDEBAR_SERVER_FUNCTIONS.sidebarLogFormulaRefresh(
      refreshScopeWords(scope, which),
      cells,
      counted ?? null,
    );
  } catch {
    // No active spreadsheet or no edit rights: the cells were refreshed all the same.
  }
}

/** refreshCells, then its row in the refresh log (no count: the sidebar's page counts). */
export function refreshCellsLogged(scope: RefreshScope, which: RefreshWhich): RefreshResult {
  const result = refreshCells(scope, which);
  log(scope, which, result.refreshed);
  return result;
}

/**
 * The menu's refresh: refreshCells, `then` (the toast, the fill), then the requests the cells
 * made as Sheets ran them again, counted on `count`, in the refresh log's row.
 */
export function refreshCellsCounted(
  scope: RefreshScope,
  which: RefreshWhich,
  count: () => RequestCount,
  then: (result: RefreshResult) => void,
  how = MENU_COUNTING,
): RefreshResult {
  const before = count().sent;
  const result = refreshCells(scope, which);
  then(result);
  let now = count();
  for (let poll = 0, still = 0; result.refreshed > 0 && still < how.still && poll < how.polls;) {
    gas().SpreadsheetApp.flush();
    gas().Utilities.sleep(how.pollMs);
    const next = count();
    still = next.sent === now.sent && next.waiting === 0 ? still + 1 : 0;
    now = next;
    poll++;
  }
  // The count restarts when the key sat idle past the quota's keeping time: all are this refresh's.
  const requests = now.sent >= before ? now.sent - before : now.sent;
  // None counted: Sheets runs the cells once this script ends (it does not say when), so the
  // row says they ask as they recalculate rather than "0 requests".
  log(
    scope,
    which,
    result.refreshed,
    requests || now.waiting ? { requests, waiting: now.waiting } : undefined,
  );
  return result;
}
