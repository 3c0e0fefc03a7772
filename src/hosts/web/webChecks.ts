/** Diagnostics of the web demo: the browser storage its key and workbook live in. */
import {
  STORAGE_WARN_SHARE,
  checked,
  percentOf,
  type CheckOutcome,
} from "../../sidebar/diagnostics";
import {
  STORAGE_LIMIT_CHARS,
  millions,
  storageUse,
  type WorkbookSaveState,
} from "./workbookStorage";

const PROBE = "mkt.diagnostics";

/**
 * localStorage takes an item and gives it back (private windows and full disks may not), the
 * workbook's last save worked (a probe of one character fits where a workbook does not), and
 * the storage is under 80 % full, so the next saves still fit.
 */
export function webChecks(
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length"> | null,
  saves: WorkbookSaveState,
): CheckOutcome[] {
  return [
    checked("browserStorage", () => {
      if (!storage) return { passed: false, seen: "localStorage is not available" };
      storage.setItem(PROBE, "1");
      const back = storage.getItem(PROBE);
      storage.removeItem(PROBE);
      if (back !== "1") return { passed: false, seen: "set, but read back nothing" };
      const use = storageUse(storage);
      const used =
        `${millions(use.total)} M of about ${millions(STORAGE_LIMIT_CHARS)} M characters used ` +
        `(${percentOf(use.total, STORAGE_LIMIT_CHARS)}; cached answers ${millions(use.cache)} M)`;
      if (saves.failedAt !== null)
        return {
          passed: false,
          seen:
            `the last save of the workbook (${millions(saves.workbookChars)} M characters) ` +
            `failed at ${new Date(saves.failedAt).toTimeString().slice(0, 8)}: the browser's ` +
            `storage is full; ${used}. Delete sheets you no longer need so it fits.`,
        };
      // Warned before it is full: the browser refuses a save without asking, and keeps no change.
      if (use.total >= STORAGE_WARN_SHARE * STORAGE_LIMIT_CHARS)
        return {
          passed: false,
          seen:
            `the browser's storage is nearly full: ${used}; ` +
            `cached answers go first when it is full, then changes to the workbook are no ` +
            `longer kept. Delete sheets you no longer need.`,
        };
      const saved =
        saves.savedAt === null
          ? "no change to save yet"
          : `workbook saved at ${new Date(saves.savedAt).toTimeString().slice(0, 8)}`;
      return `set and read back; ${saved}; ${used}`;
    }),
  ];
}
