/**
 * How deep a JSON text nests, read before it is parsed: a body nested thousands of levels deep
 * must be refused by name, not walked by recursive code (issue 22: 7,000 levels reached a 500
 * in withoutUnset). Every request field of the API is at most a few levels deep.
 */

/** Deepest nesting of arrays and objects a request body may have. */
export const MAX_BODY_DEPTH = 32;

/** True when `text` opens more than `limit` arrays/objects inside each other (strings skipped). */
export function nestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}
