/**
 * Committing writes to a spreadsheet (a user's edit, an execution's flush or end). Only the
 * committed state counts for recalculation: writes that cancel out before a commit (clear
 * then set the same formula back) leave the cell and its memo as they were. This is why a
 * refresh must flush between clearing and restoring a formula (as public Apps Script refresh
 * code does: tony-tron/ZZZ-Scripts 13_WorkaroundUtils.js "First Flush: Ensures all ranges are
 * actually cleared", dexscreener/google-sheets src/refresh.ts).
 */
import type { Content } from "./book";
import type { SimDoc } from "./hostState";

/** Apply "sheet\u0000row,col" -> content writes; returns the cells whose formula changed. */
export function commitWrites(doc: SimDoc, writes: ReadonlyMap<string, Content | null>): number {
  const bySheet = new Map<string, Array<[number, number, Content | null]>>();
  for (const [key, content] of writes) {
    const [sheet = "", at = ""] = key.split("\u0000");
    const [row, col] = at.split(",").map(Number) as [number, number];
    const list = bySheet.get(sheet) ?? [];
    list.push([row, col, content]);
    bySheet.set(sheet, list);
  }
  let changed = 0;
  for (const [sheet, list] of bySheet) {
    // Another execution deleted the sheet since these were written (a clock run ending the
    // last job deletes "~mkt jobs" while the sidebar's step still has writes to it): they are
    // lost, not an error of the simulator (FAKES.md S-U31: Google does not say).
    if (!doc.book.findSheet(sheet)) {
      doc.lostWrites += list.length;
      continue;
    }
    changed += doc.book.store(sheet, list).length;
  }
  return changed;
}
