// Jest global teardown: remove the run's shared build folder (test/helpers/globalSetup.cjs).
const { rmSync } = require("node:fs");

module.exports = async function globalTeardown() {
  const dir = process.env.MKT_TEST_RUN_FOLDER;
  if (dir) rmSync(dir, { recursive: true, force: true });
};
