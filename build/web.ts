/**
 * Build step for the web host: dist/web (index.html, app.js, app.css and the engine's lazily
 * loaded chunks), servable by any static server. It talks to the build's API address (or the
 * one the seller saved); index.html?api=http://127.0.0.1:PORT offers another, which the
 * seller must confirm on the page. The page is an ES module split into chunks, so the
 * engine's hyphenation dictionaries (one per language) load only if a sheet needs them.
 */
import { build } from "esbuild";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BuildContext } from "./context";
import { appPage } from "./ui";

// An empty icon: without one the browser asks for /favicon.ico and logs a 404 in the console.
const PAGE_CSS = `<link rel="icon" href="data:,">
<link rel="stylesheet" href="app.css">
<style>
html,body{height:100%}
body{margin:0;display:flex;height:100vh;font-family:"Segoe UI",Roboto,Arial,sans-serif;font-size:13px}
#sheet{flex:1;min-width:0;display:flex;flex-direction:column}
#cell-message{min-height:18px;padding:3px 8px;border-bottom:1px solid #dadce0;color:#3c4043;background:#f8f9fa;white-space:normal;overflow-wrap:anywhere;max-height:4.5em;overflow:auto}
#cell-message[data-kind=cell]{color:#a50e0e;background:#fce8e6}
#save-problem{padding:6px 8px;color:#fff;background:#c5221f;font-weight:600;white-space:normal}
#save-problem[hidden]{display:none}
#storage-warning{padding:6px 8px;color:#3c2a00;background:#fdd663;font-weight:600;white-space:normal}
#storage-warning[hidden]{display:none}
#api-bar{display:flex;flex-wrap:wrap;align-items:center;gap:6px;padding:3px 8px;border-bottom:1px solid #dadce0;color:#3c4043;background:#fff;overflow-wrap:anywhere}
#api-bar[data-kind=offer]{padding:8px;color:#3c2a00;background:#fef7e0;font-weight:600}
#api-bar[data-kind=unusable]{color:#a50e0e;background:#fce8e6}
#api-bar button{font:inherit;font-weight:400;padding:3px 10px;border:1px solid #8c8c8c;border-radius:4px;background:#fff;cursor:pointer}
#api-bar button.primary{background:#0f6cbd;border-color:#0f6cbd;color:#fff}
#grid{flex:1;min-height:0;position:relative}
#sidebar{width:300px;min-width:300px;overflow:auto;border-left:1px solid #dadce0;background:#fff}
</style>`;

/** What the web build wrote, for the bench's size table. */
export interface WebBundle {
  /** Bytes of the files the page loads at start (html, app.js, app.css). */
  readonly startBytes: number;
  /** Bytes of every file written, lazily loaded chunks included. */
  readonly totalBytes: number;
}

/** Write dist/web. */
export async function buildWeb(ctx: BuildContext): Promise<WebBundle> {
  const out = path.join(ctx.dist, "web");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, "VERSION"), ctx.version + "\n");
  const result = await build({
    entryPoints: { app: path.join(ctx.root, "src/hosts/web/main.ts") },
    bundle: true,
    format: "esm",
    splitting: true,
    platform: "browser",
    target: ["es2022"],
    minify: ctx.minify,
    outdir: out,
    chunkNames: "chunks/[name]-[hash]",
    legalComments: "none",
    metafile: true,
    define: {
      MKT_DEFAULT_BASE_URL: JSON.stringify(ctx.apiBaseUrl),
      MKT_ADDIN_VERSION: JSON.stringify(ctx.version),
      "process.env.NODE_ENV": JSON.stringify("production"),
    },
    logLevel: "silent",
  });
  const html = appPage({
    title: "Marketplace profit — web demo",
    head: PAGE_CSS,
    body: '<main id="sheet" aria-label="Spreadsheet"><div id="api-bar" role="region" aria-label="API address" aria-live="polite"></div><div id="save-problem" role="alert" hidden></div><div id="storage-warning" role="status" hidden></div><div id="cell-message" role="status" aria-live="polite"></div><div id="grid"></div></main>\n<aside id="sidebar" aria-label="Add-in"></aside>',
    scriptSrc: [],
  }).replace("</body>", '<script type="module" src="app.js"></script>\n</body>');
  writeFileSync(path.join(out, "index.html"), html);
  const outputs = Object.entries(result.metafile.outputs);
  const bytesOf = (name: string): number =>
    outputs.find(([file]) => path.basename(file) === name)?.[1].bytes ?? 0;
  return {
    startBytes: Buffer.byteLength(html) + bytesOf("app.js") + bytesOf("app.css"),
    totalBytes: Buffer.byteLength(html) + outputs.reduce((sum, [, o]) => sum + o.bytes, 0),
  };
}
