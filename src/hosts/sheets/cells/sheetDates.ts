/**
 * Sheets passes a date cell to a custom function as the instant of its midnight in the
 * SPREADSHEET's time zone, while the add-on's script runs in its own (Etc/UTC). The core
 * reads a Date's calendar day in the script's zone, so a date in a Singapore sheet would be
 * read as the day before. Here each Date argument is rebuilt with the wall-clock fields the
 * sheet shows, so the script's calendar reads the seller's day.
 */
import type { CellInput } from "../../../functions";

/** Utilities.formatDate: a Date as text in a time zone, with a SimpleDateFormat pattern. */
export type FormatDate = (date: Date, timeZone: string, pattern: string) => string;

const PATTERN = "yyyy-MM-dd HH:mm:ss";
const FIELDS = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** True when an argument (or a cell of a range argument) is a Date. */
function hasDate(value: CellInput): boolean {
  if (value instanceof Date) return true;
  return Array.isArray(value) && value.some((row) => Array.isArray(row) && row.some(hasDate));
}

/**
 * Arguments with every valid Date (ranges included) moved to the sheet's wall-clock time in
 * the script's zone. `timeZone` is asked once, and only when a Date is given (a custom
 * function may read the spreadsheet); without a zone the arguments stay as they are.
 */
export function datesInSheetZone(
  args: readonly CellInput[],
  timeZone: () => string | null,
  formatDate: FormatDate,
): CellInput[] {
  if (!args.some(hasDate)) return [...args];
  const zone = timeZone();
  if (!zone) return [...args];
  const convert = (value: CellInput): CellInput => {
    if (value instanceof Date) {
      if (Number.isNaN(value.getTime())) return value;
      const m = FIELDS.exec(formatDate(value, zone, PATTERN));
      if (!m) return value;
      const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      return new Date(y, mo - 1, d, h, mi, s);
    }
    return Array.isArray(value) ? value.map((row) => row.map(convert)) : value;
  };
  return args.map(convert);
}
