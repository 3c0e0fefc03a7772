/**
 * Formula-cell refreshes (menu and sidebar) write a row to the "Refresh log" sheet like every
 * other refresh. The log is a nicety: its failure never fails the refresh.
 */
import { SIDEBAR_SERVER_FUNCTIONS } from "../sidebar/sidebarServer";
import { refreshScopeWords } from "../../../sidebar/refreshLog";
import { refreshCells, type RefreshResult, type RefreshScope, type RefreshWhich } from "./refresh";

/** refreshCells, then its row in the refresh log. */
export function refreshCellsLogged(scope: RefreshScope, which: RefreshWhich): RefreshResult {
  const result = refreshCells(scope, which);
  try {
    SIDEBAR_SERVER_FUNCTIONS.sidebarLogFormulaRefresh(
      refreshScopeWords(scope, which),
      result.refreshed,
    );
  } catch {
    // No active spreadsheet or no edit rights: the cells were refreshed all the same.
  }
  return result;
}
