/**
 * A reload or a closed tab while the workbook is not saved loses the changes since its last
 * save. Never silently: the browser asks before the page goes (beforeunload), and after a
 * reload the page says what was lost and what to do. The note of a failed save lives in
 * sessionStorage: the tab keeps it across a reload, and it has its own room, so it fits when
 * the storage the workbook lives in (IndexedDB) is full.
 */
import type { WorkbookSaveState } from "./workbookStorage";

const UNSAVED_ITEM = "mkt.web.unsaved";

/** What a page that could not save leaves for the next one in the same tab. */
interface UnsavedNote {
  /** The workbook's last save in that visit (ms), or when that visit opened it. */
  readonly keptAt: number;
}

function clock(ms: number): string {
  return new Date(ms).toTimeString().slice(0, 5);
}

/**
 * Have the browser ask before the page goes while the last save failed; the function returned
 * keeps the tab's note in step after each save. `openedAt`: when this page loaded the workbook.
 */
export function guardUnsavedChanges(
  tab: Pick<Storage, "setItem" | "removeItem">,
  state: WorkbookSaveState,
  openedAt: number,
): () => void {
  window.addEventListener("beforeunload", (event) => {
    if (state.failedAt === null) return;
    event.preventDefault();
    event.returnValue = ""; // Chromium before 119 asks only when this is set
  });
  return () => {
    try {
      if (state.failedAt === null) tab.removeItem(UNSAVED_ITEM);
      else
        tab.setItem(
          UNSAVED_ITEM,
          JSON.stringify({ keptAt: state.savedAt ?? openedAt } satisfies UnsavedNote),
        );
    } catch {
      // No room in the tab either: the browser's question before leaving still stands.
    }
  };
}

/**
 * What the page says when the last page in this tab went with changes it could not save, or
 * null. The note is read once: the next reload has lost nothing more unless it says so again.
 */
export function changesLostOnReload(tab: Pick<Storage, "getItem" | "removeItem">): string | null {
  let note: Partial<UnsavedNote> | null = null;
  try {
    const raw = tab.getItem(UNSAVED_ITEM);
    tab.removeItem(UNSAVED_ITEM);
    note = raw ? (JSON.parse(raw) as Partial<UnsavedNote>) : null;
  } catch {
    return null;
  }
  if (typeof note?.keptAt !== "number") return null;
  return (
    `Changes made after ${clock(note.keptAt)} were not kept: the browser's storage was full ` +
    "when this page was reloaded, so the workbook below is the one last saved. The storage is " +
    "probably still full: before you type them again, delete sheets you no longer need (older " +
    "Pricing, Price history or import sheets), or copy what you need into another spreadsheet."
  );
}
