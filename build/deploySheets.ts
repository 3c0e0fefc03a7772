/**
 * `npm run deploy:sheets`: builds dist/sheets for MKT_BASE_URL and pushes it to your Apps Script
 * project with the clasp pinned in package.json; exits 1 with a sentence saying what to do on
 * any failure. Before anything is built or pushed, MKT_BASE_URL must pass the add-in's own
 * address rule and be https on a host Google's servers can reach (build/addresses.ts): Apps
 * Script fetches from Google, and its allow-list takes https only. clasp itself exits 0 after an
 * unknown option and after a non-interactive push it skipped, so success is only what clasp
 * confirms in words: Code.js among the files it pushed, or "already up to date".
 * The project file is .clasp.json at the repository root, or clasp's own `clasp_config_project`.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { deployAddress } from "./addresses";
import { packageVersion, type BuildContext } from "./context";
import { buildSheets } from "./sheets";

const ROOT = path.resolve(__dirname, "..");
const EXPECTED_ROOT_DIR = "dist/sheets";
const AGAIN = "then run npm run deploy:sheets again.";

/** Why the project file cannot be pushed, or null when it can. */
export function projectProblem(projectFile: string): string | null {
  const name = path.basename(projectFile);
  if (!existsSync(projectFile)) {
    return (
      `No ${name} at ${projectFile}: make the add-on's standalone project with npx clasp create ` +
      `--type standalone --title "Marketplace Profit" --rootDir dist/sheets (it writes ${name}), ` +
      `or run "cp .clasp.json.example .clasp.json" and paste an existing project's Script ID ` +
      `into "scriptId" (Apps Script editor > Project Settings > IDs > Script ID), ${AGAIN}`
    );
  }
  let config: { scriptId?: unknown; rootDir?: unknown; srcDir?: unknown };
  try {
    config = JSON.parse(readFileSync(projectFile, "utf8")) as typeof config;
  } catch (e) {
    return `${projectFile} is not JSON (${(e as Error).message}): copy .clasp.json.example again, ${AGAIN}`;
  }
  const scriptId = typeof config.scriptId === "string" ? config.scriptId.trim() : "";
  if (!/^[A-Za-z0-9_-]{20,}$/.test(scriptId) || /PASTE/i.test(scriptId)) {
    return (
      `"scriptId" in ${projectFile} is not a Script ID (got "${scriptId}"): paste the one shown ` +
      `under Project Settings > IDs > Script ID in the Apps Script editor, ${AGAIN}`
    );
  }
  const rootDir = config.srcDir ?? config.rootDir;
  if (rootDir !== EXPECTED_ROOT_DIR) {
    return (
      `"rootDir" in ${projectFile} must be "${EXPECTED_ROOT_DIR}" (got ${JSON.stringify(rootDir)}): ` +
      `clasp would push the wrong folder. Fix it, ${AGAIN}`
    );
  }
  return null;
}

/** What clasp's exit code and words mean: null only when clasp confirmed the push. */
export function claspProblem(exitCode: number | null, output: string): string | null {
  if (/No credentials found/i.test(output) || /invalid_grant|login required/i.test(output)) {
    return `clasp is not logged in to Google: run "npx clasp login" (it opens a browser), ${AGAIN}`;
  }
  if (/Apps Script API/i.test(output) && /enable|disabled/i.test(output)) {
    return (
      "Google refused the push because the Apps Script API is off for your account: turn it on at " +
      `https://script.google.com/home/usersettings, wait a minute, ${AGAIN}`
    );
  }
  if (/unknown option|unknown command|Unknown command/i.test(output)) {
    return (
      `This clasp does not know an option the script passes (${firstLine(output)}): run "npm ci" so ` +
      `the clasp pinned in package.json is used, ${AGAIN}`
    );
  }
  if (/Skipping push/i.test(output)) {
    return `clasp skipped the push (${firstLine(output)}): nothing was sent, ${AGAIN}`;
  }
  if (/NOT_FOUND|not found|Requested entity was not found/i.test(output)) {
    return `Google has no Apps Script project with that Script ID: check "scriptId" in .clasp.json, ${AGAIN}`;
  }
  if (/permission|NOT_AUTHORIZED|forbidden|403/i.test(output)) {
    return (
      'Google refused the push: the account you logged in with ("npx clasp show-authorized-user") ' +
      `cannot edit that project. Log in as an editor ("npx clasp login"), ${AGAIN}`
    );
  }
  // "Pushed 0 files" / "Pushed no files" sent nothing; a push without Code.js is not the add-on.
  const pushed = /^Pushed (one|[1-9][\d,]*) files?\b/m.test(output);
  const withCode = /^\W*(\S*[\\/])?Code\.js\s*$/m.test(output);
  if (exitCode === 0 && /^Pushed (0|no) files?\b/m.test(output)) {
    return `clasp pushed no files (${firstLine(output, /Pushed/)}): nothing was sent; check "rootDir" and any .claspignore, ${AGAIN}`;
  }
  if (exitCode === 0 && pushed && !withCode) {
    return `clasp did not push Code.js (${firstLine(output, /Pushed/)}): the add-on was not sent; check "rootDir" and any .claspignore, ${AGAIN}`;
  }
  const confirmed = pushed || /^Script is already up to date/m.test(output);
  if (exitCode !== 0 || !confirmed || /\berror\b/i.test(output)) {
    return (
      `clasp did not confirm the push (exit ${String(exitCode)}: ${firstLine(output)}): read ` +
      `clasp's output above, fix what it names, ${AGAIN}`
    );
  }
  return null;
}

function firstLine(output: string, wanted = /error|unknown|skipping/i): string {
  const line = output.split("\n").find((l) => wanted.test(l)) ?? output;
  return line.trim().split("\n")[0]?.slice(0, 160) || "no output";
}

function claspBin(): string {
  // Its package.json is not in "exports", so it is read from node_modules directly.
  const dir = path.join(ROOT, "node_modules", "@google", "clasp");
  const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as {
    bin: Record<string, string>;
  };
  return path.join(dir, pkg.bin.clasp ?? "build/src/index.js");
}

/** What deploy:sheets talks to at its edges: the environment, the build, the clasp process. */
export interface DeployEdges {
  readonly env: NodeJS.ProcessEnv;
  /** Builds dist/sheets into `dist` for the API at `baseUrl`. */
  build(dist: string, baseUrl: string): Promise<void>;
  /** The clasp entry script run with node (the pinned one, or a fake in tests). */
  readonly claspBin: string;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

/** The deploy: 0 when clasp confirmed the push, else 1 after one sentence on `err`. */
export async function deploySheets(edges: DeployEdges): Promise<number> {
  const fail = (why: string) => {
    edges.err(`deploy:sheets failed. ${why}\n`);
    return 1;
  };
  let baseUrl: string;
  try {
    baseUrl = deployAddress("MKT_BASE_URL", edges.env.MKT_BASE_URL, "google", "deploy:sheets");
  } catch (e) {
    return fail(`Nothing was built or pushed: ${(e as Error).message}`);
  }
  const projectFile = path.resolve(
    edges.env.clasp_config_project ?? path.join(ROOT, ".clasp.json"),
  );
  const before = projectProblem(projectFile);
  if (before) return fail(before);
  // clasp pushes every file of rootDir: a fresh folder, so nothing of an older build goes along.
  const dist = path.resolve(path.dirname(projectFile), "dist");
  rmSync(path.join(dist, "sheets"), { recursive: true, force: true });
  try {
    await edges.build(dist, baseUrl);
  } catch (e) {
    return fail(`The build for ${baseUrl} failed (${(e as Error).message}): fix it, ${AGAIN}`);
  }
  if (!existsSync(path.join(dist, "sheets", "appsscript.json")))
    return fail(`The build wrote no ${path.join(dist, "sheets", "appsscript.json")}: ${AGAIN}`);
  // --force: appsscript.json is ours (scopes, urlFetchWhitelist); without it a non-interactive
  // clasp skips a changed manifest and still exits 0.
  const run = spawnSync(process.execPath, [edges.claspBin, "-P", projectFile, "push", "--force"], {
    cwd: path.dirname(projectFile),
    encoding: "utf8",
    env: { ...edges.env, NO_COLOR: "1", FORCE_COLOR: "0" },
  });
  const output = `${run.stdout ?? ""}${run.stderr ?? ""}${run.error ? String(run.error) : ""}`;
  edges.out(output);
  const problem = claspProblem(run.status, output);
  if (problem) return fail(problem);
  edges.out(
    `deploy:sheets: pushed dist/sheets for ${baseUrl}. Reload the spreadsheet (or run your test deployment) and open Extensions > Marketplace Profit.\n`,
  );
  return 0;
}

if (require.main === module)
  void deploySheets({
    env: process.env,
    build: (dist, apiBaseUrl) => {
      const ctx: BuildContext = {
        root: ROOT,
        dist,
        version: packageVersion(ROOT),
        apiBaseUrl,
        addinUrl: "https://localhost:3000", // the Excel add-in's address: not part of dist/sheets
        minify: true,
      };
      return buildSheets(ctx);
    },
    claspBin: claspBin(),
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
  }).then((code) => (process.exitCode = code));
