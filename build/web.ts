/**
 * Build step for the web host: dist/web/index.html + app.js, servable by any static server.
 * Open it as index.html?api=http://127.0.0.1:PORT to point it at a reference server.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BuildContext } from "./context";
import { appPage, bundleBrowserScript } from "./ui";

const PAGE_CSS = `<style>
body{margin:0;display:flex;height:100vh;font-family:"Segoe UI",Roboto,Arial,sans-serif;font-size:13px}
#grid{flex:1;overflow:auto;padding:8px;background:#f8f9fa}
#sidebar{width:300px;min-width:300px;overflow:auto;border-left:1px solid #dadce0;background:#fff}
#grid table{border-collapse:collapse;background:#fff}
#grid td{border:1px solid #e0e0e0;padding:1px 4px;max-width:160px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}
#grid tr:first-child td,#grid td:first-child{background:#f1f3f4;color:#5f6368;text-align:center}
#grid tr.frozen td{font-weight:600;border-bottom:2px solid #9aa0a6}
#grid td.sel{outline:2px solid #1a73e8;outline-offset:-2px}
#grid td.formula{color:#a50e0e}
.tabs{display:flex;gap:4px;margin-bottom:6px;flex-wrap:wrap}
.tabs button{border:1px solid #dadce0;background:#fff;padding:3px 10px;cursor:pointer}
.tabs button[aria-selected=true]{background:#e8f0fe;border-color:#1a73e8}
.note{color:#5f6368;font-size:12px;margin:4px 0}
</style>`;

/** Write dist/web. */
export async function buildWeb(ctx: BuildContext): Promise<void> {
  const out = path.join(ctx.dist, "web");
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, "VERSION"), ctx.version + "\n");
  const js = await bundleBrowserScript(ctx, "src/hosts/web/main.ts");
  writeFileSync(path.join(out, "app.js"), js);
  writeFileSync(
    path.join(out, "index.html"),
    appPage({
      title: "Marketplace profit — web demo",
      head: PAGE_CSS,
      body: '<section id="grid" aria-label="Sheets"></section>\n<aside id="sidebar" aria-label="Add-in"></aside>',
      scriptSrc: ["app.js"],
    }),
  );
}
