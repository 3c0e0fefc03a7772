/**
 * One bad request must not end `npm start` (issue 22, item 2: a single `GET /%E0%A4%A` used
 * to throw in decodeURIComponent and end every server). The real start process serves the
 * built dist/ on free ports; each static port (web demo over http, Excel files over https)
 * gets 10,000 seeded random paths with odd methods and headers, plus raw requests no client
 * library would send. Every answer is 2xx/3xx/4xx, never 5xx, and the process lives on.
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import fc from "fast-check";
import { spawnOwned, stopGroup } from "../helpers/ownedProcesses";

const ROOT = path.resolve(__dirname, "..", "..");
const PATHS_PER_PORT = 10_000;
const SEED = 22;

jest.setTimeout(240_000);

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Pieces a hostile or broken client puts in a path. */
const PIECE = fc.oneof(
  fc.constantFrom(
    "/",
    "//",
    ".",
    "..",
    "/../",
    "..%2f",
    "%2e%2e/",
    "%2e%2e%5c",
    "\\..\\",
    "%00",
    "%E0%A4%A",
    "%",
    "%%",
    "%zz",
    "%ff",
    "%c0%af",
    "%u2215",
    "%25",
    "%2F",
    "?",
    "?a=%",
    "#",
    "index.html",
    "taskpane.html",
    "manifest.xml",
    "app.js",
    "functions.json",
    "~",
    ";",
    "*",
    "@",
    "%0d%0a",
    "__proto__",
    "constructor",
    "/etc/passwd",
    "%F0%9F%98%80",
    "%C3%A9",
  ),
  fc.string({ unit: fc.constantFrom(..."abc%/.\\~-_:;=&+$!'()*,09AF"), maxLength: 12 }),
  fc.string({ unit: "binary-ascii", maxLength: 8 }).map(encodeURIComponent),
);
const PATH = fc.oneof(
  { weight: 20, arbitrary: fc.array(PIECE, { maxLength: 12 }).map((p) => "/" + p.join("")) },
  // Very long: past the server's own limit, and past Node's 16 KB header limit.
  {
    weight: 1,
    arbitrary: fc.integer({ min: 2_000, max: 20_000 }).map((n) => "/" + "a/".repeat(n / 2)),
  },
);
const METHOD = fc.oneof(
  { weight: 12, arbitrary: fc.constant("GET") },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "HEAD",
      "OPTIONS",
      "POST",
      "PUT",
      "DELETE",
      "PATCH",
      "TRACE",
      "PROPFIND",
    ),
  },
);
/** Headers a client library still sends, with values a server must not trip on. */
const HEADERS = fc.dictionary(
  fc.constantFrom(
    "range",
    "if-modified-since",
    "if-none-match",
    "accept-encoding",
    "origin",
    "cookie",
    "x-forwarded-for",
    "content-type",
    "accept",
    "referer",
    "x-weird",
  ),
  fc.oneof(
    fc.constantFrom(
      "bytes=abc",
      "bytes=-1-2",
      "bytes=99999999999999999999-",
      "*",
      "gzip;q=x",
      "null",
      "",
      "%E0%A4%A",
    ),
    fc.string({ unit: "binary-ascii", maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, "")),
    fc.integer({ min: 1, max: 6_000 }).map((n) => "x".repeat(n)),
  ),
  { maxKeys: 4 },
);

interface Case {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
}

interface Tally {
  readonly byStatus: Map<number, number>;
  readonly errors: string[];
  slowestMs: number;
}

/** Send every case over a few keep-alive connections; count statuses and failures. */
async function fuzz(port: number, secure: boolean, cases: readonly Case[]): Promise<Tally> {
  const lib = secure ? https : http;
  const agent = new lib.Agent({ keepAlive: true, maxSockets: 8 });
  const tally: Tally = { byStatus: new Map(), errors: [], slowestMs: 0 };
  const one = (c: Case): Promise<void> =>
    new Promise((resolve) => {
      const started = Date.now();
      const done = (status: number | null, error?: string): void => {
        tally.slowestMs = Math.max(tally.slowestMs, Date.now() - started);
        if (status !== null) tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1);
        if (error && tally.errors.length < 20)
          tally.errors.push(`${c.method} ${c.path.slice(0, 80)}: ${error}`);
        resolve();
      };
      const req = lib.request(
        {
          host: "127.0.0.1",
          port,
          method: c.method,
          path: c.path,
          headers: c.headers,
          agent,
          rejectUnauthorized: false,
          timeout: 10_000,
        },
        (res) => {
          res.resume();
          res.on("end", () => done(res.statusCode ?? 0));
          res.on("error", (e) => done(res.statusCode ?? 0, e.message));
        },
      );
      req.on("timeout", () => req.destroy(new Error("no answer within 10 s")));
      req.on("error", (e) => done(null, e.message));
      req.end();
    });
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < cases.length) await one(cases[next++] as Case);
    }),
  );
  agent.destroy();
  return tally;
}

/** What a raw request (bytes no client library sends) gets back: its status line, or "closed". */
function raw(port: number, secure: boolean, bytes: string): Promise<string> {
  return new Promise((resolve) => {
    let got = "";
    const socket = secure
      ? tls.connect({ host: "127.0.0.1", port, rejectUnauthorized: false })
      : net.connect({ host: "127.0.0.1", port });
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on(secure ? "secureConnect" : "connect", () => socket.write(bytes, "latin1"));
    socket.on("data", (c: Buffer) => {
      got += c.toString("latin1");
      if (got.includes("\r\n")) socket.destroy();
    });
    socket.on("error", () => undefined);
    socket.on("close", () => resolve(got.split("\r\n")[0] || "closed"));
  });
}

const RAW_REQUESTS = [
  "GET /%E0%A4%A HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET /a\0b HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET /a b/c HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET /../../../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET /..\\..\\etc\\passwd HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET http://evil.example/index.html HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET * HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET /\xe9\xff HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET / HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n",
  "GET / HTTP/1.1\r\nHost: x\r\nX: a\0b\r\n\r\n",
  "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
  "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n",
  `GET / HTTP/1.1\r\nHost: x\r\nX: ${"y".repeat(20_000)}\r\n\r\n`,
  "GET / HTTP/9.9\r\nHost: x\r\n\r\n",
  "\r\n\r\n\r\n",
  "NOT A REQUEST AT ALL\r\n\r\n",
  "\x16\x03\x01\x00\x05hello", // a TLS hello to the http port, garbage to the https one
];

describe("npm start's static file servers under a fuzz of paths and headers", () => {
  let child: ChildProcess;
  let output = "";
  let ports: { api: number; web: number; excel: number };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "mkt-fuzz-data-"));
  const home = mkdtempSync(path.join(os.tmpdir(), "mkt-fuzz-home-"));

  beforeAll(async () => {
    for (const file of ["web/index.html", "excel/manifest.xml"])
      if (!existsSync(path.join(ROOT, "dist", file)))
        throw new Error(`dist/${file} is missing: run npm run build first (npm test does)`);
    ports = { api: await freePort(), web: await freePort(), excel: await freePort() };
    child = spawnOwned(process.execPath, ["--import", "tsx", "build/start.ts"], {
      cwd: ROOT,
      env: {
        ...process.env,
        MKT_START_SKIP_BUILD: "1",
        MKT_API_PORT: String(ports.api),
        MKT_WEB_PORT: String(ports.web),
        MKT_EXCEL_PORT: String(ports.excel),
        MKT_DATA_DIR: dataDir,
        HOME: home,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (c: Buffer) => (output += c.toString("utf8")));
    child.stderr?.on("data", (c: Buffer) => (output += c.toString("utf8")));
    const until = Date.now() + 60_000;
    while (!/Add-in files at https:/.test(output)) {
      if (child.exitCode !== null || Date.now() > until)
        throw new Error(`npm start did not come up:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  afterAll(async () => {
    // Its whole process group, SIGKILL after a grace: ended even if it never came up.
    if (child) await stopGroup(child, "SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  });

  const cases: Case[] = fc.sample(fc.record({ method: METHOD, path: PATH, headers: HEADERS }), {
    seed: SEED,
    numRuns: PATHS_PER_PORT,
  });

  test.each([
    ["web demo", "web", false],
    ["Excel files", "excel", true],
  ] as const)("%s: 10,000 random paths, 0 crashes, 0 5xx", async (_name, which, secure) => {
    const port = ports[which];
    const started = Date.now();
    const tally = await fuzz(port, secure, cases);
    const rawAnswers = await Promise.all(RAW_REQUESTS.map((bytes) => raw(port, secure, bytes)));
    const tookMs = Date.now() - started;
    const statuses = Object.fromEntries([...tally.byStatus].sort((a, b) => a[0] - b[0]));
    console.log(
      `${which}: ${cases.length} paths in ${tookMs} ms (slowest ${tally.slowestMs} ms), statuses ${JSON.stringify(statuses)}, raw: ${rawAnswers.join(" | ")}`,
    );
    expect(tally.errors).toEqual([]);
    expect([...tally.byStatus.values()].reduce((a, b) => a + b, 0)).toBe(cases.length);
    expect([...tally.byStatus.keys()].filter((s) => s >= 500 || s < 200)).toEqual([]);
    for (const line of rawAnswers) expect(line).toMatch(/^(HTTP\/1\.[01] 4\d\d|closed)/);
    expect(child.exitCode).toBeNull();
    // Still serving, and the API server beside it still answers.
    const page = await fetchStatus(
      port,
      secure,
      which === "web" ? "/index.html" : "/taskpane.html",
    );
    expect(page).toBe(200);
    const api = await fetch(`http://127.0.0.1:${ports.api}/`);
    expect(api.status).toBeLessThan(500);
  });

  test("the paths that used to end it answer 400, in words", async () => {
    for (const [which, secure] of [
      ["web", false],
      ["excel", true],
    ] as const) {
      const port = ports[which];
      expect(await fetchStatus(port, secure, "/%E0%A4%A")).toBe(400);
      expect(await fetchStatus(port, secure, "/%2e%2e/%2e%2e/etc/passwd")).toBe(400);
      expect(await fetchStatus(port, secure, "/index.html%00.png")).toBe(400);
      expect(await fetchStatus(port, secure, "/" + "a".repeat(3_000))).toBe(414);
    }
    expect(child.exitCode).toBeNull();
  });
});

function fetchStatus(port: number, secure: boolean, pathName: string): Promise<number> {
  const lib = secure ? https : http;
  return new Promise((resolve, reject) => {
    lib
      .get({ host: "127.0.0.1", port, path: pathName, rejectUnauthorized: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on("error", reject);
  });
}
