/**
 * A workbook moved between hosts: Excel writes the catalog's functions as `MKT.NAME(`, Sheets
 * as `NAME(`, and an .xlsx exported from Sheets holds each custom formula as
 * `IFERROR(__xludf.DUMMYFUNCTION("NAME(...)"), last value)`. These rewrite one formula into a
 * host's form, touching only catalog names outside string literals and quoted sheet names;
 * other functions, texts and references stay exactly as typed.
 */
import { CATALOG } from "./index";

export type FormulaHost = "excel" | "sheets";

/** Excel's namespace for the add-in's functions (manifest.xml Functions.Namespace). */
const NAMESPACE = "MKT";

const NAMES = new Set(CATALOG.map((fn) => fn.name.toUpperCase()));

/** `"text"` (with "" inside) or `'Sheet name'` (with '' inside): never rewritten. */
const QUOTED = /"(?:[^"]|"")*"|'(?:[^']|'')*'/g;

/** Apply `rewrite` to the parts of a formula outside quotes. */
function outsideQuotes(formula: string, rewrite: (code: string) => string): string {
  let out = "";
  let last = 0;
  for (const m of formula.matchAll(QUOTED)) {
    out += rewrite(formula.slice(last, m.index)) + m[0];
    last = m.index + m[0].length;
  }
  return out + rewrite(formula.slice(last));
}

/** A name directly before "(", not part of a longer name, a sheet reference or a call on a value. */
const CALL = /(?<![A-Za-z0-9_.!$])((?:MKT\.)?)([A-Za-z][A-Za-z0-9_]*)\(/gi;

function renameCalls(code: string, host: FormulaHost): string {
  return code.replace(CALL, (whole, _prefix: string, name: string) =>
    NAMES.has(name.toUpperCase()) ? `${host === "excel" ? `${NAMESPACE}.` : ""}${name}(` : whole,
  );
}

/** `=IFERROR(__xludf.DUMMYFUNCTION("..."), v)` or `=__xludf.DUMMYFUNCTION("...")`: the inner text. */
const EXPORTED =
  /^=\s*(?:IFERROR\(\s*__xludf\.DUMMYFUNCTION\(\s*("(?:[^"]|"")*")\s*\)\s*,[\s\S]*\)|__xludf\.DUMMYFUNCTION\(\s*("(?:[^"]|"")*")\s*\))\s*$/i;

/** Sheets marks every cell of a spill below or beside its formula with this exported text. */
const SPILLED = '"COMPUTED_VALUE"';

/**
 * The formula in `host`'s form. "" means the cell was one of a spill's copies in a Sheets
 * export: empty it, or Excel's spill of the formula above it would be blocked (#SPILL!).
 * Anything that is not a formula comes back as it is.
 */
export function convertFormula(formula: string, host: FormulaHost): string {
  if (!formula.startsWith("=")) return formula;
  const exported = EXPORTED.exec(formula);
  let text = formula;
  if (exported) {
    const inner = (exported[1] ?? exported[2] ?? '""').slice(1, -1).replace(/""/g, '"');
    if (inner === SPILLED) return "";
    text = `=${inner}`;
    // An export of something that is not ours stays as Sheets wrote it.
    if (!hasCatalogCall(text)) return formula;
  }
  return outsideQuotes(text, (code) => renameCalls(code, host));
}

function hasCatalogCall(formula: string): boolean {
  let found = false;
  outsideQuotes(formula, (code) => {
    for (const m of code.matchAll(CALL)) if (NAMES.has((m[2] ?? "").toUpperCase())) found = true;
    return code;
  });
  return found;
}
