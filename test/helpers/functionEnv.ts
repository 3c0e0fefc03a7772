/**
 * The async driver's env for tests that run catalog functions over real HTTP against a test
 * server: the web host's fetch transport, a memory cache, one runtime's scheduling.
 */
import type { AsyncEnv } from "../../src/core/asyncDriver";
import { ResponseCache } from "../../src/core/cache";
import { realAsyncClock } from "../../src/core/clock";
import { Quota } from "../../src/core/schedule/quota";
import { createScheduling } from "../../src/core/schedule/registry";
import { MemoryStore } from "../../src/core/store";
import { fetchTransport as browserFetchTransport } from "../../src/hosts/shared/fetchTransport";
import type { TestServer } from "./server";

export interface FunctionEnvOptions {
  /** Client requests a minute; the API's 60 unless a test has a reason to go faster. */
  readonly perMinute?: number;
  readonly substituteLists?: boolean;
}

/** An env with a fresh demo key of `server`. */
export function functionEnv(server: TestServer, options: FunctionEnvOptions = {}): AsyncEnv {
  const clock = realAsyncClock();
  const scheduling = createScheduling(clock);
  return {
    baseUrl: server.baseUrl,
    apiKey: server.keyFor("demo"),
    transport: browserFetchTransport(),
    clock,
    cache: new ResponseCache({ store: new MemoryStore({ clock }), clock }),
    ...scheduling,
    ...(options.perMinute !== undefined
      ? {
          quota: new Quota({
            store: new MemoryStore({ clock }),
            clock,
            limit: options.perMinute,
          }),
        }
      : {}),
    ...(options.substituteLists !== undefined ? { substituteLists: options.substituteLists } : {}),
  };
}
