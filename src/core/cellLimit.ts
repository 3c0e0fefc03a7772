/**
 * The longest text one cell holds. Excel stops at 32,767 characters (a longer custom-function
 * result becomes an empty #VALUE!), Sheets at 50,000: one limit, the smaller, serves both.
 */
export const MAX_CELL_TEXT = 32_767;

const ELLIPSIS = "…";

/** Text as a cell can hold it: cut to MAX_CELL_TEXT with a visible ellipsis when too long. */
export function fitCellText(text: string): string {
  if (text.length <= MAX_CELL_TEXT) return text;
  let kept = text.slice(0, MAX_CELL_TEXT - ELLIPSIS.length);
  // Never leave half of a surrogate pair (an emoji) before the ellipsis.
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  return kept + ELLIPSIS;
}
