/**
 * Which stops a job waits out and goes on from (no quota yet, a 5xx burst the driver's retries
 * did not outlast, no connection, Apps Script's own busy services, an Excel batch lost with its
 * connection or service), and which end it (a key rejected, a request the API refuses, a sheet
 * deleted under it).
 */
import { isApiError, messageOf } from "../../core/errors";
import { isWaitingForQuota } from "../../core/schedule/waiting";

/** A stop that passes: the job waits and goes on from its checkpoint. */
export function isPassing(e: unknown): boolean {
  if (isWaitingForQuota(e)) return true;
  if (isApiError(e)) return e.retryable && e.code !== "AUTH";
  return /timed out|too many times|try again|temporar|service error|connection|unavailable/i.test(
    messageOf(e),
  );
}
