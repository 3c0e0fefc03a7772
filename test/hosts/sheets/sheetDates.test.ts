/**
 * Sheets hands a date cell to a custom function as the instant of midnight in the
 * SPREADSHEET's time zone; the add-on's script runs in Etc/UTC. Read with the script's
 * calendar, 1 July in a Singapore sheet was 30 June.
 */
import { toIsoDate } from "../../../src/core/coerce";
import { datesInSheetZone, type FormatDate } from "../../../src/hosts/sheets/cells/sheetDates";
import { fakeFormatDate } from "./fakes";

const formatDate: FormatDate = (date, timeZone, pattern) => {
  expect(pattern).toBe("yyyy-MM-dd HH:mm:ss");
  return fakeFormatDate(date, timeZone, pattern);
};

/** 1 July 2025, midnight in Singapore (UTC+8), as Sheets passes it. */
const JULY_1_SINGAPORE = new Date(Date.UTC(2025, 5, 30, 16, 0, 0));
/** 1 July 2025, midnight in New York (UTC-4 in summer). */
const JULY_1_NEW_YORK = new Date(Date.UTC(2025, 6, 1, 4, 0, 0));

describe("date arguments read in the spreadsheet's time zone", () => {
  test("a date cell is the calendar day the sheet shows", () => {
    const [sg] = datesInSheetZone([JULY_1_SINGAPORE], () => "Asia/Singapore", formatDate);
    expect(toIsoDate(sg, "effectiveDate")).toBe("2025-07-01");
    const [ny] = datesInSheetZone([JULY_1_NEW_YORK], () => "America/New_York", formatDate);
    expect(toIsoDate(ny, "effectiveDate")).toBe("2025-07-01");
  });

  test("dates inside ranges are converted; other values are left as they are", () => {
    const args = [
      1001,
      "SG",
      [
        [JULY_1_SINGAPORE, 5],
        ["", null],
      ],
      undefined,
      true,
    ];
    const out = datesInSheetZone(args, () => "Asia/Singapore", formatDate);
    expect(out.slice(0, 2)).toEqual([1001, "SG"]);
    expect(out.slice(3)).toEqual([undefined, true]);
    const range = out[2] as unknown[][];
    expect(toIsoDate(range[0]?.[0], "d")).toBe("2025-07-01");
    expect(range[0]?.[1]).toBe(5);
    expect(range[1]).toEqual(["", null]);
  });

  test("the time zone is asked only when a date is given, and a missing one changes nothing", () => {
    let asked = 0;
    const zone = (): string => {
      asked++;
      return "Asia/Singapore";
    };
    datesInSheetZone([1001, "SG", 11], zone, formatDate);
    expect(asked).toBe(0);
    datesInSheetZone([JULY_1_SINGAPORE, [[JULY_1_SINGAPORE]]], zone, formatDate);
    expect(asked).toBe(1);
    const [same] = datesInSheetZone([JULY_1_SINGAPORE], () => null, formatDate);
    expect(same).toBe(JULY_1_SINGAPORE);
    const invalid = new Date(NaN);
    expect(datesInSheetZone([invalid], zone, formatDate)[0]).toBe(invalid);
  });
});
