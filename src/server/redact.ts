/**
 * Log redaction of anything token-shaped (R4), the last line of defence under the request log's
 * own URL rule (logUrl.ts). A key can reach a log line in many spellings: plain, upper-cased,
 * URL-encoded once or twice (`mkta%5Fpat%5F...`, after `Bearer%20`, `%u006d...`), JSON-, JS- or
 * HTML-escaped (`mkta\u005fpat...`, `&#109;...`), base64 or base64url (Basic auth, a pasted
 * header), hex, a character at a time with spaces, `+` or dots between, or its random part
 * alone once the prefix was split off. Every run of characters such encodings are made of is
 * decoded every way and replaced whole when any decoding holds the token prefix or a random
 * part: better a redacted URL than a key in a log. A key cut into short pieces is no key to a
 * line's reader; the URL, where a client could put the pieces, is never logged as sent.
 */
import { TOKEN_PREFIX } from "./keys/token";

/** What a redacted run becomes. */
export const REDACTED = "[redacted]";

/** Characters of plain, percent-, backslash-, entity-, base64- and hex-encoded text. */
const RUN = /[A-Za-z0-9%_\\+/=.~&#;-]+/g;
/** Single characters with a space or tab between each (`m k t a _ p a t _ ...`). */
const SPACED_RUN = /(?:[^\s"][ \t]){8,}[^\s"]/g;
/** Single characters with one separator between each, in a decoded text. */
const SEPARATED = /(?:[^\s+.,:;|/-][\s+.,:;|/-]){8,}[^\s+.,:;|/-]/g;
const BASE64_RUN = /[A-Za-z0-9+/_-]{12,}={0,2}/g;
const HEX_RUN = /(?:[0-9a-fA-F]{2}){9,}/g;
const PREFIX = TOKEN_PREFIX.toLowerCase();
/** A token's random part without its prefix: 32+ letters and digits, both cases mixed. */
const SECRET_SHAPE = /(?=[0-9A-Za-z]*[a-z])(?=[0-9A-Za-z]*[A-Z])[0-9A-Za-z]{32,}/;

/** `line` with every run that holds a token, in any of the encodings above, redacted. */
export function redactSecrets(line: string): string {
  const redact = (run: string) => (holdsToken(run) ? REDACTED : run);
  return line.replace(SPACED_RUN, redact).replace(RUN, redact);
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
  if (text.includes("%")) {
    out.push(
      text
        .replace(/%u([0-9a-fA-F]{4})/g, (_, h: string) => byte(h))
        .replace(/%([0-9a-fA-F]{2})/g, (_, h: string) => byte(h)),
    );
  }
  if (text.includes("\\")) {
    out.push(
      text
        .replace(/\\\\/g, "\\") // a JSON log line doubles each backslash
        .replace(/\\u([0-9a-fA-F]{4})/g, (_, h: string) => byte(h))
        .replace(/\\x([0-9a-fA-F]{2})/g, (_, h: string) => byte(h)),
    );
  }
  if (text.includes("&#")) {
    out.push(
      text
        .replace(/&#x([0-9a-fA-F]{1,6});/gi, (_, h: string) => byte(h))
        .replace(/&#(\d{1,7});/g, (_, d: string) =>
          String.fromCodePoint(Math.min(Number(d), 0x10ffff)),
        ),
    );
  }
  const joined = text.replace(SEPARATED, (run) => run.replace(/[\s+.,:;|/-]/g, ""));
  if (joined !== text) out.push(joined);
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
  return String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff));
}
