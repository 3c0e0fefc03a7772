/**
 * 23 ways a key can be spelled in a request (the attack runs' list: plain, cased, URL-, JSON-,
 * JS-, HTML-escaped, base64, hex, split, spaced...), and a reader that undoes every one of them,
 * for the log tests: a log gives a token away when any of its decodings holds 12 consecutive
 * characters of it.
 */

/** The 23 spellings of `token` (the prefix `mkta_pat_` and its random part). */
export function tokenSpellings(token: string): Record<string, string> {
  const secret = token.slice("mkta_pat_".length);
  const half = Math.floor(token.length / 2);
  const chars = [...token];
  const code = (c: string) => c.charCodeAt(0);
  return {
    plain: token,
    upperCase: token.toUpperCase(),
    lowerCase: token.toLowerCase(),
    swappedCase: chars
      .map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()))
      .join(""),
    secretOnly: secret,
    urlEncoded: encodeURIComponent(token).replace(/_/g, "%5F"),
    everyCharEncoded: chars.map((c) => "%" + code(c).toString(16)).join(""),
    doubleEncoded: encodeURIComponent(encodeURIComponent(token).replace(/_/g, "%5F")),
    afterBearer: encodeURIComponent(`Bearer ${token}`).replace(/_/g, "%5F"),
    percentU: chars.map((c) => "%u" + code(c).toString(16).padStart(4, "0")).join(""),
    jsonEscaped: token.replace(/_/g, "\\u005f"),
    everyCharJsonEscaped: chars.map((c) => "\\u" + code(c).toString(16).padStart(4, "0")).join(""),
    jsHexEscaped: token.replace(/_/g, "\\x5f"),
    htmlEntities: chars.map((c) => `&#${code(c)};`).join(""),
    inJson: encodeURIComponent(JSON.stringify({ apiKey: token })),
    base64: Buffer.from(`user:${token}`).toString("base64"),
    base64url: Buffer.from(token).toString("base64url"),
    base64OfBearer: Buffer.from(`Bearer ${token}`).toString("base64"),
    hex: Buffer.from(token).toString("hex"),
    // Two halves that each hold 20+ characters, in two query parameters.
    split: `${token.slice(0, half)}&rest=${token.slice(half)}`,
    spaced: chars.join(" "),
    plusSpaced: chars.join("+"),
    dotted: chars.join("."),
  };
}

/** A spelling as a URL carries it: characters a URL cannot hold raw are %-escaped. */
export function onTheWire(spelling: string): string {
  return spelling.replace(/[^A-Za-z0-9%_.~+=&;-]/g, (c) => encodeURIComponent(c));
}

/** True when any decoding of `text` holds 12 consecutive characters of `token`. */
export function revealsToken(text: string, token: string): boolean {
  const wanted = windows(token.toLowerCase()).concat(windows(alnum(token.toLowerCase())));
  return decodings(text).some((view) => {
    const lower = view.toLowerCase();
    const squeezed = alnum(lower);
    return wanted.some((w) => lower.includes(w) || squeezed.includes(w));
  });
}

function windows(text: string): string[] {
  return Array.from({ length: text.length - 11 }, (_, i) => text.slice(i, i + 12));
}

function alnum(text: string): string {
  return text.replace(/[^0-9a-z]/gi, "");
}

/** `text` and what it becomes under every escape undone, base64 and hex decoded, 3 layers deep. */
function decodings(text: string): string[] {
  const out: string[] = [];
  let layer = [text];
  for (let depth = 0; depth < 4 && layer.length > 0; depth++) {
    const next: string[] = [];
    for (const view of layer) {
      out.push(view);
      const unescaped = unescapeAll(view);
      if (unescaped !== view) next.push(unescaped);
      for (const run of view.match(/[A-Za-z0-9+/_-]{16,}={0,2}/g) ?? []) {
        const b64 = run.replace(/-/g, "+").replace(/_/g, "/");
        for (let skip = 0; skip < 4; skip++)
          next.push(Buffer.from(b64.slice(skip), "base64").toString("latin1"));
      }
      for (const run of view.match(/(?:[0-9a-fA-F]{2}){8,}/g) ?? []) {
        next.push(Buffer.from(run, "hex").toString("latin1"));
        next.push(Buffer.from(run.slice(1), "hex").toString("latin1"));
      }
    }
    layer = next;
  }
  return out;
}

function unescapeAll(text: string): string {
  const char = (hex: string) => String.fromCharCode(parseInt(hex, 16));
  return text
    .replace(/%u([0-9a-fA-F]{4})/g, (_, h: string) => char(h))
    .replace(/%([0-9a-fA-F]{2})/g, (_, h: string) => char(h))
    .replace(/\\\\/g, "\\")
    .replace(/\\u([0-9a-fA-F]{4})/g, (_, h: string) => char(h))
    .replace(/\\x([0-9a-fA-F]{2})/g, (_, h: string) => char(h))
    .replace(/&#x([0-9a-fA-F]+);/g, (_, h: string) => char(h))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCharCode(Number(d)));
}
