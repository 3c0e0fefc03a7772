// Jest global setup: Chromium's presence (test/helpers/requireBrowserInCi.cjs), and one folder
// for the run where suites share what they build (test/helpers/buildOnce.ts). The workers
// start after this and inherit its environment; the global teardown removes the folder.
const { mkdtempSync } = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const requireBrowserInCi = require("./requireBrowserInCi.cjs");

module.exports = async function globalSetup() {
  await requireBrowserInCi();
  process.env.MKT_TEST_RUN_FOLDER = mkdtempSync(path.join(os.tmpdir(), "mkt-test-run-"));
};
