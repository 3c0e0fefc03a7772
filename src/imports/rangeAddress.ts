/**
 * A selection's A1 address ("Inputs!A1:C501", "'My sheet'!B3") read back into a sheet name
 * and a rectangle, so a long bulk run writes beside the cells it read even when the seller
 * has clicked elsewhere (or another sheet) in the minutes it took.
 */

/** A rectangle of cells on a named sheet; rows and columns are 0-based and inclusive. */
export interface RangeBox {
  readonly sheet: string;
  readonly r0: number;
  readonly c0: number;
  readonly r1: number;
  readonly c1: number;
}

function cellIndexes(a1: string): [number, number] | null {
  const m = /^\$?([A-Z]{1,3})\$?(\d{1,7})$/.exec(a1.trim().toUpperCase());
  if (!m) return null;
  let col = 0;
  for (const ch of m[1] ?? "") col = col * 26 + (ch.charCodeAt(0) - 64);
  const row = Number(m[2]);
  return row >= 1 ? [row - 1, col - 1] : null;
}

/** Parse "Sheet!A1:C5" (sheet name quoted with '' escapes when Excel quotes it); throws when unusable. */
export function parseRangeAddress(address: string): RangeBox {
  const bang = address.lastIndexOf("!");
  if (bang <= 0) throw new Error(`Not a sheet range address: ${address}`);
  let sheet = address.slice(0, bang);
  if (sheet.length >= 2 && sheet.startsWith("'") && sheet.endsWith("'")) {
    sheet = sheet.slice(1, -1).replace(/''/g, "'");
  }
  const [from = "", to = from] = address.slice(bang + 1).split(":");
  const a = cellIndexes(from);
  const b = cellIndexes(to);
  if (!a || !b) {
    throw new Error(`Select a block of cells such as A1:C501 (got ${address})`);
  }
  return {
    sheet,
    r0: Math.min(a[0], b[0]),
    c0: Math.min(a[1], b[1]),
    r1: Math.max(a[0], b[0]),
    c1: Math.max(a[1], b[1]),
  };
}

/** Column letters of a 0-based index: "A" for 0, "AA" for 26. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** A sheet name as it stands before "!" in an address: quoted ('' escapes) unless a plain word. */
export function quoteSheetName(sheet: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(sheet) ? sheet : `'${sheet.replace(/'/g, "''")}'`;
}
