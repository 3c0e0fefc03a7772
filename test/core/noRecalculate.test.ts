/**
 * Sheets never re-runs a custom function by itself, so a message from the shared core must not
 * ask the seller to "recalculate": it names what the add-in offers in every host instead.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sources(file) : file.endsWith(".ts") ? [file] : [];
  });
}

test("no message in src/core or the Sheets host promises a re-run Sheets never does", () => {
  const dirs = ["../../src/core", "../../src/hosts/sheets"].map((d) => path.join(__dirname, d));
  const offenders = dirs.flatMap(sources).flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .filter(
        (line) =>
          /["`][^"`]*(recalculate|try again (later|in))[^"`]*["`]/i.test(line) &&
          !/^\s*(\*|\/\/)/.test(line),
      )
      .map((line) => `${path.basename(file)}: ${line.trim()}`),
  );
  expect(offenders).toEqual([]);
});
