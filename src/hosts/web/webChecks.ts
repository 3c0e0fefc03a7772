/** Diagnostics of the web demo: the browser storage its key and workbook live in. */
import { checked, type CheckOutcome } from "../../sidebar/diagnostics";

const PROBE = "mkt.diagnostics";

/** localStorage takes an item and gives it back (private windows and full disks may not). */
export function webChecks(
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null,
): CheckOutcome[] {
  return [
    checked("browserStorage", () => {
      if (!storage) return { passed: false, seen: "localStorage is not available" };
      storage.setItem(PROBE, "1");
      const back = storage.getItem(PROBE);
      storage.removeItem(PROBE);
      return back === "1"
        ? "set and read back"
        : { passed: false, seen: "set, but read back nothing" };
    }),
  ];
}
