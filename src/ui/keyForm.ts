/**
 * What the app says about an API key before and after the API sees it. The spec fixes only
 * that every token starts with a service prefix ending in `pat_` (spec 2.1), so the form
 * check is that, and the prefix shown afterwards is the part up to it plus a few characters.
 */

/** Where keys are made (spec 2.1), in the words the app uses everywhere. */
export const NEW_KEY_ADVICE =
  "create a new key in Settings → API keys in your Marketplace Profit Analytics web application";

/** Shown when the API refuses a key (401). */
export const REJECTED_KEY_MESSAGE = `The API rejected this key (invalid, revoked or expired): ${NEW_KEY_ADVICE} and paste it here.`;

const KEY_SHAPE = /^(?:[A-Za-z0-9]+_)*[A-Za-z0-9]*pat_[A-Za-z0-9]{16,200}$/;

/** Why a pasted text is not a key, or null when it has a key's form. */
export function keyFormProblem(text: string): string | null {
  const key = text.trim();
  if (key === "") return "Paste your API key first.";
  if (/\s/.test(key)) return "The key contains spaces or line breaks: copy it again in one piece.";
  if (!key.includes("pat_")) {
    return `That is not an API key: a key starts with a prefix ending in pat_. Copy it again, or ${NEW_KEY_ADVICE}.`;
  }
  if (!KEY_SHAPE.test(key)) {
    return `That key is incomplete or has extra characters (expected a prefix ending in pat_ and then letters and digits). Copy it again, or ${NEW_KEY_ADVICE}.`;
  }
  return null;
}

/** The part of a key the app may show again: its prefix plus 4 characters and an ellipsis. */
export function keyPrefixOf(key: string): string {
  const trimmed = key.trim();
  const at = trimmed.indexOf("pat_");
  const end = at < 0 ? 4 : at + 4 + 4;
  return `${trimmed.slice(0, end)}…`;
}
