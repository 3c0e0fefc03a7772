/** The contract between the HTTP layer and the endpoint handlers. */
import type { DemoAccount, DemoData } from "./data/model";

export interface HandlerContext {
  /** The account that owns the API key; handlers must see only its shops (else 404). */
  readonly account: DemoAccount;
  readonly data: DemoData;
  /** Server's "today" (YYYY-MM-DD), from --today or the clock. */
  readonly today: string;
  /** Validated body with the spec's defaults applied ("today" already resolved). */
  readonly body: Readonly<Record<string, unknown>>;
  /** Path parameters, converted to their declared types. */
  readonly path: Readonly<Record<string, string | number>>;
}

/** Computes an endpoint's `data`; throws ApiProblem for 404/422. */
export type EndpointHandler = (ctx: HandlerContext) => unknown;
