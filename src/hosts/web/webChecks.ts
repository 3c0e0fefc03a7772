/**
 * Diagnostics of the web demo: the browser storage its settings (localStorage) and workbook
 * (IndexedDB) live in.
 */
import {
  STORAGE_WARN_SHARE,
  checked,
  percentOf,
  type CheckOutcome,
} from "../../sidebar/diagnostics";
import { characters, megabytes, storageEstimate, type WorkbookSaveState } from "./workbookStorage";

const PROBE = "mkt.diagnostics";

const time = (ms: number): string => new Date(ms).toTimeString().slice(0, 8);

/**
 * localStorage takes an item and gives it back (private windows and full disks may not), and
 * the workbook's last save to IndexedDB worked, and the site's storage is under 80 % of what the
 * browser grants (past it the next saves may not fit).
 */
export async function webChecks(
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null,
  saves: WorkbookSaveState,
  estimate: () => Promise<{ usage: number; quota: number } | null> = storageEstimate,
): Promise<CheckOutcome[]> {
  const room = await estimate();
  const used =
    room === null
      ? "the browser does not say how much storage it grants"
      : `${megabytes(room.usage)} of ${megabytes(room.quota)} MB used`;
  return [
    checked("browserStorage", () => {
      if (!storage) return { passed: false, seen: "localStorage is not available" };
      storage.setItem(PROBE, "1");
      const back = storage.getItem(PROBE);
      storage.removeItem(PROBE);
      if (back !== "1") return { passed: false, seen: "set, but read back nothing" };
      const size = characters(saves.workbookChars);
      if (saves.failedAt !== null)
        return {
          passed: false,
          seen:
            `the last save of the workbook (${size}) failed at ${time(saves.failedAt)}: the ` +
            `browser's storage is full; ${used}. Delete sheets you no longer need so it fits.`,
        };
      // Warned before it is full: the browser refuses a save without asking, and keeps no change.
      if (room !== null && room.quota > 0 && room.usage >= STORAGE_WARN_SHARE * room.quota)
        return {
          passed: false,
          seen:
            `the browser's storage for this page is nearly full: ${used} ` +
            `(${percentOf(room.usage, room.quota)}); changes to the workbook stop being kept ` +
            `when it is full. Delete sheets you no longer need, or free disk space.`,
        };
      const saved =
        saves.savedAt === null
          ? "no change to save yet"
          : `workbook (${size}) saved in IndexedDB at ${time(saves.savedAt)} in ` +
            `${Math.round(saves.saveMs ?? 0)} ms`;
      const loaded = saves.loadMs === null ? "" : `; opened in ${Math.round(saves.loadMs)} ms`;
      return `settings set and read back; ${saved}${loaded}; ${used}`;
    }),
  ];
}
