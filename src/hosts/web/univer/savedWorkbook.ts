/**
 * The workbook survives a reload: its snapshot is kept in localStorage, a moment after each
 * change and when the page goes away. Only the workbook: the API key and settings are other
 * items, and the snapshot holds cells, formats and the saved imports (no secret). A save the
 * browser refuses is never silent: the page says so until a save works again.
 */
import { CommandType, type FUniver, type IWorkbookData } from "@univerjs/presets";
import {
  STORAGE_LIMIT_CHARS,
  WORKBOOK_ITEM,
  millions,
  storeWorkbook,
  storageUse,
  type WorkbookSaveState,
} from "../workbookStorage";

/** The saved workbook, or null when there is none (or it cannot be read). */
export function loadWorkbook(storage: Storage): Partial<IWorkbookData> | null {
  try {
    const raw = storage.getItem(WORKBOOK_ITEM);
    const data: unknown = raw ? JSON.parse(raw) : null;
    return data !== null && typeof data === "object" ? (data as Partial<IWorkbookData>) : null;
  } catch {
    return null;
  }
}

function clock(ms: number): string {
  return new Date(ms).toTimeString().slice(0, 5);
}

/** What the page says when the browser would not keep the workbook, and what to do. */
export function unsavedMessage(state: WorkbookSaveState): string {
  const since = state.savedAt === null ? "you opened this page" : clock(state.savedAt);
  // Room taken by what the page may not drop (another app of this site) is said too, or a
  // small workbook would read as the culprit.
  const others =
    state.othersChars >= 100_000
      ? `, this site's other data takes ${millions(state.othersChars)} M,`
      : "";
  return (
    `This workbook could not be saved in the browser: it takes ${millions(state.workbookChars)} M ` +
    `characters${others} and the browser keeps about ${millions(STORAGE_LIMIT_CHARS)} M for this ` +
    `site. Changes since ${since} will be lost when you reload or close this tab. To keep them, ` +
    "delete sheets you no longer need (older Pricing, History or import sheets) — the page " +
    "saves again at once — or copy the cells you need into another spreadsheet first."
  );
}

/** Save the workbook after changes; `onProblem` hears when the browser refused to keep it. */
export function keepWorkbookSaved(
  api: FUniver,
  storage: Storage,
  state: WorkbookSaveState,
  onProblem: (message: string | null) => void,
  delayMs = 1000,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = (): void => {
    timer = undefined;
    const data = api.getActiveWorkbook()?.save();
    if (!data) return;
    const text = JSON.stringify(data);
    state.workbookChars = text.length;
    if (storeWorkbook(storage, text)) {
      state.savedAt = Date.now();
      state.failedAt = null;
      onProblem(null);
    } else {
      state.failedAt = Date.now();
      const kept = storage.getItem(WORKBOOK_ITEM)?.length ?? 0;
      state.othersChars = storageUse(storage).total - (kept > 0 ? WORKBOOK_ITEM.length + kept : 0);
      onProblem(unsavedMessage(state));
    }
  };
  api.addEvent(api.Event.CommandExecuted, (event) => {
    if (event.type !== CommandType.MUTATION || timer !== undefined) return;
    timer = setTimeout(save, delayMs);
  });
  window.addEventListener("pagehide", () => {
    if (timer !== undefined) clearTimeout(timer);
    save();
  });
  return save;
}
