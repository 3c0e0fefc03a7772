/**
 * The doc comment of each server function, read from its source with the TypeScript parser,
 * so a Stubs.js wrapper carries the same sentence as the function it forwards to (the text
 * stays beside the function; Code.js, minified, keeps none of it).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { SERVER_GROUPS, type ServerDocs } from "../src/hosts/sheets/stubs";

/** Name -> doc text of every documented function, const or object member in one file. */
export function docsOf(file: string, source: string): Map<string, string> {
  const parsed = ts.createSourceFile(file, source, ts.ScriptTarget.ES2020, true);
  const docs = new Map<string, string>();
  const visit = (node: ts.Node): void => {
    const named =
      ts.isFunctionDeclaration(node) ||
      ts.isVariableDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isPropertyAssignment(node);
    if (named && node.name && ts.isIdentifier(node.name) && !docs.has(node.name.text)) {
      const text = ts
        .getJSDocCommentsAndTags(node)
        .filter(ts.isJSDoc)
        .map((d) => ts.getTextOfJSDocComment(d.comment) ?? "")
        .join(" ")
        .trim();
      if (text !== "") docs.set(node.name.text, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(parsed);
  return docs;
}

/** The docs of every server group's source file (src/hosts/sheets). */
export function serverDocs(root: string): ServerDocs {
  return new Map(
    SERVER_GROUPS.map(({ source }) => {
      const file = path.join(root, "src/hosts/sheets", source);
      return [source, docsOf(source, readFileSync(file, "utf8"))];
    }),
  );
}
