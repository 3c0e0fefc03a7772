/**
 * The key's red status, shared by every host (Sheets user properties, Excel and web storage):
 * the stored mark is a hash of the rejected key, never the key, so a new key is never shown
 * rejected.
 */
import { sha256Hex } from "../../core/hash";

/** What the "key rejected" setting holds for `apiKey`. */
export function rejectedMark(apiKey: string): string {
  return sha256Hex(`rejected\n${apiKey.trim()}`).slice(0, 24);
}
