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

test("no message in src/core asks the seller to recalculate", () => {
  const offenders = sources(path.join(__dirname, "../../src/core")).flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .filter(
        (line) => /["`][^"`]*recalculate[^"`]*["`]/i.test(line) && !/^\s*(\*|\/\/)/.test(line),
      )
      .map((line) => `${path.basename(file)}: ${line.trim()}`),
  );
  expect(offenders).toEqual([]);
});
