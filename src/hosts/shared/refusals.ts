/**
 * Calls the API refused for their arguments (HTTP 400 or 422): the same arguments get the same
 * refusal, so a refresh of such a cell answers it again without a request until the seller
 * changes its arguments (new arguments are another call). Kept in the runtime's memory by a
 * hash of key, base URL, endpoint and arguments: the key itself is in no map key.
 */
import { cacheOwner } from "../../core/callPlan";
import type { CommonEnv } from "../../core/driverEnv";
import type { ApiCall, Settled } from "../../core/effects";
import { canonicalJson, sha256Hex } from "../../core/hash";
import { isApiError } from "../../core/errors";

/** Refusals kept at most (the oldest go first): a sheet of bad rows must not grow without end. */
const MAX_REFUSALS = 2_000;

/** Refused calls of this runtime (see the file comment). */
export class Refusals {
  private readonly refused = new Map<string, Settled<unknown>>();

  /** The refusal these very arguments got, or undefined: ask. */
  known(env: CommonEnv, call: ApiCall): Settled<unknown> | undefined {
    return this.refused.get(keyOf(env, call));
  }

  /** Remember a refusal for the arguments; any other outcome forgets one. */
  settled(env: CommonEnv, call: ApiCall, outcome: Settled<unknown>): void {
    const key = keyOf(env, call);
    if (!isArgumentRefusal(outcome)) {
      this.refused.delete(key);
      return;
    }
    this.refused.set(key, outcome);
    if (this.refused.size > MAX_REFUSALS) {
      const oldest = this.refused.keys().next();
      if (!oldest.done) this.refused.delete(oldest.value);
    }
  }

  clear(): void {
    this.refused.clear();
  }
}

function isArgumentRefusal(outcome: Settled<unknown>): boolean {
  if (outcome.ok || !isApiError(outcome.error)) return false;
  const { code, status } = outcome.error;
  return code === "BAD_REQUEST" && (status === 400 || status === 422);
}

function keyOf(env: CommonEnv, call: ApiCall): string {
  return sha256Hex(`${cacheOwner(env)}\n${call.endpoint}\n${canonicalJson(call.params)}`);
}
