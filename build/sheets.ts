/**
 * Build step for the Sheets host: writes dist/sheets (Code.js bundle, generated Stubs.js,
 * Sidebar.html from the shared sidebar app, appsscript.json) and regenerates docs/functions.md
 * from the catalog.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build, type Plugin } from "esbuild";
import ts from "typescript";
import type { BuildContext } from "./context";
import { writeFunctionDocs } from "./docs";
import { buildSheetsSidebarHtml } from "./ui";
import { CATALOG } from "../src/functions";
import { BUNDLE_GLOBAL, stubsFile } from "../src/hosts/sheets/stubs";
import { sheetsManifest, type SheetsManifest } from "../src/hosts/sheets/manifest";

/**
 * Apps Script hashes natively (Utilities.computeDigest), so the Sheets bundle gets SHA-256 from
 * there instead of @noble/hashes' pure-JS copy: 5 KB less of the 150 KB the bundle may weigh.
 * Apps Script takes and returns signed bytes.
 */
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

/**
 * The endpoint table carries a line of the spec for every field ("doc"), used by the server,
 * the docs and the spec test, never by the add-on at runtime: the Sheets bundle gets the table
 * without those lines (every string literal with a space in src/api/endpoints.ts: field and
 * response docs; paths, names and defaults have none). Found with the TypeScript parser.
 */
function withoutDocs(source: string): string {
  const file = ts.createSourceFile("endpoints.ts", source, ts.ScriptTarget.ES2020, true);
  const spans: Array<[number, number]> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) && node.text.includes(" "))
      spans.push([node.getStart(file), node.getEnd()]);
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = source;
  for (const [start, end] of spans.reverse()) out = `${out.slice(0, start)}""${out.slice(end)}`;
  return out;
}

const appsScriptOnly: Plugin = {
  name: "apps-script-only",
  setup(b) {
    b.onResolve({ filter: /^@noble\/hashes\/(sha256|utils)$/ }, (args) => ({
      path: args.path,
      namespace: "apps-script-sha256",
    }));
    b.onLoad({ filter: /.*/, namespace: "apps-script-sha256" }, () => ({
      contents: APPS_SCRIPT_SHA256,
      loader: "js",
    }));
    b.onLoad({ filter: /[\\/]src[\\/]api[\\/]endpoints\.ts$/ }, (args) => ({
      contents: withoutDocs(readFileSync(args.path, "utf8")),
      loader: "ts",
    }));
  },
};

export async function buildSheets(ctx: BuildContext): Promise<void> {
  const out = path.join(ctx.dist, "sheets");
  mkdirSync(out, { recursive: true });
  await build({
    entryPoints: [path.join(ctx.root, "src/hosts/sheets/main.ts")],
    bundle: true,
    format: "iife",
    globalName: BUNDLE_GLOBAL,
    target: "es2020",
    platform: "neutral",
    mainFields: ["main", "module"],
    minify: ctx.minify,
    legalComments: "none",
    define: { __MKT_BASE_URL__: JSON.stringify(ctx.apiBaseUrl) },
    outfile: path.join(out, "Code.js"),
    logLevel: "warning",
    plugins: [appsScriptOnly],
  });
  writeFileSync(path.join(out, "Stubs.js"), stubsFile(CATALOG));
  // The shared sidebar app (src/ui) as one self-contained page: HtmlService serves no other files.
  writeFileSync(path.join(out, "Sidebar.html"), await buildSheetsSidebarHtml(ctx));
  const template = JSON.parse(
    readFileSync(path.join(ctx.root, "appsscript.json"), "utf8"),
  ) as Partial<SheetsManifest>;
  const { manifest, deployable } = sheetsManifest(template, ctx.apiBaseUrl);
  writeFileSync(path.join(out, "appsscript.json"), JSON.stringify(manifest, null, 2) + "\n");
  if (!deployable) {
    // Google runs the add-on on its servers: it cannot reach localhost, and the allow-list takes https only.
    console.warn(
      `dist/sheets targets ${ctx.apiBaseUrl}: fine for the local harness, not deployable. Set MKT_BASE_URL=https://... for clasp push.`,
    );
  }
  if (process.env.MKT_SKIP_DOCS !== "1") writeFunctionDocs(ctx.root);
}
