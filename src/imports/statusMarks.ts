/**
 * What a refresh writes in a managed table's Status column for a product missing from the
 * answer. Gone: the whole answer came and the product is not in it. Below the top N: the
 * import kept only its first N rows and the product is not among them, so nothing says it
 * left the API (it may rank lower): such rows are never offered as gone for removal.
 */

/** A product the API's whole answer no longer lists. */
export const GONE = /^Not in the API's answer on /;
/** A product outside the first N rows an import kept. */
const BELOW_TOP = /^Below the top [\d,]+ rows on /;

export const goneMark = (today: string): string => `Not in the API's answer on ${today}`;

export const belowTopMark = (limit: number, today: string): string =>
  `Below the top ${limit.toLocaleString("en-US")} rows on ${today}`;

/** A Status the add-in wrote for a row missing from the answer (either kind). */
export const isMissingMark = (text: string): boolean => GONE.test(text) || BELOW_TOP.test(text);

/** A Status only the add-in writes: a gone or below-the-top mark, or a copy's. */
export const isAddinMark = (text: string): boolean =>
  isMissingMark(text) || text.startsWith("Copy of row ");
