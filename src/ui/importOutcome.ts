/** What an import did, in one line for the imports section's status. */
import type { ImportResult } from "./bridge";
import { counted, grouped } from "./counted";
import { leftOutText, notFoundText } from "../imports/plan";

/**
 * "60 rows written to "Top products"." for a first import; for a refresh of a managed table
 * what changed by product, and the cells the seller changed that were left as they are.
 */
export function importOutcome(result: ImportResult): string {
  const missing = notFoundText(result.notFound);
  const notFound = missing === "" ? "" : ` Not written: ${missing} (check the ids).`;
  return `${written(result)}${leftOut(result)}${notFound}`;
}

function written(result: ImportResult): string {
  const where = `"${result.sheetName}"`;
  const c = result.changes;
  if (!c) return `${counted(result.rows, "row")} written to ${where}.`;
  const kept = (result.edited ?? []).length;
  const keptText = kept > 0 ? ` Kept ${counted(kept, "cell")} you changed by hand.` : "";
  const notes = (result.notes ?? []).map((n) => ` ${n}`).join("");
  return `${where} refreshed by product: ${grouped(c.updated)} updated in place, ${grouped(c.appended)} new at the bottom, ${grouped(c.vanished)} marked ${result.topRows ? `below the top ${counted(result.topRows, "row")}` : "gone"} in Status; your own columns were not touched.${keptText}${notes}`;
}

/** Rows the API sent out of bounds: each named, and who can mend them. */
function leftOut(result: ImportResult): string {
  const text = leftOutText(result.leftOut);
  if (text === "") return "";
  return ` ${text[0]?.toUpperCase()}${text.slice(1)}: tell your API provider; the other rows are complete.`;
}
