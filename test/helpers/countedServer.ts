/**
 * The reference server with its real handlers, each request counted at the server by endpoint
 * with the size of its `models` list (a pricing sheet's batches), for tests that say what a
 * feature costs in requests.
 */
import { ALL_HANDLERS } from "../../src/server/endpoints";
import type { EndpointHandler } from "../../src/server/handler";
import { startTestServer, type TestServer } from "./server";

export interface Counted {
  readonly endpoint: string;
  /** Elements of the body's `models` list (0 when it has none). */
  readonly models: number;
  readonly body: Record<string, unknown>;
}

/** The real handlers, each request pushed to `seen` before it is answered. */
export function countingHandlers(seen: Counted[]): Record<string, EndpointHandler> {
  const handlers: Record<string, EndpointHandler> = {};
  for (const [endpoint, handler] of Object.entries(ALL_HANDLERS)) {
    handlers[endpoint] = (ctx) => {
      const models = Array.isArray(ctx.body.models) ? ctx.body.models.length : 0;
      seen.push({ endpoint, models, body: ctx.body });
      return handler(ctx);
    };
  }
  return handlers;
}

export async function countedServer(): Promise<{ server: TestServer; seen: Counted[] }> {
  const seen: Counted[] = [];
  const server = await startTestServer({ handlers: countingHandlers(seen), hostileNames: false });
  return { server, seen };
}

/** Requests per endpoint among `seen` (from `from` on). */
export function perEndpoint(seen: readonly Counted[], from = 0): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of seen.slice(from)) out[s.endpoint] = (out[s.endpoint] ?? 0) + 1;
  return out;
}
