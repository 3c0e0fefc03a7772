/**
 * Diagnostics in the Sheets fake (issue 24 item 4): the built add-on's server checks run
 * through the sidebar's own bridge over the reference server, first with everything Google
 * gives an add-on, then with each assumption switched off once; the table says which failed
 * and what the add-on does instead.
 */
import { FakeProperties } from "./fakes";
import { addonSuite, loadAddon, type LoadedAddon } from "./harness";
import { createGoogleScriptBridge } from "../../../src/hosts/sheets/sidebar/sidebarBridge";
import type { DiagnosticsReport } from "../../../src/sidebar/diagnostics";
import { diagnosticsText } from "../../../src/ui/toolsSection";
import { HOSTILE_NAMES } from "../../helpers/hostileNames";

const suite = addonSuite();

function addon(key: string | null): LoadedAddon {
  const userProps = new FakeProperties();
  userProps.setProperty("mkt.baseUrl", suite.server.baseUrl);
  const loaded = loadAddon(suite.dir, { http: suite.http, userProps });
  if (key) loaded.call("saveApiKey", key);
  return loaded;
}

async function diagnose(loaded: LoadedAddon): Promise<DiagnosticsReport> {
  const bridge = createGoogleScriptBridge((name, ...args) =>
    Promise.resolve().then(() => loaded.call(name, ...args)),
  );
  return bridge.runDiagnostics();
}

const results = (r: DiagnosticsReport) =>
  Object.fromEntries(r.rows.map((row) => [row.id, row.passed]));

test("everything on: every check Sheets can run passes, the two that need another run or person say so", async () => {
  const report = await diagnose(addon(suite.server.keys.demo));
  expect(report.host).toBe("sheets");
  expect(results(report)).toEqual({
    apiAddress: true,
    keyAccepted: true,
    quotaSeen: true,
    documentCache: true,
    documentProperties: true,
    clockTrigger: true,
    rerunCell: null,
    collaboratorFunctions: null,
  });
  const text = diagnosticsText(report);
  expect(text).toMatch(/^Marketplace Profit diagnostics, Google Sheets, /);
  expect(text).not.toContain(suite.server.keys.demo);
});

test("the report names the add-in's version, the API address and how the add-on is installed, and Copy for support holds them", async () => {
  const kinds = {
    APPS_MARKETPLACE_DOMAIN_ADD_ON: "editor add-on, installed for your domain by its administrator",
    WEB_STORE_ADD_ON: "editor add-on, installed by you",
    NONE: "not an installed add-on: a script bound to this spreadsheet, or a test deployment",
  } as const;
  for (const [source, kind] of Object.entries(kinds)) {
    const loaded = addon(suite.server.keys.demo);
    loaded.scriptApp.installationSource = source as keyof typeof kinds;
    const report = await diagnose(loaded);
    // Code.js says which build ran the checks (the harness builds version 0.0.0-test).
    expect(report).toMatchObject({
      version: "0.0.0-test",
      apiAddress: suite.server.baseUrl,
      deployment: kind,
    });
    const text = diagnosticsText(report).split("\n");
    expect(text.slice(1, 4)).toEqual([
      "Add-in version: 0.0.0-test",
      `Host: Google Sheets, running as ${kind}`,
      `API address: ${suite.server.baseUrl}`,
    ]);
    // Each check, one line each.
    expect(text.slice(4).map((l) => l.split("\t")[1])).toEqual(report.rows.map((r) => r.check));
  }
  const broken = addon(suite.server.keys.demo);
  (broken.context.ScriptApp as { getInstallationSource(): unknown }).getInstallationSource = () => {
    throw new Error("Exception: not available");
  };
  expect((await diagnose(broken)).deployment).toBe("not known (Exception: not available)");
});

test("each assumption switched off once fails its own row and says what the add-on does instead", async () => {
  const off: Array<[string, (a: LoadedAddon) => void]> = [
    [
      "documentCache",
      (a) =>
        ((a.context.CacheService as { getDocumentCache(): unknown }).getDocumentCache = () => null),
    ],
    [
      "documentProperties",
      (a) =>
        ((
          a.context.PropertiesService as { getDocumentProperties(): unknown }
        ).getDocumentProperties = () => null),
    ],
  ];
  for (const [id, switchOff] of off.slice(0, 2)) {
    const loaded = addon(suite.server.keys.demo);
    switchOff(loaded);
    const report = await diagnose(loaded);
    const row = report.rows.find((r) => r.id === id);
    expect({ id, passed: row?.passed }).toEqual({ id, passed: false });
    expect(row?.instead.length).toBeGreaterThan(20);
    expect(report.rows.filter((r) => r.passed === false).map((r) => r.id)).toEqual([id]);
  }
  // A clock trigger Google refuses (add-ons: hourly at most, one per document).
  const refused = addon(suite.server.keys.demo);
  (refused.context.ScriptApp as { newTrigger(h: string): unknown }).newTrigger = () => {
    throw new Error("This add-on has created too many time-based triggers in this document");
  };
  const trig = await diagnose(refused);
  expect(trig.rows.find((r) => r.id === "clockTrigger")).toMatchObject({
    passed: false,
    seen: expect.stringMatching(/too many time-based triggers/),
  });
});

test("no key, a rejected key, an address that does not answer", async () => {
  const none = await diagnose(addon(null));
  expect(results(none)).toMatchObject({ apiAddress: null, keyAccepted: false });
  const rejected = addon(suite.server.keys.demo2);
  await suite.server.revoke(suite.server.keys.demo2);
  const bad = await diagnose(rejected);
  expect(results(bad)).toMatchObject({ apiAddress: true, keyAccepted: false });
  expect(bad.rows.find((r) => r.id === "keyAccepted")?.seen).toMatch(/API key rejected/);
  const moved = addon(suite.server.keys.demo);
  moved.userProps.setProperty("mkt.baseUrl", "https://127.0.0.1:9");
  const gone = await diagnose(moved);
  expect(results(gone)).toMatchObject({ apiAddress: false, keyAccepted: null });
});

test("Convert formulas for Sheets (the sidebar's bridge over the fake): Excel's MKT. names lose their namespace", async () => {
  const loaded = addon(suite.server.keys.demo);
  const put = (row: number, column: number, formula: string) =>
    loaded.sheet.getRange(row, column).setFormula(formula);
  put(1, 1, '=MKT.MKTA_BREAKDOWN(100001,"SG",10001691,,"netProfit")');
  put(1, 2, '=IFERROR(MKT.SHOPS("A"),"MKT.SHOPS( failed")');
  put(2, 1, "=SUM(A1:B1)");
  loaded.sheet.getRange(2, 2).setValues([["MKT.SHOPS() as text"]]);
  const bridge = createGoogleScriptBridge((name, ...args) =>
    Promise.resolve().then(() => loaded.call(name, ...args)),
  );
  expect(await bridge.convertFormulas?.()).toEqual({
    host: "sheets",
    formulas: 2,
    sheets: 1,
    emptied: 0,
  });
  expect(loaded.sheet.getRange(1, 1, 2, 2).getFormulas()).toEqual([
    [
      '=MKTA_BREAKDOWN(100001,"SG",10001691,,"netProfit")',
      '=IFERROR(SHOPS("A"),"MKT.SHOPS( failed")',
    ],
    ["=SUM(A1:B1)", ""],
  ]);
  expect(loaded.sheet.getRange(2, 2).getValues()).toEqual([["MKT.SHOPS() as text"]]);
});

test("Convert formulas for Sheets touches only formulas: 5 hostile imported names stay the same text", async () => {
  const loaded = addon(suite.server.keys.demo);
  const names = HOSTILE_NAMES.map((name) => [name]);
  // As an import writes names: a Plain text ("@") column, then the values.
  const column = loaded.sheet.getRange(1, 1, names.length, 1);
  column.setNumberFormats(names.map(() => ["@"]));
  column.setValues(names);
  names.forEach((_, i) =>
    loaded.sheet.getRange(i + 1, 2).setFormula(`=MKT.MKTA_BREAKDOWN(100001,"SG",A${i + 1})`),
  );
  // A Plain text cell that holds a formula is left as it is too.
  loaded.sheet.getRange(6, 1).setNumberFormats([["@"]]);
  loaded.sheet.getRange(6, 1).setFormula("=MKT.SHOPS()");
  const bridge = createGoogleScriptBridge((name, ...args) =>
    Promise.resolve().then(() => loaded.call(name, ...args)),
  );
  expect(await bridge.convertFormulas?.()).toEqual({
    host: "sheets",
    formulas: 5,
    sheets: 1,
    emptied: 0,
  });
  expect(column.getValues()).toEqual(names);
  expect(column.getFormulas()).toEqual(names.map(() => [""]));
  expect(loaded.sheet.getRange(1, 2, 5, 1).getFormulas()).toEqual(
    names.map((_, i) => [`=MKTA_BREAKDOWN(100001,"SG",A${i + 1})`]),
  );
  expect(loaded.sheet.getRange(6, 1).getFormulas()).toEqual([["=MKT.SHOPS()"]]);
});
