/** The question "Remove gone rows" asks: every cell the seller typed on those rows, named. */
import type { GoneRowsQuestion } from "./teamBridge";

/** The question's words: every seller cell named, then what the rows hold. */
export function goneRowsQuestionText(q: GoneRowsQuestion): string {
  const cells = q.sellerCells.map((c) => `${c.cell} (${c.header} of ${c.id}: ${String(c.value)})`);
  const rows = `${q.rows} ${q.rows === 1 ? "row" : "rows"} of ${q.sheetName} whose products are no longer in the API's answer`;
  return cells.length === 0
    ? `Remove ${rows}? None holds a cell you typed.`
    : `Remove ${rows}? Your cells on them go too: ${cells.join("; ")}.`;
}
