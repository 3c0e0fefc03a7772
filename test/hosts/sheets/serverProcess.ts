/**
 * The reference server in its own process, so the test thread may block on synchronous
 * "UrlFetchApp" calls without starving it. Prints one JSON line: base URL and API keys.
 * MKT_TEST_SERVER_OPTIONS (JSON, see ServerProcessOptions in harness.ts) may drop endpoints
 * (their routes then answer 404), give some products formula-looking names, or put a strict
 * spec proxy in front (test/helpers/specProxy.ts; its URL is then the base URL), or serve the
 * odd API (test/helpers/oddApi.ts) instead of the reference server.
 */
import { ENDPOINTS } from "../../../src/api/endpoints";
import { startTestServer } from "../../helpers/server";
import { startOddApi } from "../../helpers/oddApi";
import { probeNamedData } from "../../helpers/probeData";
import { startSpecProxy } from "../../helpers/specProxy";
import type { StrictAnswers } from "../../helpers/strictSpec";
import { countingHandlers, type Counted } from "../../helpers/countedServer";

interface Options {
  withoutEndpoints?: string[];
  hostileNames?: boolean;
  strict?: StrictAnswers;
  odd?: boolean;
  rateLimitPerMinute?: number;
  /** Count requests at the server ("seen" on stdin answers them as one JSON line). */
  count?: boolean;
}

/** The odd API alone (test/helpers/oddApi.ts): base URL without a mode, any key works. */
async function serveOddApi(): Promise<void> {
  const odd = await startOddApi();
  const keys = { demo: "mkta_pat_odd", demo2: "mkta_pat_odd2", rival: "mkta_pat_odd3" };
  process.stdout.write(JSON.stringify({ baseUrl: odd.urlFor("").replace(/\/$/, ""), keys }) + "\n");
  const stop = (): void => {
    void odd.close().then(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  process.stdin.on("end", stop);
  process.stdin.resume();
}

async function main(): Promise<void> {
  const options = JSON.parse(process.env.MKT_TEST_SERVER_OPTIONS ?? "{}") as Options;
  if (options.odd) return serveOddApi();
  const dropped = new Set(options.withoutEndpoints ?? []);
  const seen: Counted[] = [];
  const server = await startTestServer({
    ...(options.count ? { handlers: countingHandlers(seen), hostileNames: false } : {}),
    ...(dropped.size > 0 ? { endpoints: ENDPOINTS.filter((e) => !dropped.has(e.id)) } : {}),
    ...(options.hostileNames ? { data: probeNamedData() } : {}),
    ...(options.rateLimitPerMinute ? { rateLimitPerMinute: options.rateLimitPerMinute } : {}),
  });
  const keys = {
    demo: server.keyFor("demo"),
    demo2: server.keyFor("demo"),
    rival: server.keyFor("rival"),
  };
  const proxy = options.strict ? await startSpecProxy(server.baseUrl, options.strict) : null;
  const baseUrl = proxy?.baseUrl ?? server.baseUrl;
  process.stdout.write(JSON.stringify({ baseUrl, keys }) + "\n");
  const stop = (): void => {
    void Promise.all([server.close(), proxy?.close()]).then(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  process.stdin.on("end", stop); // parent gone
  // "revoke <token>" from the parent: the keys CLI's revoke, answered with "revoked".
  process.stdin.on("data", (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (line.trim() === "seen") process.stdout.write(`seen ${JSON.stringify(seen)}\n`);
      const token = /^revoke (\S+)$/.exec(line.trim())?.[1];
      if (!token) continue;
      server.revoke(token);
      process.stdout.write("revoked\n");
    }
  });
  process.stdin.resume();
}

void main();
