/** A load test of one POST endpoint with autocannon (the part of its API the benches use). */

/** What one load test measured. */
export interface LoadResult {
  /** Mean requests per second over the run. */
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly non2xx: number;
  readonly errors: number;
}

interface AutocannonOptions {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  connections: number;
  duration: number;
}
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
// The package ships no types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require("autocannon") as (
  options: AutocannonOptions,
) => Promise<AutocannonResult>;

/** POST `body` to `url` from `connections` connections for `durationSeconds`. */
export async function loadTest(o: {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  connections: number;
  durationSeconds: number;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: o.url,
    method: "POST",
    headers: o.headers,
    body: JSON.stringify(o.body),
    connections: o.connections,
    duration: o.durationSeconds,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
