/**
 * Issue 20 item 2 in the built Sheets add-on (Code.js in a sandbox, real HTTP to the reference
 * server, requests counted there): "New pricing sheet" for shop 100001 SG as a job through the
 * sidebar's server functions (one step a call), made the active sheet; 50 rows against the single-product endpoints; 3 rows' targets edited and
 * Refresh asks for those 3 rows only; formulas are formulas; the stamp note and the refresh log.
 */
import { addonSuite, loadAddon } from "./harness";
import { driveSheetsJob, runSheetsJob } from "./sheetsJobs";
import type { JobView } from "../../../src/sidebar/jobs/jobRecord";
import { FakeProperties, FakeSpreadsheet, type FakeSheet } from "./fakes";
import {
  PRICING_SHEET,
  byHeader,
  distinct,
  expectBelowTargetRule,
  expectBuildCost,
  expectOnlyEdited,
  expectSingleAnswersMatch,
} from "../../helpers/pricingScenario";

jest.setTimeout(240_000);
const suite = addonSuite({ count: true });

type Outcome = { rows: number; asked: number; requests: number };

test("a 500-product pricing sheet in Sheets: batch requests, single answers match, edits cost their rows", async () => {
  const userProps = new FakeProperties();
  userProps.setProperty("mkt.baseUrl", suite.server.baseUrl);
  userProps.setProperty("mkt.apiKey", suite.server.keys.demo);
  const book = new FakeSpreadsheet();
  const a = loadAddon(suite.dir, { http: suite.http, userProps, book });

  const call = (name: string, ...args: unknown[]) => a.call(name, ...args);
  const built = runSheetsJob(
    "pricingBuild",
    { shopId: 100001, region: "SG", sheetName: PRICING_SHEET },
    { call },
  ) as Outcome;
  const seen = await suite.server.seen();
  // The table's record is longer than one cell holds: kept whole, in pieces.
  const record = (book.getSheetByName("~mkt tables") as FakeSheet).values()[0] ?? [];
  expect(record.slice(1).join("").length).toBeGreaterThan(32_767);
  expectBuildCost(seen);
  expect(built.requests).toBe(distinct(seen).length);

  const sheet = book.getSheetByName(PRICING_SHEET) as FakeSheet;
  // The seller sees the new sheet (as an import's), not the Refresh log made after it.
  expect(book.getActiveSheet().getName()).toBe(PRICING_SHEET);
  // The import look: a bold header frozen in view (issue 35).
  expect(sheet.frozenRows).toBe(1);
  expect(sheet.bold.has("1,1")).toBe(true);
  const table = sheet.values();
  const { col, rows } = byHeader(table);
  // The Answer column shows its sentences: 500 px (Sheets' default is 100) and wrapped.
  const answer = col("Answer") + 1;
  expect(sheet.columnWidths.get(answer)).toBe(500);
  expect([1, 2, rows.length + 1].every((r) => sheet.wrapped.has(`${r},${answer}`))).toBe(true);
  expect(new Set(rows.map((r) => r[col("Item id")])).size).toBe(500);
  // The answers are written rows stacked (src/imports/stackBlocks.ts): 7 setValues calls, not
  // one a row (1,333 before).
  expect(sheet.setValuesCalls.length).toBeLessThanOrEqual(Math.ceil(built.rows / 100));
  // The flag and the difference are formulas (setFormulas), not text.
  expect(sheet.cell(2, col("Below target") + 1)?.kind).toBe("formula");
  expect(sheet.cell(2, col("Difference to today") + 1)?.kind).toBe("formula");
  // Rows below target: one conditional format rule (whenFormulaSatisfied) over the table.
  const rules = sheet.getConditionalFormatRules();
  expect(rules).toHaveLength(1);
  const rule = rules[0];
  expect(rule?.getBooleanCondition().getCriteriaType()).toBe("CUSTOM_FORMULA");
  expectBelowTargetRule(
    { box: rule?.boxes()[0] ?? [], formula: rule?.formula ?? "", fill: rule?.background ?? null },
    table,
  );
  // The stamp: source, basis, fresh-at, who.
  const note = sheet.getRange(1, 1, 1, 1).getNote();
  expect(note).toMatch(/^Pricing sheet · A 100001 SG\nBasis: /);
  expect(note).toMatch(/\nMoney in SGD\.\n/);
  expect(note).toMatch(/Data fresh at: /);
  expect(note).toMatch(/Refreshed by: .*key mkta_pat_/);

  expect(await expectSingleAnswersMatch(suite.server, suite.server.keys.demo, table)).toBe(50);

  const picked = [5, 60, 200].map((i) => rows[i] ?? []);
  picked.forEach((r, n) => {
    const at = 2 + rows.indexOf(r);
    sheet.getRange(at, col("Target margin") + 1, 1, 1).setValues([[[0.25, 0.3, 0.15][n]]]);
  });
  const before = (await suite.server.seen()).length;
  const refreshed = runSheetsJob(
    "pricingRefresh",
    { sheetName: PRICING_SHEET },
    { call },
  ) as Outcome;
  const after = await suite.server.seen();
  // The single-answer checks above went to the server too: skip to the refresh's requests.
  expectOnlyEdited(
    after,
    before,
    picked.map((r) => `${String(r[col("Item id")])}/${String(r[col("Model id")])}`),
  );
  expect(refreshed.asked).toBe(3);
  const inputs = byHeader(sheet.values()).rows.map((r) => r[col("Target margin")]);
  expect(inputs.filter((v) => v !== 0.2)).toEqual([0.25, 0.3, 0.15]);

  const log = (book.getSheetByName("Refresh log") as FakeSheet).values();
  expect(log.slice(1).map((r) => [r[2], r[3]])).toEqual([
    [`Pricing sheet · A 100001 SG → ${PRICING_SHEET}`, built.requests],
    [`Pricing sheet · A 100001 SG → ${PRICING_SHEET}`, refreshed.requests],
  ]);
});

test("a build the execution limit stopped goes on from its checkpoint: nothing asked twice, nothing written twice", async () => {
  const userProps = new FakeProperties();
  userProps.setProperty("mkt.baseUrl", suite.server.baseUrl);
  userProps.setProperty("mkt.apiKey", suite.server.keys.demo);
  const book = new FakeSpreadsheet();
  // Apps Script ends the execution (six minutes) once A21 is asked: nothing after it runs.
  const stop = { armed: true, hit: false };
  const http = {
    fetchAll: (requests: { url: string }[]) => {
      if (stop.armed && requests.some((r) => r.url.endsWith("/preview-set-margin")))
        stop.hit = true;
      return suite.http.fetchAll(requests as never);
    },
  } as unknown as typeof suite.http;
  const sheetOf = book.getSheetByName.bind(book);
  book.getSheetByName = (name: string) => {
    if (stop.hit) throw new Error("Exceeded maximum execution time");
    return sheetOf(name);
  };
  const a = loadAddon(suite.dir, { http, userProps, book });
  const call = (name: string, ...args: unknown[]) => a.call(name, ...args);
  const ask = { shopId: 100001, region: "SG", sheetName: "Cut", products: 6 };
  const from = (await suite.server.seen()).length;
  let last: JobView | null = null;
  expect(() => runSheetsJob("pricingBuild", ask, { call, onView: (v) => (last = v) })).toThrow(
    "Exceeded maximum execution time",
  );
  stop.armed = false;
  stop.hit = false;
  // The sidebar's next call goes on from the last checkpoint (the step the limit cut is redone).
  const [kept] = a.call("sidebarJobList") as JobView[];
  expect(kept?.id).toBe((last as JobView | null)?.id);
  expect(kept?.phase).toBe("running");
  const built = driveSheetsJob(kept as JobView, { call }) as Outcome;
  const sheet = book.getSheetByName("Cut") as FakeSheet;
  const { col, rows } = byHeader(sheet.values());
  expect(rows.length).toBe(built.rows);
  expect(rows.every((r) => typeof r[col("Price for target")] === "number")).toBe(true);
  expect(sheet.getConditionalFormatRules()).toHaveLength(1);
  // Each asked once: the limit fell on the next sheet lookup after A21, and the step's store
  // keeps the jobs sheet for its call (sheetJobs.ts oneCall), so A21's checkpoint was written
  // first (before, the checkpoint's own lookup was cut and A21 went twice).
  const seen = (await suite.server.seen()).slice(from);
  const per = (endpoint: string) => seen.filter((r) => r.endpoint === endpoint).length;
  expect(per("A7")).toBe(1);
  expect(per("A12")).toBe(1);
  expect(per("A21")).toBe(1);
  expect(a.call("sidebarJobList")).toEqual([]);
});
