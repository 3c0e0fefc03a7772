/**
 * Saved import definitions: a JSON list kept in the document (no secrets: definitions only),
 * read defensively because anyone with edit rights can change it.
 */
import { IMPORT_KINDS, type ImportDefinition } from "../imports/definitions";

/** Most definitions a document keeps (Sheets document properties hold 9 KB a value). */
export const MAX_SAVED_IMPORTS = 25;

/** The definitions in a stored JSON text; anything malformed is dropped. */
export function parseSavedImports(text: string | null): ImportDefinition[] {
  if (!text) return [];
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return list.filter(isDefinition);
}

function isDefinition(x: unknown): x is ImportDefinition {
  if (x === null || typeof x !== "object") return false;
  const d = x as Record<string, unknown>;
  return (
    typeof d.id === "string" &&
    typeof d.kind === "string" &&
    (IMPORT_KINDS as readonly string[]).includes(d.kind) &&
    (d.marketplace === "A" || d.marketplace === "B" || d.marketplace === "C") &&
    typeof d.shopId === "string" &&
    typeof d.sheetName === "string"
  );
}

/** The list with `def` added, or replacing the one with its id. */
export function addSavedImport(
  list: readonly ImportDefinition[],
  def: ImportDefinition,
): ImportDefinition[] {
  const others = list.filter((d) => d.id !== def.id);
  if (others.length >= MAX_SAVED_IMPORTS) {
    throw new Error(`At most ${MAX_SAVED_IMPORTS} saved imports: delete one first`);
  }
  return [...others, def];
}

/** The list without the definition of this id. */
export function removeSavedImport(
  list: readonly ImportDefinition[],
  id: string,
): ImportDefinition[] {
  return list.filter((d) => d.id !== id);
}
