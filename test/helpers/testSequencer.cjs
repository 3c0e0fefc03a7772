// Jest test order: the longest suites first, so that neither of CI's two workers is left
// running a three-minute suite alone at the end. Jest sorts by the last run's times, kept in
// its cache, but a clean clone on a fresh machine has none and falls back to file size (the
// longest suite, apiOffer, is a short file). Here a suite without a cached time takes its
// time from SECONDS (full CI runs of 27 Nov, seconds under load: only the order matters), or,
// for a suite not listed, a guess from its kind and its size.
const path = require("node:path");
const Sequencer = require("@jest/test-sequencer").default;

const SECONDS = {
  "test/hosts/web/apiOffer.test.ts": 177,
  "test/hosts/web/formats.test.ts": 162,
  "test/hosts/web/webHost.test.ts": 113,
  "test/hosts/web/pricingSheet.test.ts": 84,
  "test/hosts/web/formulas.test.ts": 83,
  "test/hosts/web/responsive.test.ts": 78,
  "test/hosts/sheets/strictFill.sim.test.ts": 76,
  "test/core/schedule/listEquality.test.ts": 76,
  "test/start/staticFuzz.test.ts": 64,
  "test/hosts/web/managedTable.test.ts": 63,
  "test/hosts/web/freeze.test.ts": 50,
  "test/hosts/web/storageFull.test.ts": 47,
  "test/bench/cells.test.ts": 46,
  "test/hosts/sheets/simulator.addon.test.ts": 43,
  // 144 s until the simulator's spill look-up stopped sorting every cell per read (8x less CPU).
  "test/hosts/sheets/fillDown.sim.test.ts": 40,
  "test/hosts/excel/schedulerScaled.browser.test.ts": 42,
  "test/hosts/web/textProbes.test.ts": 41,
  "test/hosts/web/bulkAndBuilder.test.ts": 40,
  "test/hosts/sheets/limits.sim.test.ts": 40,
  "test/hosts/web/tallSpill.test.ts": 39,
  "test/start/start.test.ts": 38,
  "test/hosts/sheets/sidebar.test.ts": 35,
  "test/hosts/excel/functions.browser.test.ts": 34,
  "test/hosts/sheets/refresh.sim.test.ts": 26,
  "test/server/fuzz/schemaAgreement.test.ts": 23,
  "test/functions/requiredPriceMarginA.test.ts": 22,
  "test/server/fuzz/fuzz.test.ts": 21,
  "test/hosts/excel/refresh.browser.test.ts": 19,
  "test/hosts/excel/strictApi.browser.test.ts": 18,
  "test/hosts/excel/scheduler.browser.test.ts": 17,
  "test/sidebar/history.test.ts": 16,
  "test/hosts/web/charts.test.ts": 16,
  "test/hosts/sheets/triggerLists.sim.test.ts": 16,
  "test/hosts/sheets/sidebarServer.test.ts": 15,
  "test/hosts/sheets/cellFormats.sim.test.ts": 15,
  "test/hosts/sheets/catalog.live.test.ts": 15,
};

/** A browser or simulator suite not listed yet is likely long; any other goes by its size. */
function guess(rel, bytes) {
  return /\/web\/|\.browser\.|\.sim\./.test(rel) ? 30 : bytes / 1e6;
}

class LongestFirst extends Sequencer {
  time(test) {
    const cached = super.time(test);
    if (cached !== undefined) return cached;
    const rel = path.relative(test.context.config.rootDir, test.path).split(path.sep).join("/");
    const seconds = SECONDS[rel] ?? guess(rel, test.context.hasteFS.getSize(test.path) ?? 0);
    return seconds * 1000;
  }
}

module.exports = LongestFirst;
