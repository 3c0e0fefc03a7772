/**
 * Tests end what they start (issue 36): a suite whose tests fail or time out with a process
 * group running, each process ignoring SIGTERM, leaves nothing running once its Jest is done.
 * The suite (fixtures/leftRunning.fixture.ts) runs in a Jest of its own, as `npm test` runs
 * suites, with the same config (the suite's afterAll, the global teardown).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..", "..");

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test("a failed and a timed-out test leave no process of theirs running", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "mkt-left-running-"));
  try {
    const run = spawnSync(
      process.execPath,
      [
        path.join(ROOT, "node_modules/jest/bin/jest.js"),
        "--ci",
        "--rootDir",
        ROOT,
        "--roots",
        "<rootDir>/test/helpers/fixtures",
        "--testMatch",
        "**/leftRunning.fixture.ts",
      ],
      {
        cwd: ROOT,
        env: { ...process.env, MKT_LEFT_RUNNING_DIR: dir },
        encoding: "utf8",
        timeout: 120_000,
      },
    );
    const report = `${run.stdout}\n${run.stderr}`;
    expect({ status: run.status, report }).toMatchObject({ status: 1 });
    expect(report).toMatch(/2 failed/);
    const pids = ["failed", "timedOut"].flatMap((name) =>
      readFileSync(path.join(dir, name), "utf8").split(" ").map(Number),
    );
    expect(pids).toHaveLength(4);
    expect(pids.filter(alive)).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 150_000);
