/** A1 addresses of the web demo's sheets: 0-based row and column -> "Sheet1!B3". */
import { columnLetters, quoteSheetName } from "../../imports/rangeAddress";

/** A sheet-qualified address as Excel writes it: "Sheet1!B3", "'My sheet'!B3:C4". */
export function sheetAddress(sheet: string, r0: number, c0: number, r1 = r0, c1 = c0): string {
  const from = `${columnLetters(c0)}${r0 + 1}`;
  const to = `${columnLetters(c1)}${r1 + 1}`;
  return `${quoteSheetName(sheet)}!${from === to ? from : `${from}:${to}`}`;
}
