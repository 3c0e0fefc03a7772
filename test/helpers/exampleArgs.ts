/**
 * A documented formula read as a spreadsheet reads it (`=NAME(100001, "SG", 25%, DATE(2030,1,1))`):
 * the function's name and its arguments as a host passes them. For the tests that run the docs'
 * and the catalog's examples through the real function runtime.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { CellInput } from "../../src/functions";
import type { SheetFunction } from "../../src/functions/define";

/** Split top-level arguments: commas outside quotes and parentheses. */
function splitArgs(inner: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = "";
  for (const ch of inner) {
    if (ch === '"') quoted = !quoted;
    if (!quoted && ch === "(") depth++;
    if (!quoted && ch === ")") depth--;
    if (!quoted && depth === 0 && ch === ",") {
      out.push(current.trim());
      current = "";
    } else current += ch;
  }
  if (inner.trim() !== "") out.push(current.trim());
  return out;
}

/** One argument as Sheets passes it: empty, text, number, 25% as 0.25, TRUE, DATE(y,m,d). */
export function argumentValue(text: string): CellInput {
  if (text === "") return undefined;
  if (/^".*"$/.test(text)) return text.slice(1, -1).replace(/""/g, '"');
  if (/^(TRUE|FALSE)$/i.test(text)) return text.toUpperCase() === "TRUE";
  const percent = /^(-?\d+(?:\.\d+)?)%$/.exec(text);
  if (percent) return Number(percent[1]) / 100;
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  const date = /^DATE\((\d+),\s*(\d+),\s*(\d+)\)$/.exec(text);
  if (date) return new Date(Number(date[1]), Number(date[2]) - 1, Number(date[3]));
  throw new Error(`not a value a reader can type in as is: ${text}`);
}

/** A formula's function name (Excel's MKT. dropped) and arguments. */
export function parseFormula(formula: string): { name: string; args: CellInput[] } {
  const m = /^=(?:MKT\.)?([A-Z_]+)\((.*)\)$/.exec(formula);
  if (!m) throw new Error(`not a formula: ${formula}`);
  return { name: m[1] ?? "", args: splitArgs(m[2] ?? "").map(argumentValue) };
}

/** A catalog function's own example's arguments. */
export function exampleArgs(fn: SheetFunction): CellInput[] {
  const { name, args } = parseFormula(fn.example);
  if (name !== fn.name) throw new Error(`${fn.name}'s example calls ${name}`);
  return args;
}

const ROOT = path.resolve(__dirname, "..", "..");

/** Every inline `=NAME(...)` of a Markdown file, outside fenced blocks (those are signatures). */
export function formulasIn(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8").replace(/```[\s\S]*?```/g, "");
  return [...text.matchAll(/`(=[A-Z][A-Z0-9_.]*\([^`]*\))`/g)].map((m) => m[1] ?? "");
}
