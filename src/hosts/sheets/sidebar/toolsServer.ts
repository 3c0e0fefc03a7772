/** The sidebar's tools on the server: Stubs.js has a top-level wrapper for each (stubs.ts). */
import type { FormulaChange, FormulaSheet } from "../../../sidebar/convertFormulas";
import { sheetsFormulaGrid } from "./convertServer";
import { diagnoseSheets as diagnose } from "./diagnosticsServer";
import { gas } from "../stores/gas";

function book() {
  const open = gas().SpreadsheetApp.getActiveSpreadsheet();
  if (!open) throw new Error("Open a spreadsheet first: Convert formulas works on the open one");
  return open;
}

/** Sidebar (Convert formulas): every sheet's formulas; the sidebar rewrites them. */
function readFormulas(): FormulaSheet[] {
  return sheetsFormulaGrid(book()).sheets() as FormulaSheet[];
}

/** Sidebar (Convert formulas): write the cells whose formula changed. */
function writeFormulas(changes: FormulaChange[]): void {
  sheetsFormulaGrid(book()).write(changes);
}

/** Sidebar: Diagnostics' checks in this account and spreadsheet, and one fresh API call. */
function diagnoseSheets() {
  return diagnose();
}

export const TOOLS_SERVER_FUNCTIONS = {
  readFormulas,
  writeFormulas,
  diagnoseSheets,
};
