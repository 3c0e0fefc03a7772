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

/**
 * `requestBudgetMs` longer than the server's 500 ms makes exact counts hold on a busy machine:
 * a 503 for time is asked again with the same body, which a test of "no request twice" must not
 * take for the add-in asking twice.
 */
export async function countedServer(
  options: { readonly requestBudgetMs?: number; readonly msPerBudgetCheck?: number } = {},
): Promise<{ server: TestServer; seen: Counted[] }> {
  const seen: Counted[] = [];
  const server = await startTestServer({
    handlers: countingHandlers(seen),
    hostileNames: false,
    ...options,
  });
  return { server, seen };
}

/** Requests per endpoint among `seen` (from `from` on). */
export function perEndpoint(seen: readonly Counted[], from = 0): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of seen.slice(from)) out[s.endpoint] = (out[s.endpoint] ?? 0) + 1;
  return out;
}
