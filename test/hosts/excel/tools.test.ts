/**
 * The task pane's tools in the Excel shim (office-addin-mock workbook, OfficeRuntime.storage in
 * memory, the reference server over HTTP): Diagnostics with everything on and each Excel
 * assumption switched off once; the web demo's check of its browser storage; Convert formulas
 * for Excel over a workbook exported from Sheets.
 */
jest.mock("office-addin-manifest", () => ({
  OfficeApp: { Excel: "excel", Outlook: "outlook", PowerPoint: "powerpoint", Word: "word" },
}));
import { fetchTransport } from "../../../src/hosts/shared/fetchTransport";
import {
  createExcelTaskpaneBridge,
  officeSettingsStorage,
} from "../../../src/hosts/excel/taskpaneBridge";
import type { ExcelCheckEnv } from "../../../src/hosts/excel/excelTools";
import { webChecks } from "../../../src/hosts/web/webChecks";
import { newSaveState } from "../../../src/hosts/web/workbookStorage";
import { HOSTILE_NAMES } from "../../helpers/hostileNames";
import { startTestServer, type TestServer } from "../../helpers/server";
import { ParsedFormula, fakeWorkbook } from "./fakeWorkbook";
import { memoryOfficeStorage } from "./nodeExcel";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function pane(checks: Partial<ExcelCheckEnv> = {}, key: string | null = server.keyFor("demo")) {
  const storage = memoryOfficeStorage(
    key ? { "mkt.apiKey": key, "mkt.baseUrl": server.baseUrl } : {},
  );
  const excel = fakeWorkbook();
  const bridge = createExcelTaskpaneBridge({
    run: excel.run,
    storage: officeSettingsStorage(storage),
    transport: fetchTransport(),
    defaultBaseUrl: server.baseUrl,
    startup: null,
    checks: { isSetSupported: () => true, storage, ...checks },
  });
  return { bridge, excel };
}

const results = (rows: ReadonlyArray<{ id: string; passed: boolean | null }>) =>
  Object.fromEntries(rows.map((r) => [r.id, r.passed]));

test("Diagnostics in Excel: all on passes; each requirement set and the storage switched off fail alone", async () => {
  const all = await pane().bridge.runDiagnostics();
  expect(all.host).toBe("excel");
  expect(results(all.rows)).toEqual({
    apiAddress: true,
    keyAccepted: true,
    quotaSeen: true,
    customFunctionsRuntime: true,
    sharedRuntime: true,
    officeStorage: true,
  });
  const cases: Array<[string, Partial<ExcelCheckEnv>]> = [
    ["customFunctionsRuntime", { isSetSupported: (n) => n !== "CustomFunctionsRuntime" }],
    ["sharedRuntime", { isSetSupported: (n) => n !== "SharedRuntime" }],
    ["officeStorage", { storage: null }],
  ];
  for (const [id, off] of cases) {
    const report = await pane(off).bridge.runDiagnostics();
    expect({ id, failed: report.rows.filter((r) => r.passed === false).map((r) => r.id) }).toEqual({
      id,
      failed: [id],
    });
    expect(report.rows.find((r) => r.id === id)?.instead).toMatch(/\w{4,}/);
  }
  const noKey = await pane({}, null).bridge.runDiagnostics();
  expect(results(noKey.rows)).toMatchObject({ apiAddress: null, keyAccepted: false });
});

test("the web demo's storage check: on, off (no localStorage, or one that forgets), and a workbook save that failed", async () => {
  const items = new Map<string, string>();
  const local = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
  const saves = newSaveState();
  const room = async () => ({ usage: 12_300_000, quota: 300_000_000 });
  expect(await webChecks(local, saves, room)).toEqual([
    {
      id: "browserStorage",
      passed: true,
      seen: "settings set and read back; no change to save yet; 12.3 of 300.0 MB used",
    },
  ]);
  const saved = {
    ...saves,
    savedAt: Date.now(),
    saveMs: 812.4,
    loadMs: 95,
    workbookChars: 14_200_000,
  };
  expect((await webChecks(local, saved, room))[0]?.seen).toMatch(
    /^settings set and read back; workbook \(14\.2 M characters\) saved in IndexedDB at \d\d:\d\d:\d\d in 812 ms; opened in 95 ms; 12\.3 of 300\.0 MB used$/,
  );
  expect((await webChecks(local, saves, async () => null))[0]?.seen).toMatch(
    /the browser does not say how much storage it grants/,
  );
  // From 80 % of what the browser grants the check fails before a save is refused (issue 35).
  const nearlyFull = async () => ({ usage: 245_000_000, quota: 300_000_000 });
  expect((await webChecks(local, saves, nearlyFull))[0]).toMatchObject({
    passed: false,
    seen: expect.stringMatching(/nearly full: 245\.0 of 300\.0 MB used \(81 %\)/),
  });
  expect((await webChecks(null, saves, room))[0]?.passed).toBe(false);
  expect((await webChecks({ ...local, setItem: () => undefined }, saves, room))[0]?.passed).toBe(
    false,
  );
  expect(
    (
      await webChecks(
        {
          ...local,
          setItem: () => {
            throw new Error("QuotaExceededError");
          },
        },
        saves,
        room,
      )
    )[0],
  ).toMatchObject({ passed: false, seen: "QuotaExceededError" });
  // The probe fits where the workbook did not: the check says the save failed, not "passed".
  const failed = { ...saves, failedAt: Date.now(), workbookChars: 5_300_000 };
  expect((await webChecks(local, failed, room))[0]).toMatchObject({
    passed: false,
    seen: expect.stringMatching(/last save of the workbook \(5\.3 M characters\) failed/),
  });
});

test("Convert formulas for Excel rewrites a Sheets export in place, leaving everything else", async () => {
  const { bridge, excel } = pane();
  // Formulas as Excel holds them: their value is what they computed, not their text.
  excel.addSheet("Data", [
    ["Item", "Profit", "Note"],
    [
      10001691,
      new ParsedFormula(
        '=IFERROR(__xludf.DUMMYFUNCTION("MKTA_BREAKDOWN(100001,""SG"",A2)"),"Line")',
        "Line",
      ),
      new ParsedFormula("=SUM(B2:B3)", 12.5),
    ],
    [
      10001549,
      new ParsedFormula('=IFERROR(__xludf.DUMMYFUNCTION("""COMPUTED_VALUE"""),12.5)', 12.5),
      "SHOPS() is typed text",
    ],
    [1, new ParsedFormula("=SHOPS()", "Shop"), new ParsedFormula('="MKT.SHOPS("', "MKT.SHOPS(")],
  ]);
  const done = await bridge.convertFormulas!();
  expect(done).toEqual({ host: "excel", formulas: 2, sheets: 1, emptied: 1 });
  expect(excel.table("Data")).toEqual([
    ["Item", "Profit", "Note"],
    [10001691, '=MKT.MKTA_BREAKDOWN(100001,"SG",A2)', new ParsedFormula("=SUM(B2:B3)", 12.5)],
    [10001549, "", "SHOPS() is typed text"],
    [1, "=MKT.SHOPS()", new ParsedFormula('="MKT.SHOPS("', "MKT.SHOPS(")],
  ]);
  expect(await bridge.convertFormulas!()).toEqual({
    host: "excel",
    formulas: 0,
    sheets: 0,
    emptied: 0,
  });
});

test("Convert formulas for Excel touches only formulas: 5 hostile imported names stay the same text", async () => {
  const { bridge, excel } = pane();
  const sheet = excel.addSheet("Imported", [
    ["Name", "Profit"],
    ...HOSTILE_NAMES.map((name, i) => [
      name,
      new ParsedFormula(`=MKTA_BREAKDOWN(100001,"SG",A${i + 2})`, 1.5 + i),
    ]),
    // Text typed with an apostrophe in a General cell: formulas reads it back without one
    // (office-js #6687); and a formula whose value reads as its own text, which cannot be told
    // from such text. Neither is written.
    ["=SHOPS()", new ParsedFormula("=SHOPS()", "=SHOPS()")],
  ]);
  // The import writes names into Text ("@") cells; the apostrophe row's cell is General.
  HOSTILE_NAMES.forEach((_, i) => sheet.formats.set(`${i + 1},0`, "@"));
  const done = await bridge.convertFormulas!();
  expect(done).toEqual({ host: "excel", formulas: 5, sheets: 1, emptied: 0 });
  const table = excel.table("Imported");
  expect(table.map((row) => row[0])).toEqual(["Name", ...HOSTILE_NAMES, "=SHOPS()"]);
  // Still text: nothing was written through `formulas` into them.
  expect(excel.writes.filter((w) => w.at[1] === 0)).toEqual([]);
  expect(table.slice(1, 6).map((row) => row[1])).toEqual(
    HOSTILE_NAMES.map((_, i) => `=MKT.MKTA_BREAKDOWN(100001,"SG",A${i + 2})`),
  );
  expect(sheet.values.get("6,1")).toEqual(new ParsedFormula("=SHOPS()", "=SHOPS()"));
});
