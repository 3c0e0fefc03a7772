/**
 * What both drivers need from their host, and the counters they keep so benchmarks and
 * tests can assert requests per 1,000 cells.
 */
import { endpointById } from "../api/endpoints";
import type { EndpointSpec } from "../api/types";
import type { ResponseCache } from "./cache";
import type { RandomSource } from "./clock";
import type { RetryPolicy } from "./retry";
import type { Breaker } from "./schedule/breaker";
import type { RequestShare } from "./schedule/jobShare";
import type { Quota } from "./schedule/quota";

/** Finds an endpoint's spec by id (the real table: endpointById from src/api/endpoints). */
export type EndpointLookup = (id: string) => EndpointSpec;

/** Counters a driver keeps. */
export interface DriverStats {
  /** HTTP requests sent (retries included). */
  requests: number;
  /** Calls, or ids of batch calls, answered from the cache. */
  cacheHits: number;
  cacheMisses: number;
  retries: number;
  /** Calls answered with a stale cached value because the API failed. */
  staleServed: number;
  /** Times the client-side rate limiter made us wait. */
  rateLimitWaits: number;
  /** Requests a shop-wide list answered in place of per-product requests. */
  listRequests: number;
}

/** Fresh zeroed counters. */
export function createDriverStats(): DriverStats {
  return {
    requests: 0,
    cacheHits: 0,
    cacheMisses: 0,
    retries: 0,
    staleServed: 0,
    rateLimitWaits: 0,
    listRequests: 0,
  };
}

/** Settings shared by the sync and async drivers. */
export interface CommonEnv {
  /** Normalised base URL (normaliseBaseUrl). */
  readonly baseUrl: string;
  /** The user's key; missing -> NO_KEY. */
  readonly apiKey: string | null | undefined;
  /** Endpoint table lookup; defaults to endpointById (tests pass hand-made specs). */
  readonly endpoints?: EndpointLookup;
  readonly cache?: ResponseCache;
  /** The key's request quota (60 a minute with a margin, 429 pauses). */
  readonly quota?: Quota;
  /** The circuit breaker for this key on this server. */
  readonly breaker?: Breaker;
  /** "Answer many product cells from shop-wide lists" (default on). */
  readonly substituteLists?: boolean;
  /** A job's requests leave room for cells in the quota (jobShare.ts); default a cell's. */
  readonly share?: RequestShare;
  /** The seller paused live calls: answer from the cache (even past its time) or say so. */
  readonly paused?: boolean;
  readonly retry?: RetryPolicy;
  readonly random?: RandomSource;
  /** Counters to add to; the driver creates its own when absent. */
  readonly stats?: DriverStats;
  /**
   * Told when a stale cached value stands in for a failed call, with when that value was
   * stored (ms): the host says so beside the cells ("figures from 14:05").
   */
  readonly onStale?: (endpoint: string, storedAt: number) => void;
  /** Told when the API rejected the key (401/403): the host shows the key's status red. */
  readonly onRejectedKey?: () => void;
}

/** The env's endpoint lookup, or the real table. */
export function endpointLookup(env: Pick<CommonEnv, "endpoints">): EndpointLookup {
  return env.endpoints ?? endpointById;
}
