/**
 * The addresses a build is made for (MKT_BASE_URL, MKT_ADDIN_URL), checked before anything is
 * built with the add-in's own rule: normaliseBaseUrl (src/core/baseUrl.ts) is what Settings
 * accepts at run time, so a package never carries an address the add-in itself would refuse
 * (a query, user info, port 0). A build for others also needs https, and a host that the
 * people or servers using it can reach.
 */
import { normaliseBaseUrl } from "../src/core/baseUrl";

/** Who fetches the address: this decides which hosts cannot be reached. */
export type Reacher = "office" | "google";

/** What each variable names, and an example, for the sentence that refuses it. */
const NAMED = {
  MKT_BASE_URL: { what: "of the API", example: "https://api.example.com" },
  MKT_ADDIN_URL: {
    what: "where you will upload the add-in's files",
    example: "https://addin.example.com",
  },
} as const;

export type AddressVariable = keyof typeof NAMED;

/** The value as a message may show it: user info (perhaps a password) left out. */
function shown(raw: string): string {
  return JSON.stringify(raw.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, "$1…@"));
}

const LOOPBACK = /^(localhost|.+\.localhost|127(\.\d+){3}|0\.0\.0\.0|\[::1?\])$/i;
/** Addresses only a private network reaches: Apps Script fetches from Google's servers. */
const PRIVATE =
  /^(10(\.\d+){3}|192\.168(\.\d+){2}|172\.(1[6-9]|2\d|3[01])(\.\d+){2}|169\.254(\.\d+){2}|\[f[cde][0-9a-f:.]*\])$/i;

/** Why `host` cannot be reached by `who`, or null. */
function unreachable(host: string, who: Reacher): string | null {
  if (LOOPBACK.test(host))
    return `${host} is this computer, which ${who === "google" ? "Google's servers" : "your team's computers"} cannot reach`;
  if (who === "google" && (PRIVATE.test(host) || !host.includes(".")))
    return `${host} is an address only your own network reaches, and Apps Script fetches from Google's servers`;
  return null;
}

function refusal(name: AddressVariable, text: string, command: string, why: string): Error {
  const named = NAMED[name];
  const what = text === "" ? `${name} is not set` : `${name}=${shown(text)} is refused: ${why}`;
  return new Error(
    `${what}. Set it to the https:// address ${named.what}, e.g. ${name}=${named.example} npm run ${command}`,
  );
}

/**
 * `raw` as the add-in's own rule reads it, or an Error with one sentence naming the variable,
 * what was wrong and what to set: the local build (`npm run build`) takes what Settings takes,
 * plain http to this computer included.
 */
export function buildAddress(name: AddressVariable, raw: string, command: string): string {
  const text = raw.trim();
  try {
    return normaliseBaseUrl(text);
  } catch (e) {
    // The add-in's own sentence, as Settings shows it at run time.
    throw refusal(name, text, command, e instanceof Error ? e.message : String(e));
  }
}

/**
 * The https address `raw` as the add-in will use it (the rule of buildAddress, then https on a
 * host `reacher` can reach), or an Error with one sentence. `reacher` null: this computer may
 * serve it (the local build's https://localhost:3000).
 */
export function deployAddress(
  name: AddressVariable,
  raw: string | undefined,
  reacher: Reacher | null,
  command: string,
): string {
  const text = (raw ?? "").trim();
  if (text === "") throw refusal(name, text, command, "");
  const url = buildAddress(name, text, command);
  if (!url.startsWith("https://"))
    throw refusal(name, text, command, "it must start with https://");
  const host = /^https:\/\/(\[[^\]]+\]|[^/:]+)/.exec(url)?.[1] ?? "";
  const far = reacher ? unreachable(host, reacher) : null;
  if (far) throw refusal(name, text, command, far);
  return url;
}
