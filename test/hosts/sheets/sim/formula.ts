/**
 * The formulas the simulator understands, as a seller types them: a custom function with
 * literal, empty and cell/range arguments (`=MKTA_BREAKDOWN(100001, "SG", A2, , "netProfit")`),
 * a plain reference (`=A2`) or a literal (`=12`). Anything else is refused loudly, so a test
 * cannot pass on a formula the simulator silently misreads. Rewrites (fill-down, R1C1) work
 * on tokens and keep the seller's spacing, as Sheets keeps the text typed.
 */
import { parseRange, rangeA1, refR1C1, shiftRef, type RangeRef } from "./a1";

export type Literal = string | number | boolean;

/** One argument of a custom function call. */
export type Arg =
  | { readonly kind: "omitted" }
  | { readonly kind: "value"; readonly value: Literal }
  | { readonly kind: "ref"; readonly ref: RangeRef };

export type Parsed =
  | { readonly kind: "call"; readonly name: string; readonly args: readonly Arg[] }
  | { readonly kind: "ref"; readonly ref: RangeRef }
  | { readonly kind: "value"; readonly value: Literal };

type TokenKind = "ws" | "string" | "ref" | "number" | "ident" | "punct";
interface Token {
  readonly kind: TokenKind;
  readonly text: string;
}

const CELL = String.raw`\$?[A-Za-z]{1,3}\$?\d+(?::\$?[A-Za-z]{1,3}\$?\d+)?`;
const RULES: ReadonlyArray<[TokenKind, RegExp]> = [
  ["ws", /^\s+/],
  ["string", /^"(?:[^"]|"")*"/],
  ["ref", new RegExp(`^'(?:[^']|'')+'!${CELL}`)],
  ["ref", new RegExp(`^[A-Za-z_][A-Za-z0-9_]*!${CELL}`)],
  ["ref", new RegExp(`^${CELL}(?![A-Za-z0-9_(!])`)],
  ["number", /^(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?/],
  ["ident", /^[A-Za-z_][A-Za-z0-9_.]*/],
  ["punct", /^[(),+-]/],
];

function tokenize(body: string): Token[] {
  const out: Token[] = [];
  let rest = body;
  while (rest.length > 0) {
    const rule = RULES.find(([, re]) => re.test(rest));
    if (!rule) throw new Error(`sim: unsupported formula syntax at "${rest}"`);
    const text = (rule[1].exec(rest) as RegExpExecArray)[0];
    out.push({ kind: rule[0], text });
    rest = rest.slice(text.length);
  }
  return out;
}

function literalOf(tokens: readonly Token[]): Literal | undefined {
  const [a, b] = tokens;
  if (!a) return undefined;
  if (tokens.length === 1 && a.kind === "string") return a.text.slice(1, -1).replace(/""/g, '"');
  if (tokens.length === 1 && a.kind === "number") return Number(a.text);
  if (tokens.length === 1 && a.kind === "ident" && /^(true|false)$/i.test(a.text))
    return a.text.toUpperCase() === "TRUE";
  if (tokens.length === 2 && a.kind === "punct" && /^[+-]$/.test(a.text) && b?.kind === "number")
    return a.text === "-" ? -Number(b.text) : Number(b.text);
  return undefined;
}

function operand(tokens: readonly Token[], formula: string): Arg {
  const solid = tokens.filter((t) => t.kind !== "ws");
  if (solid.length === 0) return { kind: "omitted" };
  const first = solid[0] as Token;
  if (solid.length === 1 && first.kind === "ref") {
    const ref = parseRange(first.text);
    if (!ref) throw new Error(`sim: bad reference ${first.text} in ${formula}`);
    return { kind: "ref", ref };
  }
  const value = literalOf(solid);
  if (value === undefined) throw new Error(`sim: unsupported argument in ${formula}`);
  return { kind: "value", value };
}

/** Parse a formula ("=..."); throws on anything the simulator does not model. */
export function parseFormula(formula: string): Parsed {
  if (!formula.startsWith("=")) throw new Error(`sim: not a formula: ${formula}`);
  const tokens = tokenize(formula.slice(1));
  const solid = tokens.filter((t) => t.kind !== "ws");
  const [head, open] = solid;
  if (head?.kind === "ident" && open?.text === "(") {
    if (solid[solid.length - 1]?.text !== ")")
      throw new Error(`sim: unbalanced parentheses in ${formula}`);
    const inner = tokens.slice(tokens.indexOf(open) + 1, tokens.lastIndexOf(solid.at(-1) as Token));
    if (inner.some((t) => t.text === "(" || t.text === ")"))
      throw new Error(`sim: nested calls are not modelled: ${formula}`);
    const groups: Token[][] = [[]];
    for (const t of inner) {
      if (t.text === ",") groups.push([]);
      else (groups[groups.length - 1] as Token[]).push(t);
    }
    const args = groups.map((g) => operand(g, formula));
    const noArgs = args.length === 1 && args[0]?.kind === "omitted";
    return { kind: "call", name: head.text.toUpperCase(), args: noArgs ? [] : args };
  }
  const single = operand(tokens, formula);
  if (single.kind === "omitted") throw new Error(`sim: empty formula ${formula}`);
  return single;
}

function mapRefs(formula: string, map: (ref: RangeRef) => string): string {
  if (!formula.startsWith("=")) return formula;
  return (
    "=" +
    tokenize(formula.slice(1))
      .map((t) => {
        if (t.kind !== "ref") return t.text;
        const ref = parseRange(t.text);
        return ref ? map(ref) : t.text;
      })
      .join("")
  );
}

/** The formula as it reads after a fill/copy by (dRows, dCols); a reference off the sheet is #REF!. */
export function shiftFormula(formula: string, dRows: number, dCols: number): string {
  return mapRefs(formula, (ref) => {
    const moved = shiftRef(ref, dRows, dCols);
    return moved ? rangeA1(moved) : "#REF!";
  });
}

/** The formula in relative R1C1 form, as `getFormulasR1C1()` returns it for a cell at (row, col). */
export function formulaR1C1(formula: string, row: number, col: number): string {
  return mapRefs(formula, (ref) => refR1C1(ref, row, col));
}

const R1C1_PART = String.raw`(\[-?\d+\]|\d+)?`;
const R1C1_REF = new RegExp(
  String.raw`(?<![A-Za-z0-9_.$])((?:'(?:[^']|'')+'|[A-Za-z_][A-Za-z0-9_]*)!)?R${R1C1_PART}C${R1C1_PART}(?::R${R1C1_PART}C${R1C1_PART})?(?![A-Za-z0-9_(])`,
  "g",
);

/** The A1 formula a cell at (row, col) gets from an R1C1 formula (setFormulaR1C1). */
export function formulaFromR1C1(formula: string, row: number, col: number): string {
  const cell = (r: string | undefined, c: string | undefined): string => {
    const axis = (part: string | undefined, at: number): [number, boolean] =>
      part === undefined
        ? [at, false]
        : part.startsWith("[")
          ? [at + Number(part.slice(1, -1)), false]
          : [Number(part), true];
    const [rr, rAbs] = axis(r, row);
    const [cc, cAbs] = axis(c, col);
    return rangeA1({ from: { row: rr, col: cc, rowAbs: rAbs, colAbs: cAbs } });
  };
  return formula
    .split(/("(?:[^"]|"")*")/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(R1C1_REF, (_m, sheet: string | undefined, r1, c1, r2, c2) => {
            const first = cell(r1 as string | undefined, c1 as string | undefined);
            const second =
              r2 !== undefined || c2 !== undefined
                ? `:${cell(r2 as string | undefined, c2 as string | undefined)}`
                : "";
            return `${sheet ?? ""}${first}${second}`;
          }),
    )
    .join("");
}
