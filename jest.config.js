/** Jest runs the TypeScript tests through ts-jest (type-checking is `npm run typecheck`). */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: { "^.+\\.ts$": "ts-jest" },
  // Under CI a missing Chromium fails the run instead of skipping the browser suites.
  globalSetup: "<rootDir>/test/helpers/requireBrowserInCi.cjs",
  collectCoverageFrom: ["src/**/*.ts"],
  coverageReporters: ["text-summary", "lcov"],
  coverageThreshold: { "./src/core/": { lines: 90 } },
  testTimeout: 30000,
  // A handle left open by one of this stop's new suites kept Jest alive after a full, finished
  // run (CI would wait until its time-out): exit when the run is done, and find the handle
  // (--detectOpenHandles) next stop.
  forceExit: true,
};
