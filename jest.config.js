/**
 * Jest runs the TypeScript tests through esbuild (test/helpers/esbuildTransform.cjs; a file that
 * calls jest.mock() through ts-jest). Type-checking is `npm run typecheck`.
 */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  // The long tier (*.long.test.ts: the 10,000-product catalogue and workbook) runs in
  // `npm run test:long`, not in `npm test`: CI has 25 minutes on 2 cores for the rest.
  testPathIgnorePatterns: [
    "/node_modules/",
    ...(process.env.MKT_LONG_TESTS ? [] : ["\\.long\\.test\\.ts$"]),
  ],
  transform: { "^.+\\.ts$": "<rootDir>/test/helpers/esbuildTransform.cjs" },
  // Under CI a missing Chromium fails the run instead of skipping the browser suites; the run
  // gets one folder where suites share the bundles they build (test/helpers/buildOnce.ts).
  globalSetup: "<rootDir>/test/helpers/globalSetup.cjs",
  globalTeardown: "<rootDir>/test/helpers/globalTeardown.cjs",
  // The longest suites first, also on a clean clone without Jest's cache of the last run's times.
  testSequencer: "<rootDir>/test/helpers/testSequencer.cjs",
  // Coverage is gathered where its threshold is: instrumenting every other module too (the
  // server, the hosts) cost CPU in each suite that runs them and checked nothing.
  collectCoverageFrom: ["src/core/**/*.ts"],
  coverageReporters: ["text-summary", "lcov"],
  coverageThreshold: { "./src/core/": { lines: 90 } },
  testTimeout: 30000,
  // Two workers on CI's 2 cores: most suites wait on a browser, a server or a child process, so
  // a second worker uses time the first leaves idle (one worker took 1,066 s of the 20 minutes).
  maxWorkers: 2,
  // A worker that ran the browser and simulator suites held 3-4 GB by the half of a full run
  // (29 Nov); past 1.5 GB it is replaced between suites instead of collecting an ever larger heap.
  workerIdleMemoryLimit: "1536MB",
  // Once, a full run stayed alive after its last suite (CI would wait until its time-out).
  // --detectOpenHandles over every suite added since found no handle in-band; until a full
  // run shows the culprit, the run ends when its suites have.
  forceExit: true,
};
