import { autoRefreshSummary } from "../../src/ui/bridge";
import { zonedTime } from "../../src/imports/table";

describe("daily refresh summary under the switch", () => {
  it("says nothing for Excel's refresh-on-open view", () => {
    expect(
      autoRefreshSummary({ label: "Refresh when the workbook opens", enabled: true }),
    ).toBeNull();
  });

  it("counts the user's spreadsheets and reports the last run with its notes", () => {
    const text = autoRefreshSummary({
      label: "Refresh saved imports daily",
      enabled: true,
      documents: 2,
      lastRun: {
        at: "2026-11-22T06:02:11.000Z",
        refreshed: 3,
        notes: ["Dropped 'Old prices': it was deleted or is no longer shared with you."],
      },
    });
    expect(text).toBe(
      `On in 2 spreadsheets of yours. Last run ${zonedTime("2026-11-22T06:02:11.000Z")}: 3 refreshed. ` +
        "Dropped 'Old prices': it was deleted or is no longer shared with you.",
    );
  });

  it("says the time in the page's time zone, and names it", () => {
    expect(zonedTime("2026-11-22T06:02:11.000Z", "Asia/Singapore")).toBe(
      "2026-11-22 14:02 (Asia/Singapore)",
    );
    expect(zonedTime("2026-11-22T06:02:11.000Z", "America/New_York")).toBe(
      "2026-11-22 01:02 (America/New_York)",
    );
    expect(zonedTime("not a time")).toBe("not a time");
  });

  it("uses the singular for one spreadsheet and skips the count when off", () => {
    expect(autoRefreshSummary({ label: "x", enabled: true, documents: 1, lastRun: null })).toBe(
      "On in 1 spreadsheet of yours.",
    );
    expect(
      autoRefreshSummary({ label: "x", enabled: false, documents: 0, lastRun: null }),
    ).toBeNull();
  });
});
