/**
 * `npm run deploy:sheets` (after `npm run build`): pushes dist/sheets to your Apps Script project
 * with the clasp pinned in package.json, and exits non-zero with a sentence saying what to do on
 * any failure. clasp itself exits 0 after an unknown option and after a non-interactive push it
 * skipped, so success is only what clasp confirms in words ("Pushed N files", "already up to date").
 * The project file is .clasp.json at the repository root, or clasp's own `clasp_config_project`.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const EXPECTED_ROOT_DIR = "dist/sheets";
const AGAIN = "then run npm run deploy:sheets again.";

/** Why the project file cannot be pushed, or null when it can. */
export function projectProblem(projectFile: string): string | null {
  const name = path.basename(projectFile);
  if (!existsSync(projectFile)) {
    return (
      `No ${name} at ${projectFile}: run "cp .clasp.json.example .clasp.json" and paste your ` +
      `project's Script ID into "scriptId" (in the spreadsheet: Extensions > Apps Script > ` +
      `Project Settings > IDs > Script ID), ${AGAIN}`
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
      `under Extensions > Apps Script > Project Settings > IDs > Script ID, ${AGAIN}`
    );
  }
  const rootDir = config.srcDir ?? config.rootDir;
  if (rootDir !== EXPECTED_ROOT_DIR) {
    return (
      `"rootDir" in ${projectFile} must be "${EXPECTED_ROOT_DIR}" (got ${JSON.stringify(rootDir)}): ` +
      `clasp would push the wrong folder. Fix it, ${AGAIN}`
    );
  }
  const content = path.resolve(path.dirname(projectFile), EXPECTED_ROOT_DIR);
  if (!existsSync(path.join(content, "appsscript.json"))) {
    return `${content} has no build: run "npm run build" (npm run deploy:sheets does it first), ${AGAIN}`;
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
  const confirmed = /^(Pushed (\d+|one) files?|Script is already up to date)/m.test(output);
  if (exitCode !== 0 || !confirmed || /\berror\b/i.test(output)) {
    return (
      `clasp did not confirm the push (exit ${String(exitCode)}: ${firstLine(output)}): read ` +
      `clasp's output above, fix what it names, ${AGAIN}`
    );
  }
  return null;
}

function firstLine(output: string): string {
  const line = output.split("\n").find((l) => /error|unknown|skipping/i.test(l)) ?? output;
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

function main(): number {
  const projectFile = path.resolve(
    process.env.clasp_config_project ?? path.join(ROOT, ".clasp.json"),
  );
  const before = projectProblem(projectFile);
  if (before) {
    console.error(`deploy:sheets failed. ${before}`);
    return 1;
  }
  // --force: appsscript.json is ours (scopes, urlFetchWhitelist); without it a non-interactive
  // clasp skips a changed manifest and still exits 0.
  const run = spawnSync(process.execPath, [claspBin(), "-P", projectFile, "push", "--force"], {
    cwd: path.dirname(projectFile),
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
  });
  const output = `${run.stdout ?? ""}${run.stderr ?? ""}${run.error ? String(run.error) : ""}`;
  process.stdout.write(output);
  const problem = claspProblem(run.status, output);
  if (problem) {
    console.error(`deploy:sheets failed. ${problem}`);
    return 1;
  }
  console.log(
    "deploy:sheets: pushed dist/sheets. Reload the spreadsheet and open Extensions > Marketplace Profit.",
  );
  return 0;
}

if (require.main === module) process.exitCode = main();
