/**
 * Starts the reference server for an HTTP test: on 127.0.0.1, an ephemeral port, a temporary
 * data folder, the demo data (seed 1) and, unless the test says otherwise, the real handlers
 * and a rate limit high enough never to trigger.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { EndpointSpec } from "../../src/api/types";
import { buildServer, type ServerLogOptions } from "../../src/server/app";
import { generateDemoData } from "../../src/server/data/generate";
import type { DemoData } from "../../src/server/data/model";
import type { EndpointHandler } from "../../src/server/handler";
import { KeyStore } from "../../src/server/keys/store";

export interface TestServerOptions {
  /** Server's today (default 2025-06-30, so data and answers are stable). */
  readonly today?: string;
  /** Demo data scale (default 1). */
  readonly scale?: number;
  /** Requests per minute per key (default 100000). */
  readonly rateLimitPerMinute?: number;
  /** Failed authentications per minute per address (default 100000: tests send many bad keys). */
  readonly authFailuresPerMinute?: number;
  /** Handlers by endpoint id (default: all of src/server/endpoints). */
  readonly handlers?: Readonly<Record<string, EndpointHandler>>;
  /**
   * Give the first demo products hostile names (formula look-alikes, a 500-character name...),
   * the test data every host must survive. Default true; false serves the demo as `npm start` does.
   */
  readonly hostileNames?: boolean;
  /** Data to serve instead of generated demo data. */
  readonly data?: DemoData;
  /** Endpoint table (default ENDPOINTS). */
  readonly endpoints?: readonly EndpointSpec[];
  /** Time one request may compute before a 503 (default: the server's 500 ms). */
  readonly requestBudgetMs?: number;
  /** Each budget check costs this many ms of a counted clock: a slow server, exactly (budget.ts). */
  readonly msPerBudgetCheck?: number;
  /** Capture log lines (logging is off otherwise). */
  readonly logger?: ServerLogOptions;
  /** Use this data folder (e.g. to restart on the same key store); not deleted on close. */
  readonly dataDir?: string;
  /** The rate limiter's clock (a scaled clock shared with the client, the Sheets simulator's). */
  readonly now?: () => number;
}

export interface TestServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  readonly baseUrl: string;
  /** Creates a key for an account ("demo" or "rival"); negative days give an expired key. */
  keyFor(account: string, opts?: { expiresInDays?: number }): string;
  /** Revokes the key of this token. */
  revoke(token: string): void;
  readonly dataDir: string;
  close(): Promise<void>;
}

/** Starts a server; always `await close()` (afterAll). */
export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const today = opts.today ?? "2025-06-30";
  const ownDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "mkt-server-test-"));
  const keyStore = new KeyStore(dataDir, { flushIntervalMs: 200 });
  const handlers = opts.handlers ?? (await import("../../src/server/endpoints")).ALL_HANDLERS;
  const data =
    opts.data ??
    generateDemoData({
      seed: 1,
      scale: opts.scale ?? 1,
      today,
      hostileNames: opts.hostileNames ?? true,
    });
  const app = buildServer({
    handlers,
    data,
    keyStore,
    today,
    rateLimitPerMinute: opts.rateLimitPerMinute ?? 100_000,
    authFailuresPerMinute: opts.authFailuresPerMinute ?? 100_000,
    ...(opts.endpoints ? { endpoints: opts.endpoints } : {}),
    ...(opts.logger ? { logger: opts.logger } : {}),
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.requestBudgetMs ? { requestBudgetMs: opts.requestBudgetMs } : {}),
    ...(opts.msPerBudgetCheck ? { msPerBudgetCheck: opts.msPerBudgetCheck } : {}),
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("server has no TCP address");
  let labelCount = 0;
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    dataDir,
    keyFor(account, keyOpts = {}) {
      labelCount += 1;
      return keyStore.create({
        label: `test key ${labelCount}`,
        account,
        expiresInDays: keyOpts.expiresInDays ?? null,
      }).token;
    },
    revoke(token) {
      keyStore.revoke(token);
    },
    async close() {
      await app.close();
      keyStore.close();
      if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
