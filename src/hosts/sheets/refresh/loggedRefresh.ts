/**
 * Formula-cell refreshes (menu and sidebar) write a row to the "Refresh log" sheet like every
 * other refresh. The log is a nicety: its failure never fails the refresh.
 */
import { SIDEBAR_SERVER_FUNCTIONS } from "../sidebar/sidebarServer";
import { refreshCells, type RefreshResult, type RefreshScope, type RefreshWhich } from "./refresh";

const SCOPE_WORDS: Record<RefreshScope, string> = {
  selection: "the selection",
  sheet: "this sheet",
  workbook: "all sheets",
};
const WHICH_WORDS: Record<RefreshWhich, string> = {
  all: "",
  errors: ", cells with errors",
  old: ", answers older than the cache time",
};

/** refreshCells, then its row in the refresh log. */
export function refreshCellsLogged(scope: RefreshScope, which: RefreshWhich): RefreshResult {
  const result = refreshCells(scope, which);
  try {
    SIDEBAR_SERVER_FUNCTIONS.sidebarLogFormulaRefresh(
      `${SCOPE_WORDS[scope] ?? scope}${WHICH_WORDS[which] ?? ""}`,
      result.refreshed,
    );
  } catch {
    // No active spreadsheet or no edit rights: the cells were refreshed all the same.
  }
  return result;
}
