// `npm start` and `npm test` on a fresh clone: install the locked dependencies first (plain
// JavaScript, because TypeScript itself is one of the things not installed yet).
const { existsSync } = require("node:fs");
const { execSync } = require("node:child_process");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const needed = [
  ...["tsx", "tsc", "jest", "eslint"].map((bin) => path.join(root, "node_modules", ".bin", bin)),
  // The web demo's spreadsheet engine (added later than the tools: an older install lacks it).
  path.join(root, "node_modules", "@univerjs", "preset-sheets-core", "package.json"),
];
if (!needed.every((bin) => existsSync(bin))) {
  console.log("node_modules is missing or incomplete: running npm ci first");
  execSync("npm ci --no-audit --no-fund", { cwd: root, stdio: "inherit" });
}
