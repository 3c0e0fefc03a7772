/**
 * The reference server for the benchmarks, in its own process (the Sheets harness blocks its
 * thread on synchronous HTTP, so the server cannot share it). Demo data at `--scale`, the rate
 * limit raised out of the way, and a count of the API requests it answered (CORS preflights
 * left out) behind GET/DELETE /__bench/requests. Prints one JSON line: base URL and a demo key.
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { Catalogue } from "../src/server/data/largeCatalogue";

/** What the parent gets back. */
export interface BenchServer {
  readonly baseUrl: string;
  readonly key: string;
  /** API requests answered since the last reset. */
  requests(): Promise<number>;
  /** Of them, per endpoint id (A7, B8, ...) the handler ran for; `refused`: answered 429. */
  byEndpoint(): Promise<{ readonly endpoints: Record<string, number>; readonly refused: number }>;
  reset(): Promise<void>;
  stop(): Promise<void>;
}

const TODAY = "2025-06-30";

async function serve(
  scale: number,
  catalogue: Catalogue,
  perMinute: number,
  budgetMs: number | null,
): Promise<void> {
  const { buildServer } = await import("../src/server/app");
  const { generateDemoData } = await import("../src/server/data/generate");
  const { ALL_HANDLERS } = await import("../src/server/endpoints");
  const { KeyStore } = await import("../src/server/keys/store");
  const { useServerHeapPolicy } = await import("../src/server/heap");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mkt-bench-server-"));
  const keyStore = new KeyStore(dataDir);
  const key = keyStore.create({ label: "bench", account: "demo" }).token;
  // As npm start serves; MKT_BENCH_DEFAULT_HEAP=1 leaves V8's own heap growth, to compare.
  if (process.env.MKT_BENCH_DEFAULT_HEAP !== "1") useServerHeapPolicy();
  let endpoints: Record<string, number> = {};
  let refused = 0;
  const handlers = Object.fromEntries(
    Object.entries(ALL_HANDLERS).map(([id, handler]) => [
      id,
      (ctx: Parameters<typeof handler>[0]) => {
        endpoints[id] = (endpoints[id] ?? 0) + 1;
        return handler(ctx);
      },
    ]),
  );
  const app = buildServer({
    handlers,
    data: generateDemoData({ seed: 1, scale, today: TODAY, catalogue }),
    keyStore,
    today: TODAY,
    rateLimitPerMinute: perMinute,
    ...(budgetMs ? { requestBudgetMs: budgetMs } : {}),
  });
  let answered = 0;
  app.addHook("onRequest", async (request) => {
    if (request.method !== "OPTIONS" && !request.url.startsWith("/__bench/")) answered += 1;
  });
  app.addHook("onResponse", async (request, reply) => {
    if (reply.statusCode === 429 && !request.url.startsWith("/__bench/")) refused += 1;
  });
  app.get("/__bench/requests", async () => ({ requests: answered, endpoints, refused }));
  app.delete("/__bench/requests", async () => {
    answered = 0;
    endpoints = {};
    refused = 0;
    return { requests: 0 };
  });
  const baseUrl = await app.listen({ host: "127.0.0.1", port: 0 });
  process.stdout.write(JSON.stringify({ baseUrl, key }) + "\n");
  const stop = (): void => {
    void app.close().then(() => {
      keyStore.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  };
  process.on("SIGTERM", stop);
  process.stdin.on("end", stop); // the parent is gone
  process.stdin.resume();
}

/**
 * Start the bench server in a child process at this demo-data scale (and catalogue: "large"
 * adds the team's 10,000 products, src/server/data/largeCatalogue.ts). `perMinute`: the key's
 * limit, out of the way unless a bench measures against the API's real 60.
 */
export async function startBenchServer(
  scale: number,
  catalogue: Catalogue = "demo",
  perMinute = 100_000_000,
  /** The server's time for one request before it answers 503 (default its own 500 ms). */
  budgetMs: number | null = null,
): Promise<BenchServer> {
  const root = path.resolve(__dirname, "..");
  const child: ChildProcess = spawn(
    process.execPath,
    [
      path.join(root, "node_modules", "tsx", "dist", "cli.mjs"),
      __filename,
      String(scale),
      catalogue,
      String(perMinute),
      String(budgetMs ?? ""),
    ],
    { cwd: root, stdio: ["pipe", "pipe", "inherit"] },
  );
  const info = await new Promise<{ baseUrl: string; key: string }>((resolve, reject) => {
    let buffer = "";
    const timer = setTimeout(
      () => reject(new Error("bench server did not start in 10 min")),
      // The large catalogue's data takes minutes on a loaded machine.
      600_000,
    );
    child.stdout?.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      const nl = buffer.indexOf("\n");
      if (nl >= 0) {
        clearTimeout(timer);
        resolve(JSON.parse(buffer.slice(0, nl)) as { baseUrl: string; key: string });
      }
    });
    child.once("exit", (code) => reject(new Error(`bench server exited (${code})`)));
  });
  const counter = `${info.baseUrl}/__bench/requests`;
  return {
    ...info,
    async requests() {
      const res = await fetch(counter);
      return ((await res.json()) as { requests: number }).requests;
    },
    async byEndpoint() {
      const res = await fetch(counter);
      const { endpoints, refused } = (await res.json()) as {
        endpoints: Record<string, number>;
        refused: number;
      };
      return { endpoints, refused };
    },
    async reset() {
      await fetch(counter, { method: "DELETE" });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

if (require.main === module) {
  serve(
    Number(process.argv[2] ?? "1"),
    process.argv[3] === "large" ? "large" : "demo",
    Number(process.argv[4] ?? 100_000_000),
    Number(process.argv[5] ?? "") || null,
  ).catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
