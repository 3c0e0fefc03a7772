/** The question "Remove gone rows" asks: every cell the seller typed on those rows, named. */
import type { GoneRowsQuestion } from "./teamBridge";

const named = (ids: readonly string[]): string =>
  ids.slice(0, 10).join(", ") + (ids.length > 10 ? ` and ${ids.length - 10} more` : "");

/** The question's words: every seller cell named, then what the rows hold. */
export function goneRowsQuestionText(q: GoneRowsQuestion): string {
  const cells = q.sellerCells.map((c) => `${c.cell} (${c.header} of ${c.id}: ${String(c.value)})`);
  const below = q.belowTop.length;
  const gone = q.rows - below;
  const goneText = `${gone} ${gone === 1 ? "row" : "rows"} whose products are no longer in the API's answer`;
  const belowText = `${below} ${below === 1 ? "row" : "rows"} only below the top rows the last import kept (the API may still list them: ${named(q.belowTop)})`;
  const parts = [gone > 0 ? goneText : "", below > 0 ? belowText : ""].filter((t) => t !== "");
  const rows = `${parts.join(" and ")} of ${q.sheetName}`;
  return cells.length === 0
    ? `Remove ${rows}? None holds a cell you typed.`
    : `Remove ${rows}? Your cells on them go too: ${cells.join("; ")}.`;
}
