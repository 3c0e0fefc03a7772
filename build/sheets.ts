/**
 * Build step for the Sheets host: writes dist/sheets (Code.js bundle, generated Stubs.js,
 * Sidebar.html from the shared sidebar app, appsscript.json) and regenerates docs/functions.md
 * from the catalog.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import type { BuildContext } from "./context";
import { writeFunctionDocs } from "./docs";
import { serverDocs } from "./serverDocs";
import { appsScriptOnly } from "./sheetsSlim";
import { buildSheetsSidebarHtml } from "./ui";
import { CATALOG } from "../src/functions";
import { functionHelpHtml } from "../src/hosts/sheets/sheet/sheetOutput";
import { BUNDLE_GLOBAL, stubsFile } from "../src/hosts/sheets/stubs";
import { sheetsManifest, type SheetsManifest } from "../src/hosts/sheets/manifest";

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
    // esbuild's own minifier, as for the Excel and web bundles: UglifyJS after it took ~4 % more
    // off (213 KB against 222 KB without build/sheetsAlias.ts's renames) for ~12 s of CPU on
    // every build, and the load time, what a seller waits for, was the same (bench/results.md).
    minify: ctx.minify,
    legalComments: "none",
    define: {
      __MKT_BASE_URL__: JSON.stringify(ctx.apiBaseUrl),
      MKT_ADDIN_VERSION: JSON.stringify(ctx.version),
    },
    outfile: path.join(out, "Code.js"),
    logLevel: "warning",
    plugins: [appsScriptOnly],
  });
  writeFileSync(path.join(out, "Stubs.js"), stubsFile(CATALOG, serverDocs(ctx.root)));
  // The function-help dialog is written here, so Code.js needs none of the help texts.
  writeFileSync(path.join(out, "FunctionHelp.html"), functionHelpHtml(CATALOG));
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
