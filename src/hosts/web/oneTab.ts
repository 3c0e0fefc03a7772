/**
 * One tab at a time on the demo's workbook. Each tab holds its own copy of the workbook in
 * memory and saves it whole to IndexedDB, so two tabs would undo each other's saves, and both
 * would run the same unfinished job from their own copy of its checkpoint (an attack run: 182
 * requests for a 100-row bulk run). A second tab waits, saying so, until the first is closed,
 * then opens the workbook as the first one left it.
 *
 * The Web Locks API (navigator.locks) is the browser's own tool for this: a lock lives as long
 * as the page that holds it and is handed to the next waiting tab when that page closes or
 * reloads. Where it is missing (an http address other than localhost), tabs are not guarded.
 */

const LOCK = "mkt-web-workbook";
/** A reloading page's lock is handed over at once; only a tab still open takes longer. */
const SAY_AFTER_MS = 1500;

interface LockManagerLike {
  request(name: string, callback: () => Promise<void>): Promise<void>;
}

/** Resolves once this tab holds the workbook; shows `say` in `where` while it waits. */
export function holdWorkbook(
  locks: LockManagerLike | undefined,
  where: HTMLElement,
  say = "This demo workbook is open in another tab of this browser. Use that tab, or close it: this tab then opens the workbook as that one left it.",
): Promise<void> {
  if (!locks) return Promise.resolve();
  return new Promise<void>((held) => {
    const shown = setTimeout(() => {
      where.textContent = say;
      where.hidden = false;
    }, SAY_AFTER_MS);
    // The callback's promise never settles: the lock is held until the page goes.
    void locks.request(LOCK, () => {
      clearTimeout(shown);
      where.hidden = true;
      where.textContent = "";
      held();
      return new Promise<void>(() => undefined);
    });
  });
}
