/**
 * Reads one of our formulas in the R1C1 form `Range.getFormulasR1C1()` returns, e.g.
 * `=MKTA_BREAKDOWN(100001, "SG", R[0]C[-2], , "netProfit")`. Cells filled down from one
 * formula have the same R1C1 text, which is how a cell finds its siblings. Only literal, empty
 * and single-cell reference arguments are understood; anything else (nested calls, ranges,
 * operators) makes the formula unreadable, and such a cell is simply not coalesced.
 */

/** A single-cell reference relative to the formula's cell (or absolute), maybe on another tab. */
export interface CellReference {
  readonly sheet: string | null;
  /** Row offset when relative, row number when absolute. */
  readonly row: number;
  readonly rowAbsolute: boolean;
  readonly col: number;
  readonly colAbsolute: boolean;
}

export type FormulaArgument =
  | { readonly kind: "empty" }
  | { readonly kind: "literal"; readonly value: string | number | boolean }
  | { readonly kind: "reference"; readonly ref: CellReference };

export interface ReadFormula {
  readonly name: string;
  readonly args: readonly FormulaArgument[];
}

const PART = String.raw`(?:\[(-?\d+)\]|(\d+))?`;
const REFERENCE = new RegExp(
  `^(?:(?:'((?:[^']|'')+)'|([A-Za-z_][A-Za-z0-9_]*))!)?R${PART}C${PART}$`,
);

function reference(text: string): CellReference | null {
  const m = REFERENCE.exec(text);
  if (!m) return null;
  const sheet = m[1] !== undefined ? m[1].replace(/''/g, "'") : (m[2] ?? null);
  const axis = (relative: string | undefined, absolute: string | undefined) =>
    absolute !== undefined
      ? { at: Number(absolute), absolute: true }
      : { at: Number(relative ?? 0), absolute: false };
  const row = axis(m[3], m[4]);
  const col = axis(m[5], m[6]);
  if ((row.absolute && row.at < 1) || (col.absolute && col.at < 1)) return null;
  return { sheet, row: row.at, rowAbsolute: row.absolute, col: col.at, colAbsolute: col.absolute };
}

function argument(raw: string): FormulaArgument | null {
  const text = raw.trim();
  if (text === "") return { kind: "empty" };
  if (/^"(?:[^"]|"")*"$/.test(text))
    return { kind: "literal", value: text.slice(1, -1).replace(/""/g, '"') };
  if (/^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/.test(text))
    return { kind: "literal", value: Number(text) };
  if (/^(true|false)$/i.test(text))
    return { kind: "literal", value: text.toUpperCase() === "TRUE" };
  const ref = reference(text);
  return ref ? { kind: "reference", ref } : null;
}

/** Split on commas outside double quotes; null when a quote is left open. */
function splitArguments(inner: string): string[] | null {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  for (const ch of inner) {
    if (ch === '"') quoted = !quoted;
    if (ch === "," && !quoted) {
      parts.push(current);
      current = "";
    } else current += ch;
  }
  if (quoted) return null;
  parts.push(current);
  return parts;
}

/** The function and arguments of `=NAME(...)`, or null when the formula is anything else. */
export function readFormula(formula: string): ReadFormula | null {
  const m = /^=\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\(([\s\S]*)\)\s*$/.exec(formula);
  if (!m) return null;
  const inner = m[2] ?? "";
  const parts = inner.trim() === "" ? [] : splitArguments(inner);
  if (!parts) return null;
  const args: FormulaArgument[] = [];
  for (const p of parts) {
    const a = argument(p);
    if (!a) return null;
    args.push(a);
  }
  return { name: (m[1] ?? "").toUpperCase(), args };
}
