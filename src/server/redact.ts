/**
 * Log redaction of anything token-shaped (R4). A key can reach a log line in many spellings:
 * plain, upper-cased, URL-encoded once or twice (`mkta%5Fpat%5F...`, after `Bearer%20`),
 * JSON- or JS-escaped (`mkta\u005fpat...`), base64 or base64url (Basic auth, a pasted
 * header), hex, or its random part alone once the prefix was split off. Every run of characters such encodings are made of is decoded every way and
 * replaced whole when any decoding holds the token prefix: better a redacted URL than a key
 * in a log.
 */
import { TOKEN_PREFIX } from "./keys/token";

/** What a redacted run becomes. */
export const REDACTED = "[redacted]";

/** Characters of plain, percent-, backslash-, base64- and hex-encoded text. */
const RUN = /[A-Za-z0-9%_\\+/=.~-]+/g;
const BASE64_RUN = /[A-Za-z0-9+/_-]{12,}={0,2}/g;
const HEX_RUN = /(?:[0-9a-fA-F]{2}){9,}/g;
const PREFIX = TOKEN_PREFIX.toLowerCase();
/** A token's random part without its prefix: 32+ letters and digits, both cases mixed. */
const SECRET_SHAPE = /(?=[0-9A-Za-z]*[a-z])(?=[0-9A-Za-z]*[A-Z])[0-9A-Za-z]{32,}/;

/** `line` with every run that holds a token, in any of the encodings above, redacted. */
export function redactSecrets(line: string): string {
  return line.replace(RUN, (run) => (holdsToken(run) ? REDACTED : run));
}

function holdsToken(run: string): boolean {
  if (run.length < 12) return false; // shorter than any encoding of the prefix

  const seen = new Set<string>();
  let layer = [run];
  for (let depth = 0; depth < 3 && layer.length > 0; depth++) {
    const next: string[] = [];
    for (const text of layer) {
      if (seen.has(text)) continue;
      seen.add(text);
      if (text.toLowerCase().includes(PREFIX) || SECRET_SHAPE.test(text)) return true;
      next.push(...decodings(text));
    }
    layer = next;
  }
  return false;
}

/** Every way `text` may decode, as text. */
function decodings(text: string): string[] {
  const out: string[] = [];
  if (text.includes("%")) out.push(text.replace(/%([0-9a-fA-F]{2})/g, (_, h: string) => byte(h)));
  if (text.includes("\\")) {
    out.push(
      text
        .replace(/\\u([0-9a-fA-F]{4})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
        .replace(/\\x([0-9a-fA-F]{2})/g, (_, h: string) => byte(h)),
    );
  }
  for (const chunk of text.match(BASE64_RUN) ?? []) {
    const b64 = chunk.replace(/-/g, "+").replace(/_/g, "/");
    // Base64 of a token may start at any of 4 alignments inside a longer encoded text.
    for (let skip = 0; skip < 4; skip++) {
      out.push(Buffer.from(b64.slice(skip), "base64").toString("latin1"));
    }
  }
  for (const chunk of text.match(HEX_RUN) ?? [])
    out.push(Buffer.from(chunk, "hex").toString("latin1"));
  return out;
}

function byte(hex: string): string {
  return String.fromCharCode(parseInt(hex, 16));
}
