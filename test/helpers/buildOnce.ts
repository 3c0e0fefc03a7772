/**
 * A bundle the suites of one Jest run share: the first suite that asks for it builds it (the
 * real build step) into the run's folder, made by the global setup (test/helpers/globalSetup.cjs);
 * a suite in the other worker waits for that build instead of making its own. Each web suite
 * used to build the 12 MB web demo itself, ~9 s of CPU apiece on CI's 2 cores. Outside Jest
 * (a bench, a script) there is no run folder and each caller builds its own, as before.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const WAIT_MS = 10 * 60_000;

/** The run's shared folder for builds, when the suite runs inside a Jest run. */
function runFolder(): string | undefined {
  const dir = process.env.MKT_TEST_RUN_FOLDER;
  return dir !== undefined && existsSync(dir) ? dir : undefined;
}

type Claim =
  | { readonly kind: "own"; readonly dist: string }
  | { readonly kind: "build"; readonly dist: string; readonly finish: (error?: unknown) => void }
  | { readonly kind: "wait"; readonly dist: string; readonly ready: () => boolean };

/** Who builds `name`: a private folder (no run folder), this suite (first), or another suite. */
function claim(name: string): Claim {
  const run = runFolder();
  if (run === undefined)
    return { kind: "own", dist: mkdtempSync(path.join(os.tmpdir(), `${name}-`)) };
  const dist = path.join(run, name);
  const done = `${dist}.done`;
  const failed = `${dist}.failed`;
  try {
    mkdirSync(`${dist}.lock`); // atomic: exactly one suite of the run gets it
  } catch {
    return {
      kind: "wait",
      dist,
      ready: () => {
        if (existsSync(failed))
          throw new Error(`the shared ${name} build failed: ${readFileSync(failed, "utf8")}`);
        return existsSync(done);
      },
    };
  }
  mkdirSync(dist, { recursive: true });
  return {
    kind: "build",
    dist,
    finish: (error) =>
      error === undefined
        ? writeFileSync(done, "")
        : writeFileSync(failed, error instanceof Error ? error.message : String(error)),
  };
}

function timedOut(name: string): Error {
  return new Error(`the shared ${name} build was not ready after ${WAIT_MS / 60_000} minutes`);
}

/**
 * The folder holding `name` built once for this run; `shared` says whether it belongs to the
 * run (kept until the run ends) or to the caller (who removes it).
 */
export async function buildOnce(
  name: string,
  build: (dist: string) => Promise<unknown>,
): Promise<{ dist: string; shared: boolean }> {
  const c = claim(name);
  if (c.kind === "own") {
    await build(c.dist);
    return { dist: c.dist, shared: false };
  }
  if (c.kind === "build") {
    try {
      await build(c.dist);
    } catch (error) {
      c.finish(error);
      throw error;
    }
    c.finish();
    return { dist: c.dist, shared: true };
  }
  const until = Date.now() + WAIT_MS;
  while (!c.ready()) {
    if (Date.now() > until) throw timedOut(name);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { dist: c.dist, shared: true };
}

/** buildOnce for a synchronous build (the Sheets bundle is built by a child process). */
export function buildOnceSync(
  name: string,
  build: (dist: string) => void,
): { dist: string; shared: boolean } {
  const c = claim(name);
  if (c.kind === "own") {
    build(c.dist);
    return { dist: c.dist, shared: false };
  }
  if (c.kind === "build") {
    try {
      build(c.dist);
    } catch (error) {
      c.finish(error);
      throw error;
    }
    c.finish();
    return { dist: c.dist, shared: true };
  }
  const until = Date.now() + WAIT_MS;
  const nap = new Int32Array(new SharedArrayBuffer(4));
  while (!c.ready()) {
    if (Date.now() > until) throw timedOut(name);
    Atomics.wait(nap, 0, 0, 200);
  }
  return { dist: c.dist, shared: true };
}
