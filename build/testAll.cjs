// `npm test` after the build: the static checks (types, lint, formatting, unused code) run
// beside Jest instead of before it. Jest waits on browsers and servers most of its run, so the
// checks use the idle core and the whole run is shorter (CI has 20 minutes on 2 cores). The
// checks' output is printed in one block when they end; a failed check stops Jest at once.
const { spawn } = require("node:child_process");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function run(command, args, inherit) {
  const child = spawn(command, args, {
    cwd: root,
    stdio: inherit ? "inherit" : ["ignore", "pipe", "pipe"],
    env: process.env,
  });
  let output = "";
  if (!inherit) {
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
  }
  const done = new Promise((resolve) =>
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output })),
  );
  return { child, done };
}

async function main() {
  const jest = run(
    process.execPath,
    [
      path.join(root, "node_modules", "jest", "bin", "jest.js"),
      "--coverage",
      ...process.argv.slice(2),
    ],
    true,
  );
  const checks = run("sh", ["-c", `${npm} run typecheck && ${npm} run lint`], false);
  let jestEnded = false;
  jest.done.then(() => (jestEnded = true));
  const checked = await checks.done;
  console.log(
    `\n===== static checks (typecheck, lint): ${checked.code === 0 ? "passed" : "FAILED"} =====`,
  );
  console.log(checked.output.trimEnd());
  console.log("===== end of static checks =====\n");
  if (checked.code !== 0) {
    if (!jestEnded) jest.child.kill("SIGTERM");
    await jest.done;
    process.exit(1);
  }
  const tested = await jest.done;
  process.exit(tested.code);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
