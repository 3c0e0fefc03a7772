/**
 * Serves dist/excel the way Excel needs it: over HTTPS (dev) or HTTP on loopback (tests),
 * with CORS headers on everything (Excel on the web fetches functions.json cross-origin),
 * no caching, and no path outside the folder. Node only: never part of a bundle.
 */
import { createReadStream, existsSync, statSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".png": "image/png",
  ".css": "text/css; charset=utf-8",
};

export interface AddinServerOptions {
  /** Folder to serve (dist/excel). */
  readonly root: string;
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port?: number;
  /** Certificate and key: HTTPS when given. */
  readonly tls?: { readonly key: Buffer | string; readonly cert: Buffer | string };
  /** Extra files by URL path, e.g. a local office.js for offline tests. */
  readonly extraFiles?: Readonly<Record<string, string>>;
  /**
   * Refuse to be shown inside another site's frame (the web demo: a framed page could trick
   * the seller's click onto "Use" a link's API address). Never for the Excel files: Excel on
   * the web shows the task pane in a frame.
   */
  readonly ownWindowOnly?: boolean;
}

export interface AddinServer {
  /** Origin, e.g. https://localhost:3000 (no trailing slash). */
  readonly url: string;
  close(): Promise<void>;
}

/** Start serving; resolves once listening. */
export async function startAddinServer(options: AddinServerOptions): Promise<AddinServer> {
  const root = path.resolve(options.root);
  const handler = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS");
    res.setHeader("Access-Control-Allow-Headers", "*");
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (options.ownWindowOnly) {
      res.setHeader("Content-Security-Policy", "frame-ancestors 'none'");
      res.setHeader("X-Frame-Options", "DENY");
    }
    if (req.method === "OPTIONS") {
      res.writeHead(204).end();
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405).end();
      return;
    }
    const found = requestedFile(root, options.extraFiles ?? {}, req.url ?? "/");
    if ("problem" in found) {
      res.writeHead(found.status, { "Content-Type": "text/plain" }).end(found.problem);
      return;
    }
    res.writeHead(200, {
      "Content-Type": CONTENT_TYPES[path.extname(found.file)] ?? "application/octet-stream",
    });
    if (req.method === "HEAD") res.end();
    // A file that cannot be read after all ends this answer, never the process.
    else
      createReadStream(found.file)
        .on("error", () => res.destroy())
        .pipe(res);
  };
  // One bad request must not end `npm start` (and the API server with it): a handler that
  // throws anyway answers 500 for that request only.
  const safe = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    try {
      handler(req, res);
    } catch {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
      res.end("internal error");
    }
  };
  const server = options.tls
    ? https.createServer({ key: options.tls.key, cert: options.tls.cert }, safe)
    : http.createServer(safe);
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host === "127.0.0.1" && options.tls ? "localhost" : host;
  return {
    url: `${options.tls ? "https" : "http"}://${shownHost}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Longest request path served (ours are short); a longer one is refused before any work. */
const MAX_PATH_CHARS = 2048;

type Found =
  { readonly file: string } | { readonly status: 400 | 404 | 414; readonly problem: string };

/**
 * The file a request path names inside root (index: taskpane.html). Paths that cannot name a
 * file here (bad percent-encoding, NUL, a step out of the folder, far too long) answer 4xx.
 */
function requestedFile(root: string, extra: Readonly<Record<string, string>>, url: string): Found {
  const raw = url.split(/[?#]/)[0] ?? "/";
  if (raw.length > MAX_PATH_CHARS)
    return { status: 414, problem: `path longer than ${MAX_PATH_CHARS} characters` };
  let pathname: string;
  try {
    pathname = decodeURIComponent(raw.replace(/\/+$/, "") || "/taskpane.html");
  } catch {
    return { status: 400, problem: "bad percent-encoding in the path" };
  }
  if (!pathname.startsWith("/") || pathname.includes("\0"))
    return { status: 400, problem: "not a file path" };
  if (pathname.split(/[\\/]/).includes(".."))
    return { status: 400, problem: "paths may not step out of the folder (..)" };
  const notFound = { status: 404, problem: "not found" } as const;
  if (Object.hasOwn(extra, pathname)) {
    const mapped = extra[pathname] ?? "";
    return existsSync(mapped) ? { file: mapped } : notFound;
  }
  const file = path.resolve(root, "." + pathname);
  if (file !== root && !file.startsWith(root + path.sep)) return notFound;
  return existsSync(file) && statSync(file).isFile() ? { file } : notFound;
}
