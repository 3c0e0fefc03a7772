/**
 * The workbook survives a reload: its snapshot is kept in localStorage, a moment after each
 * change and when the page goes away. Only the workbook: the API key and settings are other
 * items, and the snapshot holds cells, formats and the saved imports (no secret).
 */
import { CommandType, type FUniver, type IWorkbookData } from "@univerjs/presets";
import { WORKBOOK_ITEM, storeWorkbook } from "../workbookStorage";

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

/** Save the workbook after changes; `onProblem` hears when the browser refused to keep it. */
export function keepWorkbookSaved(
  api: FUniver,
  storage: Storage,
  onProblem: (message: string | null) => void,
  delayMs = 1000,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = (): void => {
    timer = undefined;
    const data = api.getActiveWorkbook()?.save();
    if (!data) return;
    if (storeWorkbook(storage, JSON.stringify(data))) onProblem(null);
    else
      onProblem(
        "This workbook is too big for the browser's storage: it will not survive a reload. Delete a large sheet to keep the rest.",
      );
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
