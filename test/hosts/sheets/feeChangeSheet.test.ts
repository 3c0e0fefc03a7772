/**
 * Issue 34 item 2 in the built Sheets add-on (Code.js in a sandbox, real HTTP to the reference
 * server, requests counted there), through the sidebar's server functions as the sidebar calls
 * them: a fee-change sheet for seller 500001 MY at 2025-08-29, a job stepped one server call a
 * step until written (the loop is the sidebar's); the summary, every
 * SKU, the stamp note and the Refresh log; a sheet the seller typed in is refused.
 */
import { addonSuite, loadAddon } from "./harness";
import { FakeProperties, FakeSpreadsheet, type FakeSheet } from "./fakes";
import { distinct } from "../../helpers/pricingScenario";
import { SUMMARY_ROWS } from "../../../src/imports/feeChange/feeChangeTable";
import type { FeeChangeSheetOutcome } from "../../../src/sidebar/feeChangeSheet";
import type { JobView } from "../../../src/sidebar/jobs/jobRecord";

jest.setTimeout(240_000);
const suite = addonSuite({ count: true });

test("500001 MY: the sheet from the sidebar's server calls, stamp and log; the seller's sheet refused", async () => {
  const userProps = new FakeProperties();
  userProps.setProperty("mkt.baseUrl", suite.server.baseUrl);
  userProps.setProperty("mkt.apiKey", suite.server.keys.demo);
  const book = new FakeSpreadsheet();
  const a = loadAddon(suite.dir, { http: suite.http, userProps, book });
  const ask = {
    marketplace: "B",
    shopId: 500001,
    region: "MY",
    date: "2025-08-29",
    sheetName: "Fee change",
  };
  // The job as the sidebar drives it: started, then one server call a step.
  let view = a.call("sidebarJobStart", "feeChange", ask) as JobView;
  let calls = 1;
  while (view.phase !== "done" && calls < 40) {
    if (view.phase === "confirm") view = a.call("sidebarJobConfirm", view.id) as JobView;
    view = a.call("sidebarJobStep", view.id, "sidebar-test") as JobView;
    if (view.phase === "failed") throw new Error(view.error);
    calls++;
  }
  const done = view.result as FeeChangeSheetOutcome;
  const seen = await suite.server.seen();
  expect(done.requests.batches + done.requests.singles).toBe(distinct(seen).length);
  expect(distinct(seen).length).toBe(11);
  expect(calls).toBeGreaterThanOrEqual(1);

  const sheet = book.getSheetByName("Fee change") as FakeSheet;
  const grid = sheet.values();
  expect(grid[0]?.[0]).toBe("Fee change on 2025-08-29 · B 500001 MY");
  const header = (grid[SUMMARY_ROWS] ?? []).map(String);
  expect(header.slice(0, 2)).toEqual(["Product id", "SKU id"]);
  const rows = grid.slice(SUMMARY_ROWS + 1).filter((r) => r[0] !== "" && r[0] != null);
  expect(rows).toHaveLength(done.rows);
  const monthly = rows.map((r) => Number(r[header.indexOf("Change/month")]));
  expect(monthly).toEqual([...monthly].sort((x, y) => x - y));
  expect(book.getActiveSheet().getName()).toBe("Fee change");
  const note = sheet.getRange(1, 1, 1, 1).getNote();
  expect(note).toMatch(/^Fee change on 2025-08-29 · B 500001 MY\nBasis: /);
  expect(note).toMatch(/Refreshed by: .*key mkta_pat_/);
  const log = (book.getSheetByName("Refresh log") as FakeSheet).values();
  expect(log.slice(1).map((r) => [r[2], r[3]])).toEqual([
    ["Fee change on 2025-08-29 · B 500001 MY → Fee change", 11],
  ]);

  // The seller's sheet: refused, untouched, nothing asked.
  const theirs = book.insertSheet("Our costs") as FakeSheet;
  theirs.getRange(1, 1, 1, 2).setValues([["SKU", "Cost"]]);
  const before = (await suite.server.seen()).length;
  expect(() => a.call("sidebarJobStart", "feeChange", { ...ask, sheetName: "Our costs" })).toThrow(
    /already holds data that is not a fee-change sheet: name a new sheet/,
  );
  expect((await suite.server.seen()).length).toBe(before);
  expect(theirs.values()).toEqual([["SKU", "Cost"]]);
});
