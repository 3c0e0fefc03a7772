/**
 * `npm run package:excel` for a real address (issue 24 item 3): the folder to upload and the
 * manifest to deploy point at that address only (no localhost anywhere but the core's own
 * loopback rule), and the manifest passes the offline check. An address the add-in refuses at
 * run time is refused before the build (issue 36 item 3).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { manifestProblems } from "../../build/manifestCheck";
import { loopbackMentions } from "../../build/packageExcel";

const ROOT = path.resolve(__dirname, "..", "..");
const OUT = path.join(ROOT, "dist", "excel-package");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? files(file) : [file];
  });
}

function packageFor(addinUrl: string, baseUrl: string) {
  return spawnSync(process.execPath, ["--import", "tsx", "build/packageExcel.ts"], {
    cwd: ROOT,
    env: { ...process.env, MKT_ADDIN_URL: addinUrl, MKT_BASE_URL: baseUrl },
    encoding: "utf8",
    timeout: 120_000,
  });
}

test("built for https://addin.example.com: no localhost in the package, the manifest passes offline", async () => {
  const run = packageFor("https://addin.example.com", "https://api.example.com");
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  const all = files(OUT);
  const names = all.map((f) => path.relative(OUT, f)).sort();
  expect(names).toEqual(
    expect.arrayContaining([
      "manifest.xml",
      "site/functions.js",
      "site/functions.json",
      "site/taskpane.html",
      "site/taskpane-app.js",
      "site/assets/icon-32.png",
    ]),
  );
  for (const file of all.filter((f) => !f.endsWith(".png"))) {
    const text = readFileSync(file, "utf8");
    expect({ file, left: loopbackMentions(text) }).toEqual({ file, left: [] });
    // The bare word survives only in the core's base-URL rule (http allowed for loopback).
    const words = text.match(/localhost/g)?.length ?? 0;
    const rule = (text.match(/"localhost","127\.0\.0\.1"|allowed only for localhost/g) ?? [])
      .length;
    expect({ file, words }).toEqual({ file, words: rule });
  }
  const manifest = readFileSync(path.join(OUT, "manifest.xml"), "utf8");
  expect(manifest).toContain(
    '<SourceLocation DefaultValue="https://addin.example.com/taskpane.html"/>',
  );
  await expect(manifestProblems(manifest, "https://addin.example.com")).resolves.toEqual([]);
  expect(readFileSync(path.join(OUT, "site", "functions.js"), "utf8")).toContain(
    "https://api.example.com",
  );
}, 120_000);

test("a loopback address is refused with the variable to set", () => {
  const run = packageFor("https://localhost:3000", "https://api.example.com");
  expect(run.status).toBe(1);
  expect(run.stderr).toMatch(
    /localhost is this computer, which your team's computers cannot reach/,
  );
  expect(run.stderr).toMatch(/Set it to the https:\/\/ address where you will upload/);
  const api = packageFor("https://addin.example.com", "http://localhost:8787");
  expect(api.status).toBe(1);
  expect(api.stderr).toMatch(
    /MKT_BASE_URL="http:\/\/localhost:8787" is refused: it must start with https/,
  );
});

test("addresses the add-in refuses at run time exit 1 with a sentence, and no password reaches the package (issue 36)", () => {
  const cases: Array<[string, string, RegExp]> = [
    [
      "https://addin.example.com",
      "https://api.example.com?k=1",
      /MKT_BASE_URL=.* must not contain \? or #/,
    ],
    [
      "https://addin.example.com",
      "https://user@api.example.com",
      /MKT_BASE_URL=.* user name or password/,
    ],
    [
      "https://addin.example.com",
      "https://api.example.com:0",
      /MKT_BASE_URL=.* port must be 1 to 65535 \(got 0\)/,
    ],
    [
      "https://user:secret@addin.example.com",
      "https://api.example.com",
      /MKT_ADDIN_URL=.* user name or password/,
    ],
    [
      "https://addin.example.com:70000",
      "https://api.example.com",
      /MKT_ADDIN_URL=.* port must be 1 to 65535/,
    ],
  ];
  for (const [addin, api, sentence] of cases) {
    const run = packageFor(addin, api);
    expect({ addin, api, status: run.status }).toEqual({ addin, api, status: 1 });
    expect(run.stderr).toMatch(/^package:excel failed\. MKT_(BASE|ADDIN)_URL=/);
    expect(run.stderr).toMatch(sentence);
    expect(run.stderr).not.toContain("secret");
  }
  const left = existsSync(OUT) ? files(OUT).filter((f) => !f.endsWith(".png")) : [];
  for (const file of left) expect(readFileSync(file, "utf8")).not.toContain("secret");
});

test("loopbackMentions finds addresses, not the loopback rule", () => {
  expect(loopbackMentions('x="http://localhost:8787/api"')).toHaveLength(1);
  expect(loopbackMentions("fetch('https://127.0.0.1:3000')")).toHaveLength(1);
  expect(
    loopbackMentions(
      'new Set(["localhost","127.0.0.1","[::1]"]); "plain http is allowed only for localhost"',
    ),
  ).toEqual([]);
});
