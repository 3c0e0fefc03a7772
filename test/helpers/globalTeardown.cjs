// Jest global teardown: end any process group a suite started and left running (however the
// suite ended: test/helpers/ownedProcesses.ts writes each one down), then remove the run's
// shared build folder (test/helpers/globalSetup.cjs).
const { existsSync, readFileSync, readdirSync, rmSync } = require("node:fs");
const path = require("node:path");

/** The command line of a running process, as ownedProcesses.ts wrote it; null when gone. */
function commandOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
  } catch {
    return null;
  }
}

function endLeftovers(dir) {
  const records = path.join(dir, "processes");
  if (!existsSync(records)) return;
  const ended = [];
  for (const name of readdirSync(records)) {
    const pid = Number(name);
    const command = readFileSync(path.join(records, name), "utf8");
    // Only the group this run started: a leader of another command (its pid used again) is
    // left alone. A group whose leader is gone still holds its number, so it is still ours.
    const leader = commandOf(pid);
    if (!Number.isInteger(pid) || (leader !== null && leader !== command)) continue;
    try {
      process.kill(-pid, "SIGKILL");
      ended.push(`${pid} ${command}`);
    } catch {
      // gone meanwhile
    }
  }
  if (ended.length > 0)
    console.warn(`Ended ${ended.length} test process group(s) left running:\n${ended.join("\n")}`);
}

module.exports = async function globalTeardown() {
  const dir = process.env.MKT_TEST_RUN_FOLDER;
  if (!dir) return;
  endLeftovers(dir);
  rmSync(dir, { recursive: true, force: true });
};
