/**
 * The server's two 429s, each with its own sentence: a key over its rate limit (spec 8), and an
 * address (and key) that failed to authenticate too often (authThrottle.ts).
 */
import type { FailureVerdict } from "./authThrottle";
import { ApiProblem } from "./problem";

/** A 429 that carries its Retry-After seconds to the error handler. */
export class RateLimited extends ApiProblem {
  constructor(
    readonly retryAfterSeconds: number,
    limit: number,
  ) {
    super(
      429,
      `Too many requests: this key may make ${limit} requests per minute. Retry in ${retryAfterSeconds} s.`,
      [{ field: "Authorization", problem: `over ${limit} requests per minute for this key` }],
    );
  }
}

/**
 * A 429 for a request whose key was not accepted, from an address (and key) that failed too
 * often (authThrottle.ts). Its sentence is what a client shows as it is: what happened, that
 * the key is at fault, what to do, when to retry. WWW-Authenticate says that other credentials
 * would be answered (RFC 9110 11.6.1), which tells it from the key's rate limit.
 */
export class TooManyFailures extends ApiProblem {
  constructor(readonly verdict: FailureVerdict) {
    const { keySent, scope, limit, waitSeconds } = verdict;
    const what = keySent
      ? "This API key was not accepted"
      : "No API key was sent (the Authorization header is missing)";
    const count =
      scope === "address"
        ? `your address failed to authenticate more than ${limit} times in a minute`
        : keySent
          ? `it failed more than ${limit} times in a minute from your address`
          : `requests without a key failed more than ${limit} times in a minute from your address`;
    const todo = keySent
      ? "check that the whole key was pasted, or create a new one in Settings → API keys"
      : 'send "Authorization: Bearer <API key>"';
    super(
      429,
      `${what}, and ${count}: ${todo}. Valid keys are not held back. Retry in ${waitSeconds} s.`,
      [
        {
          field: "Authorization",
          problem: `was not accepted, after more than ${limit} failures a minute`,
        },
      ],
    );
  }
}
