/**
 * A loopback HTTP proxy in front of the reference server: counts requests per path (the
 * measure of batching), can hold requests in flight, and can go down (every socket cut,
 * connections refused) and come back on the same port, like a server killed and restarted.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface CountingProxy {
  /** e.g. http://127.0.0.1:40123 */
  readonly baseUrl: string;
  /** Non-preflight requests by path since the last reset. */
  count(pathPrefix?: string): number;
  /** Every counted request (method, path, body) since the last reset. */
  readonly log: Array<{ method: string; path: string; body: string }>;
  reset(): void;
  /** Keep incoming requests waiting (not forwarded) until `release()` or `goDown()`. */
  hold(): void;
  release(): void;
  /** Requests waiting because of hold(). */
  readonly held: number;
  /** Cut every connection and stop listening. */
  goDown(): Promise<void>;
  /** Listen again on the same port. */
  comeBack(): Promise<void>;
  /** Answer the next `count` requests with 429 and this Retry-After, as an API would. */
  refuseNext(count: number, retryAfterSec: number): void;
  /** A slow proxy: every request, preflight too, first waits for `delay()`; null: none. */
  slowLegs(delay: (() => Promise<void>) | null): void;
  /** Requests waiting in slowLegs' delay. */
  readonly delaying: number;
  /** Up (not gone down, or come back). */
  readonly listening: boolean;
  /** Status of every answered request, in order (429s included). */
  readonly statuses: number[];
  close(): Promise<void>;
}

/** Start a proxy to `target` (an http://127.0.0.1:port origin). */
export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const upstream = new URL(target);
  const log: Array<{ method: string; path: string; body: string }> = [];
  const sockets = new Set<Socket>();
  let holding = false;
  let refusals: { left: number; retryAfterSec: number } = { left: 0, retryAfterSec: 0 };
  const statuses: number[] = [];
  let waiting: Array<() => void> = [];
  let legDelay: (() => Promise<void>) | null = null;
  let delaying = 0;

  const forward = (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): void => {
    const out = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (up) => {
        if (req.method !== "OPTIONS") statuses.push(up.statusCode ?? 502);
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    out.on("error", () => res.destroy());
    out.end(body);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      if (req.method !== "OPTIONS")
        log.push({ method: req.method ?? "", path: req.url ?? "", body: body.toString("utf8") });
      if (req.method !== "OPTIONS" && refusals.left > 0) {
        refusals.left--;
        statuses.push(429);
        res.writeHead(429, {
          "content-type": "application/json",
          "retry-after": String(refusals.retryAfterSec),
          "access-control-allow-origin": String(req.headers.origin ?? "*"),
          "access-control-expose-headers": "Retry-After",
        });
        res.end(
          JSON.stringify({
            status: "ERROR",
            statusCode: 429,
            message: "Too many requests",
            errors: [],
          }),
        );
        return;
      }
      const go = (): void => forward(req, res, body);
      const onward = (): void => {
        if (holding && req.method !== "OPTIONS") waiting.push(go);
        else go();
      };
      if (!legDelay) return onward();
      // A request the client gave up on (its socket closed) is no longer waited for.
      let waited = true;
      const done = (): boolean => waited && !(waited = false) && (delaying--, true);
      delaying++;
      const socket = req.socket;
      socket.once("close", done);
      void legDelay().then(() => {
        socket.off("close", done);
        if (done()) onward();
      });
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const goDown = async (): Promise<void> => {
    waiting = [];
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    log,
    statuses,
    refuseNext: (count, retryAfterSec) => {
      refusals = { left: count, retryAfterSec };
    },
    slowLegs: (delay) => {
      legDelay = delay;
    },
    get listening() {
      return server.listening;
    },
    get delaying() {
      return delaying;
    },
    count: (prefix = "") => log.filter((e) => e.path.startsWith(prefix)).length,
    reset: () => {
      log.length = 0;
      statuses.length = 0;
    },
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      const go = waiting;
      waiting = [];
      for (const f of go) f();
    },
    get held() {
      return waiting.length;
    },
    goDown,
    comeBack: () =>
      new Promise<void>((resolve, reject) => {
        holding = false;
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => resolve());
      }),
    close: async () => {
      if (server.listening) await goDown();
    },
  };
}
