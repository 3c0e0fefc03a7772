/**
 * The pricing section's line while a build or refresh works: which stage, and how far. A
 * 1,329-row sheet takes a while on a busy computer; "Asking the API…" for all of it read as
 * stuck while the page was writing rows.
 */
import type { PricingProgress } from "./bridge";

const n = (x: number): string => x.toLocaleString("en-US");

/** "Writing rows 400 of 1,329 on Pricing…" and the like. */
export function pricingProgressText(p: PricingProgress): string {
  switch (p.stage) {
    case "asking":
      return p.done > 1 ? `Asking the API… (request ${n(p.done)})` : "Asking the API…";
    case "writing":
      return p.done > 0 && p.total > 0
        ? `Writing rows ${n(p.done)} of ${n(p.total)} on ${p.sheet}…`
        : `Writing ${n(p.total)} row${p.total === 1 ? "" : "s"} on ${p.sheet}…`;
    case "formulas":
      return p.done > 0 && p.total > 0
        ? `Writing formulas, rows ${n(p.done)} of ${n(p.total)}…`
        : `Writing formulas in ${n(p.total)} row${p.total === 1 ? "" : "s"}…`;
    case "highlight":
      return `Adding the below-target highlight to ${n(p.total)} rows…`;
  }
}
