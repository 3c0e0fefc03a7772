/**
 * The workbook survives a reload: its snapshot is kept in IndexedDB (workbookStorage.ts), a
 * moment after each change, when the tab is hidden and when the page goes away. Only the
 * workbook: the API key and settings stay in localStorage, and the snapshot holds cells,
 * formats and the saved imports (no secret). A save the browser refuses is never silent: the
 * page says so until a save works again; from 80 % of what the browser grants, it warns.
 */
import { CommandType, type FUniver, type IWorkbookData } from "@univerjs/presets";
import {
  characters,
  loadSavedWorkbook,
  megabytes,
  storageEstimate,
  storageWarning,
  type WorkbookSaveState,
  type WorkbookStore,
} from "../workbookStorage";

/** Where a page that goes within a second of a change leaves that change (sessionStorage). */
export const RESCUE_ITEM = "mkt.web.unsavedWorkbook";

/** The workbook a page opens with. */
export interface OpenedWorkbook {
  readonly data: Partial<IWorkbookData> | null;
  /** The text IndexedDB holds. */
  readonly text: string | null;
  /** The data is the last page's unsaved change (RESCUE_ITEM): save it now. */
  readonly rescued: boolean;
}

/** The saved workbook (data null when there is none or it cannot be read); `state` learns how long. */
export async function loadWorkbook(
  store: WorkbookStore,
  legacy: Pick<Storage, "getItem" | "removeItem"> | null,
  state: WorkbookSaveState,
  rescue: Pick<Storage, "getItem" | "removeItem"> | null = null,
): Promise<OpenedWorkbook> {
  const started = performance.now();
  try {
    const saved = (await loadSavedWorkbook(store, legacy)).text;
    // The last page in this tab went within a second of a change: that text is newer. The
    // page saves it to IndexedDB at once (`rescued`); until then IndexedDB holds `saved`.
    const newer = rescue?.getItem(RESCUE_ITEM) ?? null;
    rescue?.removeItem(RESCUE_ITEM);
    const text = newer ?? saved;
    const data: unknown = text ? JSON.parse(text) : null;
    return data !== null && typeof data === "object"
      ? { data: data as Partial<IWorkbookData>, text: saved, rescued: newer !== null }
      : { data: null, text: null, rescued: false };
  } catch {
    return { data: null, text: null, rescued: false };
  } finally {
    state.loadMs = performance.now() - started;
  }
}

function clock(ms: number): string {
  return new Date(ms).toTimeString().slice(0, 5);
}

/** What the page says when the browser would not keep the workbook, and what to do. */
export function unsavedMessage(state: WorkbookSaveState): string {
  const since = state.savedAt === null ? "you opened this page" : clock(state.savedAt);
  const room =
    state.quota !== null && state.usage !== null
      ? ` (the site uses ${megabytes(state.usage)} of the ${megabytes(state.quota)} MB the browser grants it)`
      : "";
  return (
    `This workbook could not be saved in the browser: it takes ${characters(state.workbookChars)} ` +
    `and the browser's storage for this site is full${room}. Changes since ${since} ` +
    "will be lost when you reload or close this tab. To keep them, delete sheets you no longer " +
    "need (older Pricing, Price history or import sheets) — the page saves again at once — or copy " +
    "the cells you need into another spreadsheet first; freeing disk space on this computer " +
    "also gives the site more room."
  );
}

/** What the banners hear after each save: the problem (red) and the warning (from 80 %). */
export interface SaveNews {
  readonly problem: string | null;
  readonly warning: string | null;
}

/**
 * Save the workbook after changes; `onSaved` hears after every save, worked or refused. The
 * function returned saves now and resolves when IndexedDB has it (or refused it). `opened`:
 * the text the page opened with, which IndexedDB already holds.
 */
/** A save held for a job's step is made anyway after this long (steps run back to back). */
const MAX_STEP_WAIT_MS = 30_000;
/** A save waits at least this many times what the last one held the page. */
const BUSY_SHARE = 4;

export function keepWorkbookSaved(
  api: FUniver,
  store: WorkbookStore,
  state: WorkbookSaveState,
  onSaved: (news: SaveNews) => void,
  opened: string | null = null,
  rescue: Pick<Storage, "setItem"> | null = null,
  delayMs = 1000,
): (() => Promise<void>) & { soon(): void; whole<T>(step: () => Promise<T>): Promise<T> } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Steps of jobs running now: a save they ask for waits for their checkpoint (whole()).
  let steps = 0;
  let waiting = false;
  // Steps of two jobs may follow each other without a gap: a save waits a step, not for ever.
  let waitingSince = 0;
  // One save at a time, in order: a later snapshot never lands before an earlier one.
  let queue: Promise<void> = Promise.resolve();
  // What IndexedDB holds since this page's last save: the same text again is not written (a
  // recalculation after opening, a change undone), which also spares a full storage.
  let kept: string | null = opened;
  // How long the last save held the page (the snapshot and its JSON: IndexedDB's write is not
  // on the page's thread). A large workbook (10,000 products: seconds) is saved at most every
  // BUSY_SHARE of that, so a job's steps and the seller's typing keep most of the page's time.
  let busyMs = 0;
  const saveOnce = async (): Promise<void> => {
    const started = performance.now();
    const data = api.getActiveWorkbook()?.save();
    if (!data) return;
    const text = JSON.stringify(data);
    busyMs = performance.now() - started;
    state.workbookChars = text.length;
    let saved = true;
    if (text !== kept) {
      try {
        await store.write(text);
        kept = text;
      } catch {
        saved = false;
      }
    }
    const estimate = await storageEstimate();
    state.usage = estimate?.usage ?? null;
    state.quota = estimate?.quota ?? null;
    if (saved) {
      state.saveMs = performance.now() - started;
      state.savedAt = Date.now();
      state.failedAt = null;
    } else state.failedAt = Date.now();
    onSaved({
      problem: saved ? null : unsavedMessage(state),
      warning: estimate ? storageWarning(estimate.usage, estimate.quota, text.length) : null,
    });
  };
  const save = (): Promise<void> => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    queue = queue.then(saveOnce, saveOnce);
    return queue;
  };
  const soon = (): void => {
    if (timer !== undefined) return;
    const wait = Math.max(delayMs, Math.min(busyMs * BUSY_SHARE, MAX_STEP_WAIT_MS));
    timer = setTimeout(() => {
      const now = Date.now();
      if (!waiting) waitingSince = now;
      if (steps === 0 || now - waitingSince > MAX_STEP_WAIT_MS) {
        waiting = false;
        return void save();
      }
      [timer, waiting] = [undefined, true];
    }, wait);
  };
  // A job's step writes cells, then its checkpoint: a save between the two would keep cells
  // the kept checkpoint does not know of, for the next page to find. Its saves wait for its end.
  const whole = async <T>(step: () => Promise<T>): Promise<T> => {
    steps++;
    try {
      return await step();
    } finally {
      steps--;
      if (steps === 0 && waiting) {
        waiting = false;
        void save();
      }
    }
  };
  api.addEvent(api.Event.CommandExecuted, (event) => {
    if (event.type === CommandType.MUTATION) soon();
  });
  // A change not yet saved is saved as soon as the tab is hidden (switching tabs, closing it,
  // reloading). IndexedDB answers later, and a page that goes may not see its write through,
  // so a reload within the second after a change also leaves the text in the tab's
  // sessionStorage, at once, which the next page in this tab opens (RESCUE_ITEM; only when the
  // last save worked: after a refused one the page says what is lost instead).
  const pending = (): void => {
    if (timer === undefined && !waiting) return;
    waiting = false;
    if (rescue && state.failedAt === null) {
      const text = JSON.stringify(api.getActiveWorkbook()?.save() ?? null);
      try {
        if (text !== kept) rescue.setItem(RESCUE_ITEM, text);
      } catch {
        // Too big for the tab's storage: IndexedDB's write below is all there is.
      }
    }
    void save();
  };
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") pending();
  });
  window.addEventListener("pagehide", pending);
  // The workbook's metadata (a job's checkpoint) raises no command: its writer says so.
  return Object.assign(save, { soon, whole });
}
