/** Sheet names for imports: a free one beside a sheet that holds the seller's own data. */
import { utf8Length } from "../core/hash";

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

/** Bytes the kept list may take: well under a document property's 9 KB, in any script. */
const MAX_LIST_BYTES = 4000;

/** The newest names whose JSON list fits in MAX_LIST_BYTES (Thai letters are 3 bytes each). */
export function keptSheetNames(names: readonly string[]): string[] {
  const kept = names.slice(-100);
  while (kept.length > 1 && utf8Length(JSON.stringify(kept)) > MAX_LIST_BYTES) kept.shift();
  return kept;
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
