/**
 * `npm run deploy:sheets` works or fails loudly (issue 24 item 1, issue 35 item 6, issue 36
 * item 3). The script runs the pinned clasp for real with an empty home folder: clasp finds no
 * credentials before any network call, and the script must exit non-zero with a sentence
 * saying what to do. An address Google's servers cannot use (unset, http, loopback, or one the
 * add-in itself refuses) stops it before anything is built or clasp runs. clasp's own habit of
 * exiting 0 after an unknown option, a skipped push or a push of no files is checked on its
 * words, with a fake clasp at the process edge.
 */
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { claspProblem, deploySheets, projectProblem } from "../../build/deploySheets";

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

/** Run the script as npm does; `baseUrl` null: MKT_BASE_URL unset. */
function runDeploy(projectFile: string, baseUrl: string | null = "https://api.example.com") {
  const home = mkdtempSync(path.join(tmp, "home-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    clasp_config_project: projectFile,
    MKT_SKIP_DOCS: "1",
  };
  delete env.clasp_config_auth;
  delete env.GOOGLE_APPLICATION_CREDENTIALS;
  if (baseUrl === null) delete env.MKT_BASE_URL;
  else env.MKT_BASE_URL = baseUrl;
  return spawnSync(process.execPath, ["--import", "tsx", "build/deploySheets.ts"], {
    cwd: ROOT,
    env,
    encoding: "utf8",
    timeout: 180_000,
  });
}

test("without credentials: built for the address, then the pinned clasp refuses and the script says to log in", () => {
  const file = project("ok", { scriptId: SCRIPT_ID, rootDir: "dist/sheets" });
  const run = runDeploy(file);
  expect(run.status).toBe(1);
  expect(run.stdout + run.stderr).toContain("No credentials found"); // clasp itself ran
  expect(run.stderr).toContain(
    'deploy:sheets failed. clasp is not logged in to Google: run "npx clasp login"',
  );
  // The folder clasp would push is a fresh build for that address, not what was there.
  const built = path.join(path.dirname(file), "dist", "sheets");
  expect(readFileSync(path.join(built, "Code.js"), "utf8")).not.toBe("function onOpen() {}\n");
  expect(
    (
      JSON.parse(readFileSync(path.join(built, "appsscript.json"), "utf8")) as {
        urlFetchWhitelist?: string[];
      }
    ).urlFetchWhitelist,
  ).toEqual(["https://api.example.com/"]);
}, 180_000);

test("MKT_BASE_URL unset, http or loopback: exit 1 and a sentence, before anything is built or clasp runs", () => {
  const cases: Array<[string | null, RegExp]> = [
    [null, /MKT_BASE_URL is not set\. Set it to the https:\/\/ address of the API/],
    [
      "http://localhost:8787",
      /MKT_BASE_URL="http:\/\/localhost:8787" is refused: it must start with https:\/\//,
    ],
    [
      "https://127.0.0.1:8787",
      /127\.0\.0\.1 is this computer, which Google's servers cannot reach/,
    ],
  ];
  for (const [baseUrl, sentence] of cases) {
    const file = project(`early-${cases.findIndex((c) => c[0] === baseUrl)}`, {
      scriptId: SCRIPT_ID,
      rootDir: "dist/sheets",
    });
    const run = runDeploy(file, baseUrl);
    expect({ baseUrl, status: run.status }).toEqual({ baseUrl, status: 1 });
    expect(run.stderr).toMatch(/^deploy:sheets failed\. Nothing was built or pushed: /);
    expect(run.stderr).toMatch(sentence);
    expect(run.stdout + run.stderr).not.toContain("No credentials found"); // clasp never ran
    const code = path.join(path.dirname(file), "dist", "sheets", "Code.js");
    expect(readFileSync(code, "utf8")).toBe("function onOpen() {}\n"); // nothing was built
  }
}, 180_000);

/**
 * A clasp at the process edge: a script that records how it was called and answers with the
 * words and exit code given (the pinned clasp needs a Google login to push).
 */
function fakeClasp(words: string, exit = 0): { bin: string; calls: string } {
  const dir = mkdtempSync(path.join(tmp, "clasp-"));
  const bin = path.join(dir, "clasp.cjs");
  const calls = path.join(dir, "calls.json");
  writeFileSync(
    bin,
    `require("node:fs").writeFileSync(${JSON.stringify(calls)}, JSON.stringify(process.argv.slice(2)));\n` +
      `process.stdout.write(${JSON.stringify(words)});\nprocess.exit(${exit});\n`,
  );
  return { bin, calls };
}

async function deployWith(baseUrl: string | undefined, clasp: { bin: string }, name: string) {
  const projectFile = project(name, { scriptId: SCRIPT_ID, rootDir: "dist/sheets" });
  const built: string[] = [];
  const said: string[] = [];
  const code = await deploySheets({
    env: { clasp_config_project: projectFile, ...(baseUrl ? { MKT_BASE_URL: baseUrl } : {}) },
    build: (dist, url) => {
      built.push(url);
      mkdirSync(path.join(dist, "sheets"), { recursive: true });
      writeFileSync(path.join(dist, "sheets", "appsscript.json"), "{}\n");
      return Promise.resolve();
    },
    claspBin: clasp.bin,
    out: (t) => said.push(t),
    err: (t) => said.push(t),
  });
  return { code, built, said: said.join("") };
}

test("addresses the add-in refuses at run time (?k=1, user@host, port 0) stop the deploy before the build", async () => {
  for (const [baseUrl, why] of [
    ["https://api.example.com?k=1", "must not contain ? or #"],
    ["https://user@api.example.com", "must not contain a user name or password"],
    ["https://api.example.com:0", "port must be 1 to 65535 (got 0)"],
  ] as const) {
    const clasp = fakeClasp("Pushed 6 files at 10:00:00.\n└─ dist/sheets/Code.js\n");
    const run = await deployWith(baseUrl, clasp, `rule-${why.length}`);
    expect({ baseUrl, code: run.code, built: run.built }).toEqual({ baseUrl, code: 1, built: [] });
    expect(run.said).toContain(why);
    expect(existsSync(clasp.calls)).toBe(false);
  }
});

test('clasp\'s "Pushed 0 files." (exit 0) is not a push; Code.js among the files pushed is', async () => {
  const none = fakeClasp("Pushed 0 files.\n");
  const zero = await deployWith("https://api.example.com", none, "zero");
  expect(zero.code).toBe(1);
  expect(zero.built).toEqual(["https://api.example.com"]);
  expect(zero.said).toMatch(
    /deploy:sheets failed\. clasp pushed no files \(Pushed 0 files\.\): nothing was sent/,
  );
  const args = JSON.parse(readFileSync(none.calls, "utf8")) as string[];
  expect(args.slice(2)).toEqual(["push", "--force"]);
  const noCode = fakeClasp(
    "Pushed 2 files at 10:00:00.\n└─ dist/sheets/appsscript.json\n└─ dist/sheets/Stubs.js\n",
  );
  expect((await deployWith("https://api.example.com", noCode, "nocode")).said).toMatch(
    /clasp did not push Code\.js/,
  );
  const ok = fakeClasp(
    "Pushed 3 files at 10:00:00.\n└─ dist/sheets/appsscript.json\n└─ dist/sheets/Code.js\n└─ dist/sheets/Stubs.js\n",
  );
  const pushed = await deployWith("https://api.example.com/", ok, "pushed");
  expect(pushed.code).toBe(0);
  expect(pushed.said).toContain("deploy:sheets: pushed dist/sheets for https://api.example.com.");
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
  expect(claspProblem(0, "Pushed one file at 10:00:00.\n└─ dist\\sheets\\Code.js\n")).toBeNull();
  // clasp 3.4.1 says "Pushed no files" for none; older clasps "Pushed 0 files.".
  expect(claspProblem(0, "Pushed no files at 10:00:00.\n")).toMatch(/pushed no files/);
  expect(claspProblem(0, "Pushed 0 files.\n")).toMatch(/nothing was sent/);
  expect(claspProblem(0, "Pushed one file at 10:00:00.\n└─ dist/sheets/appsscript.json\n")).toMatch(
    /did not push Code\.js/,
  );
  expect(claspProblem(0, "Script is already up to date.\n")).toBeNull();
});

test("clasp is pinned, and the flags the script passes exist in that version", () => {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    devDependencies: Record<string, string>;
    scripts: Record<string, string>;
  };
  expect(pkg.devDependencies["@google/clasp"]).toMatch(/^\d+\.\d+\.\d+$/);
  // The script builds itself, after checking the address: "npm run build &&" would build first.
  expect(pkg.scripts["deploy:sheets"]).toBe("tsx build/deploySheets.ts");
  const help = (args: string[]) =>
    spawnSync(process.execPath, [CLASP, ...args], { encoding: "utf8", env: { ...process.env } })
      .stdout;
  expect(help(["--help"])).toMatch(/-P, --project <file>/);
  const push = help(["push", "--help"]);
  expect(push).toMatch(/-f, --force/);
  expect(push).not.toMatch(/--rootDir/);
});
