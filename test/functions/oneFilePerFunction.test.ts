/**
 * Issue 11: each catalog function lives alone in src/functions/catalog, in a file named after
 * it (MKTA_ITEM -> mktaItem.ts), its metadata beside its body; the other files there hold
 * what several functions share: parameters (params*.ts) and how a marketplace's product is
 * asked (plan*.ts).
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { CATALOG } from "../../src/functions";

const DIR = path.resolve(__dirname, "..", "..", "src", "functions", "catalog");
const shared = (file: string): boolean => file.startsWith("params") || file.startsWith("plan");

/** MKTA_ITEM -> mktaItem */
function fileName(name: string): string {
  return name.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** The catalog functions a source file declares (`export const NAME = ...`). */
function declared(file: string): string[] {
  const text = readFileSync(path.join(DIR, file), "utf8");
  return [...text.matchAll(/^export const ([A-Z][A-Z0-9_]*) = /gm)].map((m) => m[1] ?? "");
}

test("every catalog function is declared alone in the file named after it", () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith(".ts"));
  const byFile = Object.fromEntries(files.filter((f) => !shared(f)).map((f) => [f, declared(f)]));
  const expected = Object.fromEntries(CATALOG.map((fn) => [`${fileName(fn.name)}.ts`, [fn.name]]));
  expect(byFile).toEqual(expected);
});

test("the shared parameter and plan files declare no catalog function", () => {
  const params = readdirSync(DIR).filter(shared);
  expect(params.length).toBeGreaterThan(0);
  expect(params.flatMap(declared)).toEqual([]);
});
