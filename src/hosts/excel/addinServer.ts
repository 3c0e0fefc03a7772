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
    if (req.method === "OPTIONS") {
      res.writeHead(204).end();
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405).end();
      return;
    }
    const file = resolveFile(root, options.extraFiles ?? {}, req.url ?? "/");
    if (!file) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
      return;
    }
    res.writeHead(200, {
      "Content-Type": CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream",
    });
    if (req.method === "HEAD") res.end();
    else createReadStream(file).pipe(res);
  };
  const server = options.tls
    ? https.createServer({ key: options.tls.key, cert: options.tls.cert }, handler)
    : http.createServer(handler);
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

/** The file a URL path names inside root (index: taskpane.html), or null. */
export function resolveFile(
  root: string,
  extra: Readonly<Record<string, string>>,
  url: string,
): string | null {
  const pathname = decodeURIComponent(
    (url.split(/[?#]/)[0] ?? "/").replace(/\/+$/, "") || "/taskpane.html",
  );
  const mapped = extra[pathname];
  if (mapped) return existsSync(mapped) ? mapped : null;
  const file = path.resolve(root, "." + pathname);
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  return existsSync(file) && statSync(file).isFile() ? file : null;
}
