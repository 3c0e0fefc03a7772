/**
 * The API base URL the user typed. Only https is accepted, except plain http to this
 * machine (the reference server), so a key never travels in clear text. No `URL` class:
 * Apps Script has none.
 */
import { ApiError } from "./errors";

const URL_SHAPE = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)([?#].*)?$/i;
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Validate and normalise a base URL: lowercase scheme and host, no trailing slash. */
export function normaliseBaseUrl(raw: unknown): string {
  const text = typeof raw === "string" ? raw.trim() : "";
  if (text === "") {
    throw configError("No API address: enter it in the add-on's Settings");
  }
  const match = URL_SHAPE.exec(text);
  if (!match)
    throw configError(`API address is not a URL (got ${clip(text)}): use https://host/...`);
  const scheme = (match[1] ?? "").toLowerCase();
  const authority = match[2] ?? "";
  const path = (match[3] ?? "").replace(/\/+$/, "");
  if (match[4]) {
    throw configError("API address must not contain ? or #: enter only https://host/path");
  }
  if (authority.includes("@")) {
    throw configError("API address must not contain a user name or password");
  }
  const hostPort = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(authority);
  if (!hostPort) throw configError(`API address has no valid host (got ${clip(text)})`);
  const host = (hostPort[1] ?? "").toLowerCase();
  const port = hostPort[2];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) {
    throw configError(`API address port must be 1 to 65535 (got ${port})`);
  }
  if (scheme === "http") {
    if (!LOOPBACK_HOSTS.has(host)) {
      throw configError(
        "API address must start with https:// (plain http is allowed only for localhost) so your key is never sent unencrypted",
      );
    }
  } else if (scheme !== "https") {
    throw configError(`API address must start with https:// (got ${scheme}://)`);
  }
  return `${scheme}://${host}${port !== undefined ? `:${port}` : ""}${path}`;
}

function configError(message: string): ApiError {
  return new ApiError("CONFIG", message, { field: "baseUrl" });
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
