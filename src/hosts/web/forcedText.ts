/**
 * Which text the web demo must force as text: the grid shows forced text with a leading ' in
 * the formula bar ('Rank), so only text a seller typing it would get back as something else is.
 */

/** "0012", "1,234", "50%", "2026-11-29", "=A1", "+5", "TRUE", " 42 ": yes; "Rank": no. */
export function readsAsOther(text: string): boolean {
  return (
    /^[=+\-@'\s]|\s$/.test(text) ||
    /^(true|false)$/i.test(text) ||
    (/\d/.test(text) && /^[\d\s.,%$€£¥()/:eE+-]*$/.test(text))
  );
}
