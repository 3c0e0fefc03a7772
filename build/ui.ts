/**
 * Bundles the sidebar / task pane app (src/ui) for each host: an inlined single HTML file
 * for Apps Script's HtmlService (it serves no separate files), a script file for the Excel
 * task pane, and the web demo page. Other build steps call these functions.
 */
import { build } from "esbuild";
import path from "node:path";
import type { BuildContext } from "./context";

/** Bundle one browser entry into a single IIFE script (returned as text). */
export async function bundleBrowserScript(
  ctx: BuildContext,
  entry: string,
  define: Readonly<Record<string, string>> = {},
): Promise<string> {
  const result = await build({
    entryPoints: [path.join(ctx.root, entry)],
    bundle: true,
    format: "iife",
    platform: "browser",
    target: ["es2019"],
    minify: ctx.minify,
    write: false,
    legalComments: "none",
    define: {
      MKT_DEFAULT_BASE_URL: JSON.stringify(ctx.apiBaseUrl),
      MKT_ADDIN_VERSION: JSON.stringify(ctx.version),
      ...define,
    },
    logLevel: "silent",
  });
  const out = result.outputFiles[0];
  if (!out) throw new Error(`esbuild produced nothing for ${entry}`);
  return out.text;
}

/** A script body safe to inline in <script> (no early "</script"). */
export function inlineSafe(js: string): string {
  return js.replace(/<\/(script)/gi, "<\\/$1").replace(/<!--/g, "<\\!--");
}

/** One HTML page around the app's root element. */
export function appPage(options: {
  readonly title: string;
  readonly body: string;
  readonly inlineScript?: string;
  readonly scriptSrc?: readonly string[];
  readonly head?: string;
}): string {
  const scripts = [
    ...(options.scriptSrc ?? []).map((src) => `<script src="${src}"></script>`),
    ...(options.inlineScript !== undefined
      ? [`<script>${inlineSafe(options.inlineScript)}</script>`]
      : []),
  ].join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title}</title>
${options.head ?? ""}
</head>
<body>
${options.body}
${scripts}
</body>
</html>
`;
}

/** The Sheets sidebar as one self-contained HTML (write it as dist/sheets/Sidebar.html). */
export async function buildSheetsSidebarHtml(ctx: BuildContext): Promise<string> {
  const js = await bundleBrowserScript(ctx, "src/hosts/sheets/sidebar/sidebarEntry.ts");
  return appPage({
    title: "Marketplace profit",
    head: '<base target="_top"><style>body{margin:0}</style>',
    body: '<div id="app"></div>',
    inlineScript: js,
  });
}

/** The Excel task pane app script (taskpane.html loads it after office.js); returns its file name. */
export async function buildExcelTaskpaneScript(ctx: BuildContext, outDir: string): Promise<string> {
  const { writeFileSync } = await import("node:fs");
  const js = await bundleBrowserScript(ctx, "src/hosts/excel/taskpaneEntry.ts");
  const file = "taskpane-app.js";
  writeFileSync(path.join(outDir, file), js);
  return file;
}
