/**
 * `npm run deploy:sheets` works or fails loudly (issue 24 item 1). The script runs the pinned
 * clasp for real with an empty home folder: clasp finds no credentials before any network call,
 * and the script must exit non-zero with a sentence saying what to do. clasp's own habit of
 * exiting 0 after an unknown option or a skipped push is checked on its words.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { claspProblem, projectProblem } from "../../build/deploySheets";

const ROOT = path.resolve(__dirname, "..", "..");
const SCRIPT_ID = "1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefghijklmnop";
const CLASP = path.join(ROOT, "node_modules", "@google", "clasp", "build", "src", "index.js");

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "mkt-deploy-"));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A project folder with a built dist/sheets and the given .clasp.json. */
function project(name: string, config: unknown): string {
  const dir = path.join(tmp, name);
  mkdirSync(path.join(dir, "dist", "sheets"), { recursive: true });
  writeFileSync(path.join(dir, "dist", "sheets", "appsscript.json"), '{"timeZone":"Etc/UTC"}\n');
  writeFileSync(path.join(dir, "dist", "sheets", "Code.js"), "function onOpen() {}\n");
  const file = path.join(dir, ".clasp.json");
  writeFileSync(file, JSON.stringify(config));
  return file;
}

function runDeploy(projectFile: string) {
  const home = mkdtempSync(path.join(tmp, "home-"));
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, clasp_config_project: projectFile };
  delete env.clasp_config_auth;
  delete env.GOOGLE_APPLICATION_CREDENTIALS;
  return spawnSync(process.execPath, ["--import", "tsx", "build/deploySheets.ts"], {
    cwd: ROOT,
    env,
    encoding: "utf8",
    timeout: 60_000,
  });
}

test("without credentials the pinned clasp refuses, and the script exits non-zero saying to log in", () => {
  const run = runDeploy(project("ok", { scriptId: SCRIPT_ID, rootDir: "dist/sheets" }));
  expect(run.status).not.toBe(0);
  expect(run.stdout + run.stderr).toContain("No credentials found"); // clasp itself ran
  expect(run.stderr).toContain(
    'deploy:sheets failed. clasp is not logged in to Google: run "npx clasp login"',
  );
});

test("without a .clasp.json the script exits non-zero saying how to make one", () => {
  const run = runDeploy(path.join(tmp, "missing", ".clasp.json"));
  expect(run.status).not.toBe(0);
  expect(run.stderr).toMatch(/No \.clasp\.json .*cp \.clasp\.json\.example \.clasp\.json/);
  expect(run.stderr).toContain("Project Settings > IDs > Script ID");
});

test(".clasp.json.example carries rootDir and is refused until a Script ID is pasted in", () => {
  const example = JSON.parse(readFileSync(path.join(ROOT, ".clasp.json.example"), "utf8")) as {
    rootDir: string;
  };
  expect(example.rootDir).toBe("dist/sheets");
  const file = project("example", example);
  copyFileSync(path.join(ROOT, ".clasp.json.example"), file);
  expect(projectProblem(file)).toMatch(/"scriptId" .* is not a Script ID .*Script ID/);
  expect(projectProblem(project("wrongDir", { scriptId: SCRIPT_ID, rootDir: "." }))).toMatch(
    /"rootDir" .* must be "dist\/sheets"/,
  );
  expect(projectProblem(project("fine", { scriptId: SCRIPT_ID, rootDir: "dist/sheets" }))).toBe(
    null,
  );
});

test("clasp's exit 0 counts only with its confirmation in words", () => {
  expect(claspProblem(0, "error: unknown option '--rootDir'\n")).toMatch(/npm ci/);
  expect(claspProblem(0, "Skipping push.\n")).toMatch(/nothing was sent/);
  expect(claspProblem(0, "")).toMatch(/did not confirm/);
  expect(claspProblem(1, "User has not enabled the Apps Script API.")).toMatch(/usersettings/);
  expect(claspProblem(1, "Requested entity was not found.")).toMatch(/scriptId/);
  expect(claspProblem(1, "The caller does not have permission")).toMatch(/editor/);
  expect(claspProblem(0, "Pushed 6 files at 10:00:00.\n└─ dist/sheets/Code.js\n")).toBeNull();
  expect(claspProblem(0, "Pushed one file at 10:00:00.\n")).toBeNull();
  expect(claspProblem(0, "Script is already up to date.\n")).toBeNull();
});

test("clasp is pinned, and the flags the script passes exist in that version", () => {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    devDependencies: Record<string, string>;
    scripts: Record<string, string>;
  };
  expect(pkg.devDependencies["@google/clasp"]).toMatch(/^\d+\.\d+\.\d+$/);
  expect(pkg.scripts["deploy:sheets"]).toBe("npm run build && tsx build/deploySheets.ts");
  const help = (args: string[]) =>
    spawnSync(process.execPath, [CLASP, ...args], { encoding: "utf8", env: { ...process.env } })
      .stdout;
  expect(help(["--help"])).toMatch(/-P, --project <file>/);
  const push = help(["push", "--help"]);
  expect(push).toMatch(/-f, --force/);
  expect(push).not.toMatch(/--rootDir/);
});
