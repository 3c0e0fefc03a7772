/**
 * Processes a test starts (`npm start`, `npm run server`, the Sheets suites' server) are ended
 * whatever happens to the test (issue 36: after a failed, timed-out run a `build/start.ts` of a
 * deleted clone still listened on three ports two hours later). Each runs in its own process
 * group, so its children go with it, and is ended by that group, three ways over:
 * - `stopGroup`: the test's own stop (a signal, then SIGKILL after a grace: never waits for ever);
 * - the suite's end: a root `afterAll` this module registers stops every group still running,
 *   also after a failed or timed-out test or hook;
 * - the worker's end (Jest's forceExit, an uncaught error): an `exit` handler SIGKILLs them, and
 *   each group is written down in the run's folder for the global teardown
 *   (test/helpers/globalTeardown.cjs), which ends any still alive when the whole run is over.
 */
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const owned = new Set<ChildProcess>();

/** Where this run writes down the groups it started (the global teardown reads them). */
function recordDir(): string | null {
  const run = process.env.MKT_TEST_RUN_FOLDER;
  return run ? path.join(run, "processes") : null;
}

function record(child: ChildProcess, command: string): void {
  const dir = recordDir();
  if (!dir || child.pid === undefined) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, String(child.pid)), command);
}

function forget(child: ChildProcess): void {
  owned.delete(child);
  const dir = recordDir();
  if (dir && child.pid !== undefined) rmSync(path.join(dir, String(child.pid)), { force: true });
}

/** Is anything of the group still there? */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** `spawn` in a process group of its own, owned by this module until it is stopped. */
export function spawnOwned(
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  owned.add(child);
  record(child, [command, ...args].join(" "));
  // Gone on its own: forgotten once its group is (a child of it may hold on a moment).
  child.once("exit", () => {
    if (child.pid === undefined || !groupAlive(child.pid)) forget(child);
  });
  return child;
}

/**
 * End the child's whole process group: `signal` first (as a terminal's Ctrl-C, or SIGTERM), then
 * SIGKILL if anything of it is still there after `graceMs`. Resolves with the child's exit code
 * (null when it had to be killed or was gone already); never waits longer than about graceMs + 2 s.
 */
export async function stopGroup(
  child: ChildProcess,
  signal: NodeJS.Signals = "SIGTERM",
  graceMs = 10_000,
): Promise<number | null> {
  const pid = child.pid;
  if (pid === undefined) return null;
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
  signalGroup(pid, signal);
  const deadline = Date.now() + graceMs;
  let code: number | null = null;
  let done = false;
  void exited.then((c) => {
    code = c;
    done = true;
  });
  while ((!done || groupAlive(pid)) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  if (groupAlive(pid)) {
    signalGroup(pid, "SIGKILL");
    const killedBy = Date.now() + 2_000;
    while (groupAlive(pid) && Date.now() < killedBy) await new Promise((r) => setTimeout(r, 20));
  }
  forget(child);
  return code;
}

/** Stop every group still running (the suite's end). */
export async function stopAllOwned(): Promise<void> {
  await Promise.all([...owned].map((child) => stopGroup(child, "SIGTERM", 5_000)));
}

// The worker ends (forceExit, a crash): nothing may outlive it. Synchronous, as `exit` needs.
process.once("exit", () => {
  for (const child of owned) if (child.pid !== undefined) signalGroup(child.pid, "SIGKILL");
});

// Whatever the suite's tests and hooks did, its groups end with it. Outside Jest (the benchmarks
// load the Sheets harness too) there is no suite: the exit handler above is the net there.
if (typeof afterAll === "function") afterAll(() => stopAllOwned(), 30_000);
