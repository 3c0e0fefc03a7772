/** Sheet names for imports: a free one beside a sheet that holds the seller's own data. */

/** Excel's limit on a sheet name; Sheets allows more, so the shorter one rules. */
const MAX_SHEET_NAME = 31;

/** `base` followed by the first number that no sheet uses yet ("Top products 2"). */
export function freeSheetName(base: string, taken: readonly string[]): string {
  // Both hosts compare sheet names without case.
  const used = new Set(taken.map((n) => n.toLowerCase()));
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const name = `${base.slice(0, MAX_SHEET_NAME - suffix.length).trimEnd()}${suffix}`;
    if (!used.has(name.toLowerCase())) return name;
  }
}

/** The names kept as a JSON list; anything else reads as none. */
export function parseSheetNames(text: string | null): string[] {
  try {
    const list: unknown = JSON.parse(text ?? "[]");
    return Array.isArray(list) ? list.filter((n): n is string => typeof n === "string") : [];
  } catch {
    return [];
  }
}
