import { runAsync } from "../../src/core/asyncDriver";
import type { AsyncEnv } from "../../src/core/asyncDriver";
import { ResponseCache } from "../../src/core/cache";
import { realAsyncClock, seededRandom } from "../../src/core/clock";
import { createDriverStats } from "../../src/core/driverEnv";
import { apiCall, call, parallel } from "../../src/core/effects";
import type { Program } from "../../src/core/effects";
import type { ApiError } from "../../src/core/errors";
import { Breaker } from "../../src/core/schedule/breaker";
import { Quota } from "../../src/core/schedule/quota";
import type { HttpRequest } from "../../src/core/request";
import type { HttpResponse } from "../../src/core/response";
import { MemoryStore } from "../../src/core/store";
import { BASE, FakeApi, fail, KEY, lookup } from "./fakes";

beforeEach(() => jest.useFakeTimers({ now: 1_700_000_000_000 }));
afterEach(() => jest.useRealTimers());

function setup(overrides: Partial<AsyncEnv> = {}, latencyMs = 5) {
  const api = new FakeApi();
  const clock = realAsyncClock();
  const store = new MemoryStore({ clock });
  const signals: Array<AbortSignal | undefined> = [];
  const env: AsyncEnv = {
    baseUrl: BASE,
    apiKey: KEY,
    endpoints: lookup,
    transport: {
      fetch: (req: HttpRequest, options) => {
        signals.push(options?.signal);
        return new Promise<HttpResponse>((resolve, reject) => {
          setTimeout(() => {
            try {
              resolve(api.handle(req));
            } catch (e) {
              reject(e);
            }
          }, latencyMs);
        });
      },
    },
    clock,
    cache: new ResponseCache({ store, clock }),
    quota: new Quota({ store, clock }),
    breaker: new Breaker({ store, clock }),
    random: seededRandom(5),
    stats: createDriverStats(),
    ...overrides,
  };
  return { api, env, signals };
}

/** Run a promise to completion under fake timers. */
async function settle<T>(promise: Promise<T>, ms = 300_000): Promise<PromiseSettledResult<T>> {
  const all = Promise.allSettled([promise]);
  await jest.advanceTimersByTimeAsync(ms);
  const [result] = await all;
  if (!result) throw new Error("unsettled");
  return result;
}

const product = { shopId: 1, region: "SG", itemId: 7 };

describe("runAsync", () => {
  it("runs a body end to end and answers a repeat from the cache", async () => {
    const { api, env } = setup();
    function* body(): Program<number> {
      const data = yield* call<{ itemId: number }>("T_PRODUCT", product);
      return data.itemId * 2;
    }
    expect(await settle(runAsync(body(), env))).toEqual({ status: "fulfilled", value: 14 });
    expect(await settle(runAsync(body(), env))).toEqual({ status: "fulfilled", value: 14 });
    expect(api.seen).toHaveLength(1);
    expect(env.stats).toMatchObject({ requests: 1, cacheHits: 1 });
  });

  it("merges batch calls from 1,000 cells into 10 requests; repeats within TTL cost zero", async () => {
    const { api, env } = setup();
    const cell = (id: number) =>
      runAsync(
        call<Array<{ modelId: number }>>("T_BATCH", { shopId: 1, region: "SG", modelIds: [id] }),
        env,
      );
    const cells = Array.from({ length: 1000 }, (_, i) => cell(i + 1));
    const results = await settle(Promise.all(cells));
    expect(results.status).toBe("fulfilled");
    if (results.status !== "fulfilled") return;
    results.value.forEach((entries, i) =>
      expect(entries).toEqual([{ modelId: i + 1, price: (i + 1) * 2 }]),
    );
    expect(api.seen).toHaveLength(10);
    const again = await settle(Promise.all(Array.from({ length: 1000 }, (_, i) => cell(i + 1))));
    expect(again.status).toBe("fulfilled");
    expect(api.seen).toHaveLength(10);
    expect(env.stats?.cacheHits).toBe(1000);
  });

  it("settles every cell when the batch request fails", async () => {
    const { api, env } = setup({ retry: { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 10 } });
    api.script.push(fail(500, "x"), fail(500, "x"), fail(500, "x"), fail(500, "x"));
    const cells = Array.from({ length: 150 }, (_, i) =>
      runAsync(call("T_BATCH", { shopId: 1, region: "SG", modelIds: [i] }), env).catch(
        (e: ApiError) => e.code,
      ),
    );
    const result = await settle(Promise.all(cells));
    expect(result).toEqual({ status: "fulfilled", value: Array(150).fill("SERVER") });
  });

  it("times out a hanging server so no cell waits for ever: it says the API did not answer in time", async () => {
    const { env, signals } = setup(
      { requestTimeoutMs: 1000, retry: { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 10 } },
      1e9,
    );
    const single = runAsync(call("T_PRODUCT", product), env);
    const batched = runAsync(call("T_BATCH", { shopId: 1, region: "SG", modelIds: [1] }), env);
    const [a, b] = [await settle(single, 5000), await settle(batched, 5000)];
    const unreachable = {
      code: "NETWORK",
      message: expect.stringMatching(/^The API at http\S+ did not answer in time \(slow or busy\)/),
    };
    expect(a).toMatchObject({ status: "rejected", reason: unreachable });
    expect(b).toMatchObject({ status: "rejected", reason: unreachable });
    expect(signals.length).toBeGreaterThan(0);
    expect(signals.every((s) => s?.aborted)).toBe(true);
  });

  it("runs parallel effects and settles each call on its own", async () => {
    const { api, env } = setup();
    api.script.push(fail(404, "x"));
    const calls = [
      apiCall("T_PRODUCT", { ...product, itemId: 1 }),
      apiCall("T_PRODUCT", { ...product, itemId: 2 }),
      apiCall("T_SHOPS", { bad: 1 }),
    ];
    const result = await settle(runAsync(parallel<{ itemId: number }>(calls), env));
    if (result.status !== "fulfilled") throw new Error("rejected");
    expect(result.value.map((s) => (s.ok ? s.value.itemId : s.error.code))).toEqual([
      "NOT_FOUND",
      2,
      "INVALID_ARGUMENT",
    ]);
  });

  it("retries with backoff, and a call waiting for quota keeps waiting instead of failing", async () => {
    const clock = realAsyncClock();
    const { api, env } = setup({
      quota: new Quota({ store: new MemoryStore(), clock, limit: 1, windowMs: 10_000 }),
    });
    api.script.push(fail(503, "busy"));
    const started = Date.now();
    const first = await settle(runAsync(call("T_PRODUCT", product), env));
    expect(first.status).toBe("fulfilled");
    expect(env.stats).toMatchObject({ retries: 1 });
    expect(env.stats?.rateLimitWaits).toBeGreaterThan(0);
    // One slot per 10 s (+1 s margin): the retry waited for it rather than fail.
    expect(Date.now() - started).toBeGreaterThanOrEqual(11_000);
    const late = await settle(runAsync(call("T_PRODUCT", { ...product, itemId: 8 }), env), 30_000);
    expect(late).toMatchObject({ status: "fulfilled", value: { itemId: 8 } });
    expect(api.seen).toHaveLength(3);
  });

  it("turns transport exceptions into NETWORK errors and reports a missing key", async () => {
    const throwing = setup({
      retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
      transport: {
        fetch: () => {
          throw new TypeError("Failed to fetch");
        },
      },
    });
    expect(await settle(runAsync(call("T_SHOPS", {}), throwing.env))).toMatchObject({
      status: "rejected",
      reason: { code: "NETWORK" },
    });
    const noKey = setup({ apiKey: null });
    expect(
      await settle(
        runAsync(call("T_BATCH", { shopId: 1, region: "SG", modelIds: [1] }), noKey.env),
      ),
    ).toMatchObject({
      status: "rejected",
      reason: {
        message: "No API key: paste your key under API key and settings in the add-on's sidebar",
      },
    });
  });

  it("lets the body catch errors and passes its own bugs through", async () => {
    const { api, env } = setup();
    api.script.push(fail(401, "x"));
    function* body(): Program<string> {
      try {
        yield* call("T_SHOPS", {});
        return "ok";
      } catch (e) {
        return (e as ApiError).code;
      }
    }
    expect(await settle(runAsync(body(), env))).toEqual({ status: "fulfilled", value: "AUTH" });
    function* buggy(): Program<string> {
      yield* call("T_SHOPS", {});
      throw new RangeError("bug");
    }
    expect(await settle(runAsync(buggy(), env))).toMatchObject({
      status: "rejected",
      reason: expect.any(RangeError),
    });
  });
});
