/**
 * The few built-in functions the add-in itself writes into sheets (a pricing sheet's
 * "Difference to today" and "Below target" columns: IF, ISNUMBER, AND, comparison and
 * subtraction of single cells), computed as Sheets computes them. Anything else is refused
 * loudly (formula.ts), so a test cannot pass on a formula the simulator misreads.
 */
import { parseRange, refBox, type RangeRef } from "./a1";
import type { CellValue, Outcome, Read } from "./book";

type Expr =
  | { readonly kind: "value"; readonly value: string | number | boolean }
  | { readonly kind: "ref"; readonly ref: RangeRef }
  | { readonly kind: "call"; readonly name: string; readonly args: readonly Expr[] }
  | { readonly kind: "op"; readonly op: string; readonly a: Expr; readonly b: Expr }
  | { readonly kind: "neg"; readonly a: Expr };

/** A parsed built-in formula. */
export interface Builtin {
  readonly kind: "builtin";
  readonly expr: Expr;
}

const FUNCTIONS = new Set(["IF", "ISNUMBER", "AND"]);

const TOKEN =
  /\s*(?:("(?:[^"]|"")*")|('(?:[^']|'')+'!\$?[A-Za-z]{1,3}\$?\d+|[A-Za-z_][A-Za-z0-9_]*!\$?[A-Za-z]{1,3}\$?\d+|\$?[A-Za-z]{1,3}\$?\d+(?![A-Za-z0-9_(!]))|(\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|([A-Za-z_][A-Za-z0-9_.]*)|(<=|>=|<>|[-+*/(),<>=]))/y;

/** Parse `formula` as a built-in expression; null when it is not one this module knows. */
export function parseBuiltin(formula: string): Builtin | null {
  if (!formula.startsWith("=")) return null;
  const tokens: string[] = [];
  const body = formula.slice(1);
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < body.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(body);
    if (!m) return body.slice(at).trim() === "" ? build(tokens) : null;
    tokens.push(m[0].trim());
  }
  return build(tokens);
}

function build(tokens: string[]): Builtin | null {
  let i = 0;
  const peek = (): string | undefined => tokens[i];
  const next = (): string => tokens[i++] ?? "";
  const primary = (): Expr => {
    const t = next();
    if (t === "(") {
      const e = comparison();
      if (next() !== ")") throw new Error("unbalanced");
      return e;
    }
    if (t === "-") return { kind: "neg", a: primary() };
    if (/^"/.test(t)) return { kind: "value", value: t.slice(1, -1).replace(/""/g, '"') };
    if (/^\d/.test(t)) return { kind: "value", value: Number(t) };
    if (/^(TRUE|FALSE)$/i.test(t) && peek() !== "(")
      return { kind: "value", value: t.toUpperCase() === "TRUE" };
    if (/^[A-Za-z_]/.test(t) && peek() === "(") {
      const name = t.toUpperCase();
      if (!FUNCTIONS.has(name)) throw new Error(`not modelled: ${name}`);
      next();
      const args: Expr[] = [];
      if (peek() !== ")")
        for (;;) {
          args.push(comparison());
          if (peek() !== ",") break;
          next();
        }
      if (next() !== ")") throw new Error("unbalanced");
      return { kind: "call", name, args };
    }
    const ref = parseRange(t);
    if (ref && !ref.to) return { kind: "ref", ref };
    throw new Error(`not modelled: ${t}`);
  };
  const additive = (): Expr => {
    let e = primary();
    while (peek() === "+" || peek() === "-") e = { kind: "op", op: next(), a: e, b: primary() };
    return e;
  };
  const comparison = (): Expr => {
    const e = additive();
    const op = peek();
    if (op && ["<", ">", "<=", ">=", "=", "<>"].includes(op)) {
      next();
      return { kind: "op", op, a: e, b: additive() };
    }
    return e;
  };
  try {
    const expr = comparison();
    return i === tokens.length ? { kind: "builtin", expr } : null;
  } catch {
    return null;
  }
}

type Val = { ok: true; v: CellValue | "" } | { ok: false; o: Outcome };

/** Compute a built-in formula of a cell on `sheet`; `read` gives a cell's value. */
export function evaluate(
  b: Builtin,
  sheet: string,
  read: (sheet: string, row: number, col: number) => Read,
): Outcome {
  const val = (e: Expr): Val => {
    switch (e.kind) {
      case "value":
        return { ok: true, v: e.value };
      case "ref": {
        const box = refBox(e.ref, sheet);
        const r = read(box.sheet, box.row, box.col);
        return r.kind === "value" ? { ok: true, v: r.value } : { ok: false, o: r };
      }
      case "neg": {
        const a = num(val(e.a));
        return "o" in a ? a : { ok: true, v: -a.n };
      }
      case "op":
        return binary(e.op, val(e.a), val(e.b));
      case "call":
        return call(e.name, e.args);
    }
  };
  const call = (name: string, args: readonly Expr[]): Val => {
    if (name === "ISNUMBER") {
      const a = args[0] ? val(args[0]) : { ok: true as const, v: "" };
      return { ok: true, v: a.ok && typeof a.v === "number" };
    }
    if (name === "AND") {
      let all = true;
      for (const x of args) {
        const a = val(x);
        if (!a.ok) return a;
        all = all && truthy(a.v);
      }
      return { ok: true, v: all };
    }
    const cond = args[0] ? val(args[0]) : { ok: true as const, v: false };
    if (!cond.ok) return cond;
    const pick = truthy(cond.v) ? args[1] : args[2];
    return pick ? val(pick) : { ok: true, v: truthy(cond.v) };
  };
  const out = val(b.expr);
  return out.ok ? { kind: "value", value: out.v } : out.o;
}

const truthy = (v: CellValue | ""): boolean =>
  typeof v === "number" ? v !== 0 : typeof v === "boolean" ? v : String(v).toUpperCase() === "TRUE";

function num(x: Val): { n: number } | { ok: false; o: Outcome } {
  if (!x.ok) return x;
  if (typeof x.v === "number") return { n: x.v };
  if (x.v === "") return { n: 0 };
  if (typeof x.v === "boolean") return { n: x.v ? 1 : 0 };
  const n = Number(x.v);
  return Number.isFinite(n) && String(x.v).trim() !== ""
    ? { n }
    : { ok: false, o: { kind: "error", code: "#VALUE!", message: "Not a number." } };
}

function binary(op: string, a: Val, b: Val): Val {
  if (!a.ok) return a;
  if (!b.ok) return b;
  if (op === "+" || op === "-") {
    const [x, y] = [num(a), num(b)];
    if ("o" in x) return x;
    if ("o" in y) return y;
    return { ok: true, v: op === "+" ? x.n + y.n : x.n - y.n };
  }
  // Sheets compares numbers as numbers, text as text (case-insensitive), an empty cell as 0 or "".
  const [l, r] = [a.v, b.v];
  const both = typeof l === "number" || typeof r === "number";
  const x = both ? (typeof l === "number" ? l : l === "" ? 0 : NaN) : String(l).toLowerCase();
  const y = both ? (typeof r === "number" ? r : r === "" ? 0 : NaN) : String(r).toLowerCase();
  const c = x < y ? -1 : x > y ? 1 : 0;
  const v =
    op === "<"
      ? c < 0
      : op === ">"
        ? c > 0
        : op === "<="
          ? c <= 0
          : op === ">="
            ? c >= 0
            : op === "="
              ? c === 0
              : c !== 0;
  return { ok: true, v };
}
