/**
 * What the Apps Script bundle (dist/sheets/Code.js) can do without, to stay under the 150 KB
 * it may weigh, found with the TypeScript parser so nothing the add-on runs is touched:
 * - SHA-256 comes from Utilities.computeDigest (Apps Script hashes natively) instead of
 *   @noble/hashes' pure-JS copy; Apps Script takes and returns signed bytes;
 * - the endpoint table's lines of the spec (field and response "doc"s: every string literal
 *   with a space in src/api/endpoints.ts; paths, names and defaults have none) are used by
 *   the server, the docs and the spec test, never by the add-on at runtime; so are each
 *   endpoint's `summary`, `status` and `marketplace` and its response's type name;
 * - the catalog's help texts (`help`, `notes`, `example` literals, and the `help` argument of
 *   the parameter makers in src/functions) and each function's `marketplace` feed Stubs.js,
 *   the docs, the sidebar and the help dialog, which the build writes beside Code.js
 *   (FunctionHelp.html); argument errors use `what`, kept.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "esbuild";
import ts from "typescript";

const APPS_SCRIPT_SHA256 = `
export function sha256(data) {
  var signed = [];
  for (var i = 0; i < data.length; i++) signed.push(data[i] > 127 ? data[i] - 256 : data[i]);
  return Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, signed);
}
export function bytesToHex(bytes) {
  var out = "";
  for (var i = 0; i < bytes.length; i++) out += ((bytes[i] & 255) + 256).toString(16).slice(1);
  return out;
}`;

type Span = [start: number, end: number, text: string];

function rewrite(source: string, spans: Span[]): string {
  let out = source;
  for (const [start, end, text] of [...spans].sort((a, b) => b[0] - a[0]))
    out = `${out.slice(0, start)}${text}${out.slice(end)}`;
  return out;
}

function parse(file: string, source: string): ts.SourceFile {
  return ts.createSourceFile(file, source, ts.ScriptTarget.ES2020, true);
}

/** A property assignment with the comma after it, to drop from its object literal. */
function propertyWhole(file: ts.SourceFile, node: ts.Node): Span {
  const end = file.text[node.getEnd()] === "," ? node.getEnd() + 1 : node.getEnd();
  return [node.getStart(file), end, ""];
}

/** The endpoint table without its doc lines. */
function endpointsWithoutDocs(source: string): string {
  const file = parse("endpoints.ts", source);
  const spans: Span[] = [];
  const visit = (node: ts.Node): void => {
    // `summary` and response type names are spec prose too: drop them whole. So is an
    // endpoint's `status` and `marketplace`: tests read them, the add-on never does (the
    // client reads the marketplace from the id's first letter).
    if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      ["summary", "status", "marketplace"].includes(node.name.text)
    )
      return void spans.push(propertyWhole(file, node));
    const typeName =
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "res"
        ? node.arguments[0]
        : undefined;
    if (typeName && ts.isStringLiteral(typeName) && !typeName.text.includes(" "))
      spans.push([typeName.getStart(file), typeName.getEnd(), '""']);
    // A field's doc as the last argument of req/opt/out: drop the argument, not just its text.
    const last = ts.isCallExpression(node) ? node.arguments[2] : undefined;
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      ["req", "opt", "out"].includes(node.expression.text) &&
      node.arguments.length === 3 &&
      last &&
      isText(last)
    )
      return void spans.push([node.arguments[1]?.getEnd() ?? 0, last.getEnd(), ""]);
    // A doc as the last argument of any other maker (money, lookback...): drop it too.
    // (Plain identifiers only: the table's makers; never a method such as `.replace(a, " ")`.)
    const args =
      ts.isCallExpression(node) && ts.isIdentifier(node.expression) ? node.arguments : undefined;
    const doc = args?.[args.length - 1];
    const prior = args?.[args.length - 2];
    if (doc && prior && ts.isStringLiteral(doc) && doc.text.includes(" ")) {
      spans.push([prior.getEnd(), doc.getEnd(), ""]);
      args?.slice(0, -1).forEach(visit);
      return;
    }
    if (ts.isStringLiteral(node) && node.text.includes(" "))
      spans.push([node.getStart(file), node.getEnd(), '""']);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return rewrite(source, spans);
}

const isText = (n: ts.Node): boolean =>
  ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n);

/**
 * Parameter makers of src/functions (function name -> index of their `help` parameter): the
 * builders, the shared parameters and the cross-marketplace wrappers (emptyForSome...).
 */
function helpMakers(dir: string): Map<string, number> {
  const makers = new Map<string, number>();
  for (const name of ["params.ts", "common.ts", "crossArgs.ts"]) {
    const file = parse(name, readFileSync(path.join(dir, name), "utf8"));
    file.forEachChild((node) => {
      if (!ts.isFunctionDeclaration(node) || !node.name) return;
      const at = node.parameters.findIndex(
        (p) => ts.isIdentifier(p.name) && p.name.text === "help",
      );
      if (at >= 0) makers.set(node.name.text, at);
    });
  }
  return makers;
}

/** An object literal that defines a catalog function (it names its endpoints). */
function isFunctionDefinition(node: ts.Node): boolean {
  return (
    ts.isObjectLiteralExpression(node) &&
    node.properties.some(
      (p) => p.name !== undefined && ts.isIdentifier(p.name) && p.name.text === "endpoints",
    )
  );
}

/** A catalog source without its help texts. */
function catalogWithoutHelp(source: string, makers: ReadonlyMap<string, number>): string {
  const file = parse("catalog.ts", source);
  const spans: Span[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name)) {
      const key = node.name.text;
      const value = node.initializer;
      // Dropped whole, key and comma: nothing in Code.js reads them.
      const whole = propertyWhole(file, node);
      if ((key === "help" || key === "example") && isText(value)) spans.push(whole);
      // A function definition's marketplace feeds the docs and the sidebar's builder only.
      if (key === "marketplace" && isFunctionDefinition(node.parent)) spans.push(whole);
      if (key === "notes" && ts.isArrayLiteralExpression(value) && value.elements.every(isText))
        spans.push(whole);
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const at = makers.get(node.expression.text);
      const arg = at === undefined ? undefined : node.arguments[at];
      const before = at === undefined ? undefined : node.arguments[at - 1];
      // The last argument goes with its comma (the maker gets undefined); others become "".
      if (arg && isText(arg))
        spans.push(
          before && at === node.arguments.length - 1
            ? [before.getEnd(), arg.getEnd(), ""]
            : [arg.getStart(file), arg.getEnd(), '""'],
        );
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return rewrite(source, spans);
}

/** The esbuild plugin of the Sheets build (see the file comment). */
export const appsScriptOnly: Plugin = {
  name: "apps-script-only",
  setup(b) {
    let makers: Map<string, number> | null = null;
    b.onResolve({ filter: /^@noble\/hashes\/(sha256|utils)$/ }, (args) => ({
      path: args.path,
      namespace: "apps-script-sha256",
    }));
    b.onLoad({ filter: /.*/, namespace: "apps-script-sha256" }, () => ({
      contents: APPS_SCRIPT_SHA256,
      loader: "js",
    }));
    b.onLoad({ filter: /[\\/]src[\\/]api[\\/]endpoints\.ts$/ }, (args) => ({
      contents: endpointsWithoutDocs(readFileSync(args.path, "utf8")),
      loader: "ts",
    }));
    // src/functions and its catalog folder (one file per function).
    b.onLoad({ filter: /[\\/]src[\\/]functions[\\/].+\.ts$/ }, (args) => {
      makers ??= helpMakers(args.path.replace(/([\\/]src[\\/]functions)[\\/].*$/, "$1"));
      return {
        contents: catalogWithoutHelp(readFileSync(args.path, "utf8"), makers),
        loader: "ts",
      };
    });
  },
};
