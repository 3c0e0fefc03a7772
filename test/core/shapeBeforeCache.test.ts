/**
 * An answer in a shape the spec does not allow is refused by the driver BEFORE it is cached:
 * the next run asks the API again instead of serving the bad answer for the cache time.
 * Both drivers share the check (core/schedule/deliver.ts); counted requests prove it.
 */
import { endpointById } from "../../src/api/endpoints";
import { runAsync, type AsyncEnv } from "../../src/core/asyncDriver";
import { ResponseCache } from "../../src/core/cache";
import { ManualClock, seededRandom } from "../../src/core/clock";
import { createDriverStats } from "../../src/core/driverEnv";
import { call } from "../../src/core/effects";
import { isApiError } from "../../src/core/errors";
import type { HttpRequest } from "../../src/core/request";
import type { HttpResponse } from "../../src/core/response";
import { Quota } from "../../src/core/schedule/quota";
import { MemoryStore, CACHE_SERVICE_LIMITS } from "../../src/core/store";
import { runSync, type SyncEnv } from "../../src/core/syncDriver";
import { BASE, KEY, ok } from "./fakes";

const GOOD = { breakdown: { originalModelPrice: { amount: 10, label: "List price" } } };
const BAD = { hello: "world" }; // a 200 with no breakdown lines: not A2's shape
const PRODUCT = { shopId: 1, region: "SG", itemId: 7 };

/** A2 answered BAD first, then GOOD; counts what reached the API. */
function scripted() {
  const answers: unknown[] = [BAD, GOOD, GOOD];
  const seen: string[] = [];
  const answer = (req: HttpRequest): HttpResponse => {
    seen.push(req.url);
    return ok(answers.shift() ?? GOOD);
  };
  return { answer, seen };
}

function cacheOver(clock: ManualClock) {
  const store = new MemoryStore({ clock, limits: CACHE_SERVICE_LIMITS });
  return { store, cache: new ResponseCache({ store, clock }) };
}

const fails = (run: () => unknown): unknown => {
  try {
    run();
  } catch (e) {
    return e;
  }
  return null;
};

test("sync driver: a wrongly shaped answer is not cached, the next run asks again", () => {
  const api = scripted();
  const clock = new ManualClock(1_000_000);
  const { store, cache } = cacheOver(clock);
  const env: SyncEnv = {
    baseUrl: BASE,
    apiKey: KEY,
    endpoints: endpointById,
    transport: { fetch: api.answer, fetchAll: (reqs) => reqs.map(api.answer) },
    clock,
    deadline: clock.now() + 30_000,
    cache,
    quota: new Quota({ store, clock }),
    random: seededRandom(3),
    stats: createDriverStats(),
  };
  const error = fails(() => runSync(call("A2", PRODUCT), env));
  expect(isApiError(error) && error.code).toBe("BAD_RESPONSE");
  expect(runSync(call("A2", PRODUCT), env)).toEqual(GOOD);
  expect(runSync(call("A2", PRODUCT), env)).toEqual(GOOD); // now from the cache
  expect(api.seen).toHaveLength(2);
});

test("async driver: a wrongly shaped answer is not cached, the next run asks again", async () => {
  const api = scripted();
  const clock = new ManualClock(1_000_000);
  const { cache } = cacheOver(clock);
  const env: AsyncEnv = {
    baseUrl: BASE,
    apiKey: KEY,
    endpoints: endpointById,
    transport: { fetch: async (req) => api.answer(req) },
    clock: { now: () => clock.now(), sleep: async (ms) => clock.advance(ms) },
    cache,
    stats: createDriverStats(),
  };
  await expect(runAsync(call("A2", PRODUCT), env)).rejects.toMatchObject({
    code: "BAD_RESPONSE",
  });
  await expect(runAsync(call("A2", PRODUCT), env)).resolves.toEqual(GOOD);
  await expect(runAsync(call("A2", PRODUCT), env)).resolves.toEqual(GOOD);
  expect(api.seen).toHaveLength(2);
});
