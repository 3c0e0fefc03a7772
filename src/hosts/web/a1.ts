/** A1 addresses of the web demo's sheets: 0-based row and column -> "B3". */

/** Column index -> letters (0 -> A). */
export function columnLetters(col: number): string {
  let n = col + 1;
  let out = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** A sheet-qualified address as Excel writes it: "Sheet1!B3", "'My sheet'!B3:C4". */
export function sheetAddress(sheet: string, r0: number, c0: number, r1 = r0, c1 = c0): string {
  const name = /^[A-Za-z_][A-Za-z0-9_]*$/.test(sheet) ? sheet : `'${sheet.replace(/'/g, "''")}'`;
  const from = `${columnLetters(c0)}${r0 + 1}`;
  const to = `${columnLetters(c1)}${r1 + 1}`;
  return `${name}!${from === to ? from : `${from}:${to}`}`;
}
