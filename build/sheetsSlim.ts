/**
 * What the Apps Script bundle (dist/sheets/Code.js) can do without, to stay under the 260 KB
 * it may weigh (issue 35; 200 KB in issue 20), found with the TypeScript parser so nothing the add-on runs is
 * touched:
 * - SHA-256 comes from Utilities.computeDigest (Apps Script hashes natively) instead of
 *   @noble/hashes' pure-JS copy; Apps Script takes and returns signed bytes;
 * - the endpoint table's prose (field docs, summaries, type names) and each endpoint's
 *   `status` and `marketplace` are used by the server, the docs and the spec test, never by
 *   the add-on at runtime: Code.js gets the table without them, packed (sheetsEndpoints.ts);
 * - the catalog's help texts (`help`, `notes`, `example` literals, and the `help` argument of
 *   the parameter makers in src/functions) and each function's `marketplace` and
 *   `endpoints` feed Stubs.js, the docs, the tests, the sidebar and the help dialog, which
 *   the build writes beside Code.js (FunctionHelp.html); argument errors use `what`, kept.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "esbuild";
import ts from "typescript";
import { compactEndpointsModule } from "./sheetsEndpoints";

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

/** An object literal with `params`: a catalog function's definition. */
function hasParams(node: ts.Node): boolean {
  return (
    ts.isObjectLiteralExpression(node) &&
    node.properties.some(
      (p) => p.name !== undefined && ts.isIdentifier(p.name) && p.name.text === "params",
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
      // So do its endpoints (the docs, the tests); not a previews table's, which runs.
      if (key === "endpoints" && ts.isArrayLiteralExpression(value) && hasParams(node.parent))
        spans.push(whole);
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
      contents: compactEndpointsModule(readFileSync(args.path, "utf8")),
      loader: "js",
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
