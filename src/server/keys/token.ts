/** API key tokens: how they look, how they are made and hashed. Only hashes are ever stored. */
import { createHash, randomBytes, timingSafeEqual } from "crypto";

/** The service-specific literal every token starts with (spec 2.1: it ends in `pat_`). */
export const TOKEN_PREFIX = "mkta_pat_";

/** How many base62 characters of randomness follow the prefix (~238 bits). */
export const TOKEN_RANDOM_LENGTH = 40;

/** How many characters of a token the key list shows (the prefix plus 6 random characters). */
export const DISPLAY_PREFIX_LENGTH = TOKEN_PREFIX.length + 6;

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const TOKEN_SHAPE = new RegExp(`^${TOKEN_PREFIX}[0-9A-Za-z]{32,128}$`);

/** A fresh token: the prefix and 40 base62 characters drawn from crypto.randomBytes. */
export function newToken(): string {
  let out = TOKEN_PREFIX;
  while (out.length < TOKEN_PREFIX.length + TOKEN_RANDOM_LENGTH) {
    for (const byte of randomBytes(64)) {
      // 248 = 4 * 62: rejecting the top bytes keeps every character equally likely.
      if (byte < 248 && out.length < TOKEN_PREFIX.length + TOKEN_RANDOM_LENGTH) {
        out += BASE62[byte % 62];
      }
    }
  }
  return out;
}

/** True when the text has the shape of a token (prefix and 32 to 128 base62 characters). */
export function looksLikeToken(text: string): boolean {
  return TOKEN_SHAPE.test(text);
}

/** SHA-256 of the token, hex; the only form in which a token is kept. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** The leading part of a token shown in the key list. */
export function displayPrefix(token: string): string {
  return token.slice(0, DISPLAY_PREFIX_LENGTH);
}

/** Compares two hex hashes in constant time (for equal lengths). */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
