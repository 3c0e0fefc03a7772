/**
 * A tiny Apps Script project for the simulator's self-tests: custom functions and server
 * functions that probe one host rule each (fresh globals, locks, limits, permissions, what
 * re-runs a cell). Written as Sheets would see a project: Code.js, Stubs.js, Sidebar.html.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const CODE = String.raw`
var runs = 0;
var PROBE = {
  GLOBALS: function () { runs++; return runs; },
  ECHO: function (a, b, c) {
    var show = function (v) { return v === undefined ? "undefined" : Object.prototype.toString.call(v) === "[object Date]" ? "date:" + v.toISOString() : JSON.stringify(v); };
    return [show(a), show(b), show(c)].join("|");
  },
  TRY: function (op) {
    var ss = SpreadsheetApp.getActiveSpreadsheet();
    if (op === "setValue") SpreadsheetApp.getActiveRange().setValue(1);
    if (op === "flush") SpreadsheetApp.flush();
    if (op === "getUi") SpreadsheetApp.getUi();
    if (op === "trigger") ScriptApp.newTrigger("clockFired").timeBased().after(1000).create();
    if (op === "setProperty") PropertiesService.getUserProperties().setProperty("x", "1");
    if (op === "insertSheet") ss.insertSheet("New");
    return "allowed";
  },
  SLEEP: function (ms) { Utilities.sleep(ms); return ms; },
  COUNT_LOCKED: function () {
    var lock = LockService.getScriptLock();
    lock.waitLock(60000);
    var cache = CacheService.getScriptCache();
    var n = Number(cache.get("n") || 0);
    Utilities.sleep(100);
    cache.put("n", String(n + 1));
    lock.releaseLock();
    return n + 1;
  },
  COUNT_RACY: function () {
    var cache = CacheService.getScriptCache();
    var n = Number(cache.get("racy") || 0);
    Utilities.sleep(100);
    cache.put("racy", String(n + 1));
    return n + 1;
  },
  WHERE: function () { return SpreadsheetApp.getActiveRange().getA1Notation() + "@" + SpreadsheetApp.getActiveSheet().getName(); },
  COLUMN_R1C1: function () { return SpreadsheetApp.getActiveSheet().getRange(2, 3, 3, 1).getFormulasR1C1().join(";"); },
  PEEK: function (a1) { return SpreadsheetApp.getActiveSheet().getRange(a1).getValue(); },
  CLOCK: function () { return Date.now() === new Date().getTime() ? Date.now() : "clocks differ"; },
  SPILL: function () { return [[1, 2], [3, 4]]; },
  OWNER_KEY: function () { return PropertiesService.getUserProperties().getProperty("probe") || "none"; },
  CACHED: function (k) { return CacheService.getDocumentCache().get(k) || "miss"; },
};
var SERVER = {
  refreshCell: function (a1, flush) {
    var r = SpreadsheetApp.getActiveSpreadsheet().getRange(a1);
    var f = r.getFormula();
    r.clearContent();
    if (flush) SpreadsheetApp.flush();
    r.setFormula(f);
    return f;
  },
  readFormula: function (a1) { return SpreadsheetApp.getActiveSpreadsheet().getRange(a1).getFormula(); },
  writeValue: function (a1, v) { SpreadsheetApp.getActiveSpreadsheet().getRange(a1).setValue(v); return "ok"; },
  installEdit: function () { ScriptApp.newTrigger("editFired").forSpreadsheet(SpreadsheetApp.getActive()).onEdit().create(); return "ok"; },
  editFired: function (e) { CacheService.getScriptCache().put("edited", e.range.getA1Notation() + " by " + e.user.getEmail()); },
  installAfter: function (ms) { ScriptApp.newTrigger("clockFired").timeBased().after(ms).create(); return "ok"; },
  clockFired: function () { CacheService.getScriptCache().put("clock", String(Date.now()) + (SpreadsheetApp.getActiveSpreadsheet() === null ? " no doc" : " doc")); },
  readCache: function (k) { return CacheService.getScriptCache().get(k); },
  setProbe: function (v) { PropertiesService.getUserProperties().setProperty("probe", v); return "ok"; },
  putDoc: function (k, v) { CacheService.getDocumentCache().put(k, v); return "ok"; },
  spin: function (ms) { var end = Date.now() + ms; while (Date.now() < end) Utilities.sleep(1000); return "done"; },
};
`;

const CUSTOM = [
  "GLOBALS",
  "ECHO",
  "TRY",
  "SLEEP",
  "COUNT_LOCKED",
  "COUNT_RACY",
  "WHERE",
  "COLUMN_R1C1",
  "PEEK",
  "CLOCK",
  "SPILL",
  "OWNER_KEY",
  "CACHED",
];
const SERVER = [
  "refreshCell",
  "readFormula",
  "writeValue",
  "installEdit",
  "editFired",
  "installAfter",
  "clockFired",
  "readCache",
  "setProbe",
  "putDoc",
  "spin",
];

/** Write the probe project; returns its folder. */
export function probeBundle(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sheets-probe-"));
  const stubs = [
    ...CUSTOM.map(
      (n) =>
        `/**\n * Probe ${n}.\n * @customfunction\n */\nfunction ${n}() {\n  return PROBE.${n}.apply(null, arguments);\n}`,
    ),
    ...SERVER.map((n) => `function ${n}() {\n  return SERVER.${n}.apply(null, arguments);\n}`),
  ].join("\n\n");
  writeFileSync(path.join(dir, "Code.js"), CODE);
  writeFileSync(path.join(dir, "Stubs.js"), stubs);
  writeFileSync(path.join(dir, "Sidebar.html"), "<html></html>");
  return dir;
}
