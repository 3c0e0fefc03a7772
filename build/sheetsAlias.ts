/**
 * Repeated names in the Apps Script bundle, written once (issue 20: Code.js at most 200 KB).
 * Code.js spells the same property names and strings hundreds of times (`.length` 300 times,
 * "string" 100 times, API field names in every module). Before the UglifyJS pass, each one
 * that pays for itself becomes a variable at the top of the bundle's function, and its uses
 * read it: `a.length` becomes `a[L]` and `"string"` becomes `S`, which the mangler then
 * shortens to one or two letters. The same value at the same place: a property read through
 * a string key is the same read (getters, `this` in a call, assignment and delete included),
 * and a variable holding a string is that string. Not touched: object-literal and class keys,
 * destructuring keys, directives ("use strict"), `a?.b` (its bracket form is longer), template
 * texts. It took Code.js from 208,727 to 188,093 bytes (limits.test.ts).
 */
import ts from "typescript";

type Span = [start: number, end: number, text: string];

/** Bytes an alias is assumed to take once mangled (two letters: hundreds share the scope). */
const ALIAS_CHARS = 2;

/** A string literal in a place that only takes a literal (a key or a directive). */
function literalOnly(node: ts.StringLiteral): boolean {
  const p = node.parent;
  const named =
    ts.isPropertyAssignment(p) ||
    ts.isMethodDeclaration(p) ||
    ts.isPropertyDeclaration(p) ||
    ts.isGetAccessor(p) ||
    ts.isSetAccessor(p) ||
    ts.isEnumMember(p);
  if (named && p.name === node) return true;
  if (ts.isBindingElement(p) && p.propertyName === node) return true;
  return (
    ts.isExpressionStatement(p) ||
    ts.isImportDeclaration(p) ||
    ts.isExportDeclaration(p) ||
    ts.isExternalModuleReference(p) ||
    ts.isImportTypeNode(p) ||
    ts.isLiteralTypeNode(p)
  );
}

/** The block of `var NAME=(()=>{...})()`, esbuild's IIFE format with a global name. */
function bundleBody(file: ts.SourceFile): ts.Block {
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const init = statement.declarationList.declarations[0]?.initializer;
    const fn =
      init && ts.isCallExpression(init) && ts.isParenthesizedExpression(init.expression)
        ? init.expression.expression
        : undefined;
    if (fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && ts.isBlock(fn.body))
      return fn.body;
  }
  throw new Error("sheetsAlias: the bundle is not var NAME=(()=>{...})()");
}

/** The bundle with each repeated name that pays for itself read from one variable. */
export function aliasRepeats(code: string): string {
  const file = ts.createSourceFile("Code.js", code, ts.ScriptTarget.ESNext, true);
  const body = bundleBody(file);
  const uses = new Map<
    string,
    { strings: ts.StringLiteral[]; reads: ts.PropertyAccessExpression[] }
  >();
  const useOf = (name: string) => {
    let use = uses.get(name);
    if (!use) uses.set(name, (use = { strings: [], reads: [] }));
    return use;
  };
  const taken = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) taken.add(node.text);
    if (ts.isStringLiteral(node) && !literalOnly(node)) useOf(node.text).strings.push(node);
    if (ts.isPropertyAccessExpression(node) && !node.questionDotToken && ts.isIdentifier(node.name))
      useOf(node.name.text).reads.push(node);
    ts.forEachChild(node, visit);
  };
  visit(body);
  const spans: Span[] = [];
  const declared: string[] = [];
  let next = 0;
  for (const [value, { strings, reads }] of uses) {
    const literal = JSON.stringify(value);
    const saved =
      strings.reduce((n, s) => n + s.getWidth(file), 0) +
      reads.length * (value.length + 1) -
      (strings.length * ALIAS_CHARS + reads.length * (ALIAS_CHARS + 2));
    // `,A="value"` declares it.
    if (saved - (literal.length + ALIAS_CHARS + 2) <= 0) continue;
    let alias: string;
    do alias = `__mkt${next++}`;
    while (taken.has(alias));
    declared.push(`${alias}=${literal}`);
    // Spaces keep `case"x"` and `in"x"` apart from the name; UglifyJS drops them.
    for (const s of strings) spans.push([s.getStart(file), s.getEnd(), ` ${alias} `]);
    for (const r of reads) spans.push([r.expression.getEnd(), r.getEnd(), `[${alias}]`]);
  }
  let out = code;
  for (const [start, end, text] of spans.sort((a, b) => b[0] - a[0]))
    out = `${out.slice(0, start)}${text}${out.slice(end)}`;
  const at = body.getStart(file) + 1;
  return declared.length ? `${out.slice(0, at)}var ${declared.join(",")};${out.slice(at)}` : out;
}
