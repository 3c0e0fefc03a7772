// Writes test/helpers/suiteSeconds.json, the suite times test/helpers/testSequencer.cjs starts
// the longest suites by on a machine without Jest's cache of the last run (CI's clean clone):
//   node build/suiteSeconds.cjs <Jest's perf-cache file of a full run>
// (the file is perf-cache-<config id> in Jest's cacheDirectory: `npx jest --showConfig`). A run
// with two workers on 2 cores, as CI runs, gives the times that matter: a suite that waits on
// Chromium is slower beside another than alone. Only the order matters, not the seconds.
const { readFileSync, writeFileSync } = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const cacheFile = process.argv[2];
if (!cacheFile) {
  console.error("usage: node build/suiteSeconds.cjs <jest perf-cache file>");
  process.exit(2);
}
// Jest keeps [status, milliseconds] by absolute test path.
const perf = JSON.parse(readFileSync(cacheFile, "utf8"));
const seconds = Object.entries(perf)
  .map(([file, entry]) => [path.relative(root, file).split(path.sep).join("/"), entry[1] / 1000])
  // A suite of another checkout, or one under a second: the sequencer's guess does as well.
  .filter(([rel, s]) => !rel.startsWith("..") && s >= 1)
  .sort((a, b) => b[1] - a[1]);
const out = Object.fromEntries(seconds.map(([rel, s]) => [rel, Math.round(s * 10) / 10]));
writeFileSync(
  path.join(root, "test/helpers/suiteSeconds.json"),
  JSON.stringify(out, null, 2) + "\n",
);
console.log(`test/helpers/suiteSeconds.json: ${seconds.length} suites`);
