/** The function-help page. */
import type { SheetFunction } from "../../../functions/define";

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

/** An HTML page listing each function's signature and help. */
export function functionHelpHtml(catalog: readonly SheetFunction[]): string {
  const items = catalog
    .map((fn) => {
      const sig = fn.params.map((p) => (p.optional ? `[${p.name}]` : p.name)).join(", ");
      return `<li><code>${escapeHtml(fn.name)}(${escapeHtml(sig)})</code><br>${escapeHtml(fn.help)}<br><small>${escapeHtml(fn.example)}</small></li>`;
    })
    .join("\n");
  return `<div style="font-family:sans-serif;font-size:13px"><ul>${items}</ul></div>`;
}
