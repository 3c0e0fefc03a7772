import { ResponseCache } from "../../src/core/cache";
import { ManualClock, seededRandom } from "../../src/core/clock";
import { createDriverStats } from "../../src/core/driverEnv";
import type { DriverStats } from "../../src/core/driverEnv";
import { apiCall, call, parallel } from "../../src/core/effects";
import type { Program } from "../../src/core/effects";
import { ApiError } from "../../src/core/errors";
import { Quota } from "../../src/core/schedule/quota";
import { isWaitingForQuota } from "../../src/core/schedule/waiting";
import type { HttpRequest } from "../../src/core/request";
import { MemoryStore, CACHE_SERVICE_LIMITS } from "../../src/core/store";
import { runSync } from "../../src/core/syncDriver";
import type { SyncEnv } from "../../src/core/syncDriver";
import { BASE, FakeApi, fail, KEY, lookup, ok } from "./fakes";

interface Setup {
  api: FakeApi;
  clock: ManualClock;
  stats: DriverStats;
  fetchAlls: number[];
  env: SyncEnv;
}

function setup(overrides: Partial<SyncEnv> = {}): Setup {
  const api = new FakeApi();
  const clock = new ManualClock(1_000_000);
  const stats = createDriverStats();
  const fetchAlls: number[] = [];
  const store = new MemoryStore({ clock, limits: CACHE_SERVICE_LIMITS });
  const env: SyncEnv = {
    baseUrl: BASE,
    apiKey: KEY,
    endpoints: lookup,
    transport: {
      fetch: (req: HttpRequest) => api.handle(req),
      fetchAll: (reqs) => {
        fetchAlls.push(reqs.length);
        return reqs.map((r) => api.handle(r));
      },
    },
    clock,
    deadline: clock.now() + 30_000,
    cache: new ResponseCache({ store, clock }),
    quota: new Quota({ store, clock }),
    random: seededRandom(3),
    stats,
    ...overrides,
  };
  return { api, clock, stats, fetchAlls, env };
}

const product = { shopId: 1, region: "SG", itemId: 7 };

describe("runSync", () => {
  it("runs a body end to end: request, parse, cache, and a second run costs nothing", () => {
    const { api, env, stats } = setup();
    function* body(): Program<string> {
      const data = yield* call<{ itemId: number; lookbackDays: number }>("T_PRODUCT", product);
      return `${data.itemId}/${data.lookbackDays}`;
    }
    expect(runSync(body(), env)).toBe("7/180");
    expect(runSync(body(), env)).toBe("7/180");
    expect(api.seen).toHaveLength(1);
    expect(api.seen[0]?.headers.Authorization).toBe(`Bearer ${KEY}`);
    expect(stats).toMatchObject({ requests: 1, cacheHits: 1, cacheMisses: 1 });
  });

  it("keeps one key's answers from two servers apart (test and live never share a cache entry)", () => {
    const { api, env } = setup();
    function* body(): Program<unknown> {
      return yield* call("T_PRODUCT", product);
    }
    runSync(body(), env);
    runSync(body(), { ...env, baseUrl: "http://localhost:9" }); // same fake, another server name
    expect(api.seen).toHaveLength(2);
    runSync(body(), env);
    expect(api.seen).toHaveLength(2); // the first server's answer is still cached
  });

  it("throws API errors into the body, which may catch them", () => {
    const { api, env } = setup();
    api.script.push(fail(404, "nope"));
    function* body(): Program<string> {
      try {
        yield* call("T_PRODUCT", product);
        return "found";
      } catch (e) {
        return (e as ApiError).code;
      }
    }
    expect(runSync(body(), env)).toBe("NOT_FOUND");
  });

  it("lets an uncaught error out, and never caches it", () => {
    const { api, env } = setup();
    api.script.push(fail(400, "bad", [{ field: "itemId", problem: "unknown item" }]));
    expect(() => runSync(call("T_PRODUCT", product), env)).toThrow(/itemId: unknown item/);
    expect(runSync(call("T_PRODUCT", product), env)).toEqual({ itemId: 7, lookbackDays: 180 });
    expect(api.seen).toHaveLength(2);
  });

  it("passes a body's own bugs through untouched", () => {
    const { env } = setup();
    function* body(): Program<number> {
      yield* call("T_SHOPS", {});
      throw new RangeError("bug in body");
    }
    expect(() => runSync(body(), env)).toThrow(RangeError);
  });

  it("reports NO_KEY, unknown endpoints and invalid arguments without a request", () => {
    const { api, env } = setup();
    expect(() => runSync(call("T_SHOPS", {}), { ...env, apiKey: "" })).toThrow(
      "No API key: paste your key under API key and settings in the add-on's sidebar",
    );
    expect(() => runSync(call("NOPE", {}), env)).toThrow(/Unknown endpoint NOPE/);
    expect(() => runSync(call("T_PRODUCT", { ...product, extra: 1 }), env)).toThrow(
      /extra is not a parameter/,
    );
    expect(api.seen).toHaveLength(0);
  });

  it("retries 5xx and network failures, honouring Retry-After on 429", () => {
    const { api, env, clock, stats } = setup();
    api.script.push(
      fail(503, "down"),
      new Error("DNS error"),
      fail(429, "slow", [], { "Retry-After": "5" }),
    );
    expect(
      runSync(call("T_PRODUCT", product), {
        ...env,
        retry: { maxAttempts: 5, baseDelayMs: 100, maxDelayMs: 1000 },
      }),
    ).toEqual({ itemId: 7, lookbackDays: 180 });
    expect(api.seen).toHaveLength(4);
    // 5xx and network failures back off; the 429 pauses the key's quota for Retry-After.
    expect(stats.retries).toBe(2);
    expect(clock.sleeps[2]).toBe(5000);
  });

  it("gives a 503 back at once to a caller that splits the batch itself; 429s and other callers still wait", () => {
    const batch = { shopId: 1, region: "SG", modelIds: [1, 2, 3] };
    const splits = { callerSplits: true };
    const { api, env: cached, stats } = setup();
    const { cache: _fresh, ...env } = cached; // a job asks fresh
    api.script.push(fail(503, "busy"));
    expect(() => runSync(call("T_BATCH", batch, undefined, "whole", splits), env)).toThrow(
      /HTTP 503/,
    );
    expect(api.seen).toHaveLength(1);
    // The same batch without the option is retried whole (the driver's tries).
    api.script.push(fail(503, "busy"));
    expect(runSync(call("T_BATCH", batch), env)).toHaveLength(3);
    expect(api.seen).toHaveLength(3);
    // A 429 is the key's pause, not the server's time: it waits and asks again, never splits.
    api.script.push(fail(429, "slow", [], { "Retry-After": "2" }));
    expect(runSync(call("T_BATCH", batch, undefined, "whole", splits), env)).toHaveLength(3);
    expect(api.seen).toHaveLength(5);
    // A 503 of a group where another caller of the same ids does not split: retried for it.
    api.script.push(fail(503, "busy"));
    const both = runSync(
      parallel([
        apiCall("T_BATCH", { ...batch, lookbackDays: 30 }, undefined, splits),
        apiCall("T_BATCH", { ...batch, lookbackDays: 30 }),
      ]),
      env,
    );
    expect(both.map((o) => o.ok)).toEqual([true, true]);
    expect(api.seen).toHaveLength(7);
    expect(stats.requests).toBe(7);
  });

  it("does not sleep past the deadline: it throws WaitingForQuota with the calls still needed", () => {
    const { api, env, clock } = setup();
    for (let i = 0; i < 10; i++) api.script.push(fail(429, "slow", [], { "Retry-After": "20" }));
    let thrown: unknown;
    try {
      runSync(call("T_PRODUCT", product), env);
    } catch (e) {
      thrown = e;
    }
    expect(isWaitingForQuota(thrown)).toBe(true);
    if (!isWaitingForQuota(thrown)) return;
    expect(thrown.calls).toEqual([{ kind: "call", endpoint: "T_PRODUCT", params: product }]);
    expect(thrown.paused).toBe(true);
    expect(thrown.readyAt).toBe(clock.now() + 20_000);
    expect(thrown.message).not.toMatch(/recalculate/i);
    expect(clock.now()).toBeLessThanOrEqual(env.deadline);
    expect(api.seen).toHaveLength(2);
  });

  it("serves the last good value when the API fails with a retryable error (stale-if-error)", () => {
    const { api, env, clock, stats } = setup({
      retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
    });
    const stale: string[] = [];
    const e2 = { ...env, onStale: (id: string) => stale.push(id) };
    runSync(call("T_PRODUCT", product), e2);
    clock.advance(3600_000);
    api.script.push(fail(500, "boom"));
    expect(runSync(call("T_PRODUCT", product), e2)).toEqual({ itemId: 7, lookbackDays: 180 });
    expect(stats.staleServed).toBe(1);
    expect(stale).toEqual(["T_PRODUCT"]);
    api.script.push(fail(404, "gone")); // not retryable: no stale value
    expect(() => runSync(call("T_PRODUCT", product), e2)).toThrow(/Not found/);
  });

  it("sends a parallel effect with one fetchAll and settles each call on its own", () => {
    const { api, env, fetchAlls } = setup();
    api.script.push(fail(404, "x"));
    const calls = [
      apiCall("T_PRODUCT", { ...product, itemId: 1 }),
      apiCall("T_PRODUCT", { ...product, itemId: 2 }),
      apiCall("T_PRODUCT", { nope: 1 }),
    ];
    const settled = runSync(parallel<{ itemId: number }>(calls), env);
    expect(fetchAlls).toEqual([2]);
    expect(settled[0]).toMatchObject({ ok: false });
    expect(settled[1]).toEqual({ ok: true, value: { itemId: 2, lookbackDays: 180 } });
    expect(settled[2]?.ok).toBe(false);
  });

  it("chunks a 1,000-id batch call into 10 requests, and a repeat within TTL costs zero", () => {
    const { api, env, stats } = setup();
    const ids = Array.from({ length: 1000 }, (_, i) => i + 1);
    const entries = runSync(
      call<Array<{ modelId: number }>>("T_BATCH", { shopId: 1, region: "SG", modelIds: ids }),
      env,
    );
    expect(entries.map((e) => e.modelId)).toEqual(ids);
    expect(api.seen).toHaveLength(10);
    expect(runSync(call("T_BATCH", { shopId: 1, region: "SG", modelIds: ids }), env)).toHaveLength(
      1000,
    );
    expect(api.seen).toHaveLength(10);
    // Only the ids not cached yet are sent, and ids without entries are remembered too.
    runSync(call("T_BATCH", { region: "SG", shopId: 1, modelIds: [5, 1001, 9005] }), env);
    expect(api.seen).toHaveLength(11);
    expect(api.seen[10]?.body.modelIds).toEqual([1001, 9005]);
    runSync(call("T_BATCH", { region: "SG", shopId: 1, modelIds: [9005] }), env);
    expect(api.seen).toHaveLength(11);
    expect(stats.cacheHits).toBe(1000 + 1 + 1);
  });

  it("fails a batch call when a chunk fails, unless every missing id has a stale value", () => {
    const { api, env, clock } = setup({ retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    const params = { shopId: 1, region: "SG", modelIds: [1, 2] };
    runSync(call("T_BATCH", params), env);
    clock.advance(3600_000);
    api.script.push(fail(502, "gw"));
    expect(runSync(call("T_BATCH", params), env)).toHaveLength(2);
    api.script.push(fail(502, "gw"));
    expect(() => runSync(call("T_BATCH", { ...params, modelIds: [1, 3] }), env)).toThrow(
      /HTTP 502/,
    );
  });

  it("waits for quota when it fits the deadline, else throws WaitingForQuota (answers so far cached)", () => {
    const { api, env, clock, stats } = setup({ deadline: Number.POSITIVE_INFINITY });
    const calls = Array.from({ length: 70 }, (_, i) =>
      apiCall("T_PRODUCT", { ...product, itemId: i }),
    );
    const start = clock.now();
    const settled = runSync(parallel(calls), env);
    expect(settled.every((s) => s.ok)).toBe(true);
    expect(stats.rateLimitWaits).toBe(1);
    // The server's 60 s window plus the quota's 1 s margin.
    expect(clock.now() - start).toBe(61_000);
    const more = Array.from({ length: 61 }, (_, i) =>
      apiCall("T_PRODUCT", { ...product, itemId: 100 + i }),
    );
    const sent = api.seen.length;
    let thrown: unknown;
    try {
      runSync(parallel(more), { ...env, deadline: clock.now() + 1000 });
    } catch (e) {
      thrown = e;
    }
    expect(isWaitingForQuota(thrown)).toBe(true);
    if (!isWaitingForQuota(thrown)) return;
    // 50 slots were free (10 of the 60 before are still in the window): those are answered
    // and cached; the call still needed comes back with the wait.
    expect(api.seen.length - sent).toBe(50);
    expect(thrown.calls).toHaveLength(11);
    expect(thrown.readyAt).toBeGreaterThan(clock.now() + 1000);
    expect(runSync(call("T_PRODUCT", { ...product, itemId: 100 }), env)).toMatchObject({
      itemId: 100,
    });
    expect(api.seen.length - sent).toBe(50);
  });

  it("turns a throwing fetchAll into NETWORK errors and redacts the key from messages", () => {
    const { env } = setup({
      retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
      cache: undefined,
    });
    const broken: SyncEnv = {
      ...env,
      transport: {
        fetch: () => fail(500, "x"),
        fetchAll: () => {
          throw new Error("offline");
        },
      },
    };
    const settled = runSync(
      parallel([apiCall("T_SHOPS", {}), apiCall("T_PRODUCT", product)]),
      broken,
    );
    expect(settled.map((s) => (s.ok ? "ok" : s.error.code))).toEqual(["NETWORK", "NETWORK"]);
    const echo: SyncEnv = {
      ...env,
      transport: { fetch: () => fail(400, `bad key ${KEY}`), fetchAll: () => [] },
    };
    expect(() => runSync(call("T_SHOPS", {}), echo)).toThrow(/bad key \*\*\*/);
  });

  it("defaults to the real endpoint table (A1 batch-by-model-ids)", () => {
    const { env } = setup();
    const seen: HttpRequest[] = [];
    const answer = (req: HttpRequest) => {
      seen.push(req);
      const ids = (JSON.parse(req.body ?? "{}") as { modelIds: number[] }).modelIds;
      return ok(ids.map((modelId) => ({ modelId, itemId: 1 })));
    };
    const real: SyncEnv = {
      ...env,
      endpoints: undefined,
      transport: { fetch: answer, fetchAll: (reqs) => reqs.map(answer) },
    };
    const ids = Array.from({ length: 250 }, (_, i) => i + 1);
    const entries = runSync(
      call<unknown[]>("A1", { shopId: 1, region: "SG", modelIds: ids }),
      real,
    );
    expect(entries).toHaveLength(250);
    expect(seen.map((r) => r.url)).toEqual(
      Array(3).fill(`${BASE}/api/mkt-a/financial-breakdown/model-breakdowns/batch-by-model-ids`),
    );
    // A body built at run time (no compile-time check) still meets the schema before it is sent.
    const missing: Readonly<Record<string, unknown>> = { shopId: 1, region: "SG" };
    expect(() => runSync(call("A2", missing), real)).toThrow("itemId is required");
  });
});
