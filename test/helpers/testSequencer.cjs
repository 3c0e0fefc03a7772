// Jest test order: the longest suites first, so that neither of CI's two workers is left
// running a long suite alone at the end. Jest sorts by the last run's times, kept in its cache,
// but a clean clone on a fresh machine has none and falls back to file size (the longest suite,
// apiOffer, is a short file). Here a suite without a cached time takes its time from
// suiteSeconds.json: a full CI run's times with two workers (29 Nov; the long tier's from 27
// Nov), refreshed with build/suiteSeconds.cjs. A suite not listed (new, or under a second) gets
// a guess from its kind and its size. Only the order matters, not the seconds.
const path = require("node:path");
const Sequencer = require("@jest/test-sequencer").default;
const SECONDS = require("./suiteSeconds.json");

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
