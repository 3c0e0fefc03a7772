/**
 * The app's CSS: one layout for a 300 px column, two skins chosen by the bridge's `look`
 * (Google add-on: Roboto-ish, blue buttons; Fluent-like: Segoe, squarer, Excel green).
 */
import type { HostLook } from "./bridge";

const BASE = `
.mkt{box-sizing:border-box;width:100%;max-width:300px;padding:8px 10px;font-size:13px;line-height:1.4;color:#202124}
/* Not "inherit": inside <details> the chain passes through the UA shadow tree, which is content-box. */
.mkt *,.mkt *::before,.mkt *::after{box-sizing:border-box}
.mkt h1{font-size:15px;margin:0 0 6px}
.mkt details{border-bottom:1px solid #dadce0;padding:4px 0}
.mkt summary{cursor:pointer;font-weight:600;padding:4px 0}
.mkt summary:focus-visible,.mkt button:focus-visible,.mkt input:focus-visible,.mkt select:focus-visible,.mkt textarea:focus-visible{outline:2px solid var(--accent);outline-offset:1px}
.mkt label{display:block;margin:6px 0 2px;font-weight:500}
.mkt input[type=text],.mkt input[type=password],.mkt input[type=number],.mkt input[type=date],.mkt select,.mkt textarea{width:100%;padding:5px 6px;border:1px solid #babdc2;border-radius:var(--radius);font:inherit;background:#fff}
.mkt .check{display:flex;gap:6px;align-items:center;font-weight:400}
.mkt .row{display:flex;gap:6px;flex-wrap:wrap;margin-top:8px}
.mkt button{font:inherit;padding:5px 12px;border-radius:var(--radius);border:1px solid #babdc2;background:#fff;color:#202124;cursor:pointer}
.mkt button.primary{background:var(--accent);border-color:var(--accent);color:#fff}
.mkt button:disabled{opacity:.55;cursor:default}
.mkt .hint{color:#5f6368;font-size:12px;margin:4px 0}
.mkt .status{margin:6px 0;padding:6px 8px;border-radius:var(--radius);background:#e8f0fe}
.mkt .status:empty{margin:0;padding:0}
.mkt .status.error{background:#fce8e6;color:#a50e0e}
.mkt .status.ok{background:#e6f4ea;color:#137333}
.mkt .caveat{background:#fef7e0;padding:6px 8px;border-radius:var(--radius);font-size:12px}
.mkt progress{width:100%}
.mkt ul{padding-left:16px;margin:4px 0}
.mkt .mono{font-family:ui-monospace,Consolas,monospace;word-break:break-all}
.mkt .meter{display:flex;justify-content:space-between;font-size:12px}
`;

const LOOKS: Readonly<Record<HostLook, string>> = {
  google: `.mkt{--accent:#1a73e8;--radius:4px;font-family:Roboto,Arial,sans-serif}`,
  fluent: `.mkt{--accent:#107c41;--radius:2px;font-family:"Segoe UI","Segoe UI Web",Tahoma,sans-serif}
.mkt details{border-color:#e1dfdd}.mkt button{border-color:#8a8886}`,
};

/** The style sheet for a look. */
export function appCss(look: HostLook): string {
  return BASE + LOOKS[look];
}
