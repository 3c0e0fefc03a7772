import { ResponseCache } from "../../../src/core/cache";
import { realAsyncClock, seededRandom } from "../../../src/core/clock";
import { createDriverStats } from "../../../src/core/driverEnv";
import { apiCall, type Settled } from "../../../src/core/effects";
import type { HttpRequest } from "../../../src/core/request";
import type { HttpResponse } from "../../../src/core/response";
import { Breaker } from "../../../src/core/schedule/breaker";
import { Quota } from "../../../src/core/schedule/quota";
import { Scheduler, type SchedulerEnv } from "../../../src/core/schedule/scheduler";
import { MemoryStore } from "../../../src/core/store";
import { BASE, FakeApi, fail, KEY, lookup } from "../fakes";

beforeEach(() => jest.useFakeTimers({ now: 1_700_000_000_000 }));
afterEach(() => jest.useRealTimers());

interface Sent {
  at: number;
  path: string;
  ids?: unknown[];
}

function setup(
  opts: { limit?: number; windowMs?: number; down?: boolean; latencyMs?: number } = {},
) {
  const state = { down: opts.down ?? false };
  const api = new FakeApi();
  const clock = realAsyncClock();
  const store = new MemoryStore({ clock });
  const sent: Sent[] = [];
  const env: SchedulerEnv = {
    baseUrl: BASE,
    apiKey: KEY,
    endpoints: lookup,
    clock,
    transport: {
      fetch: (req: HttpRequest) =>
        new Promise<HttpResponse>((resolve) => {
          const body = req.body ? (JSON.parse(req.body) as { modelIds?: unknown[] }) : {};
          sent.push({
            at: Date.now(),
            path: req.url.slice(BASE.length),
            ...(body.modelIds ? { ids: body.modelIds } : {}),
          });
          setTimeout(
            () => resolve(state.down ? { status: 0, headers: {}, body: "" } : api.handle(req)),
            opts.latencyMs ?? 20,
          );
        }),
    },
    cache: new ResponseCache({ store, clock }),
    quota: new Quota({ store, clock, limit: opts.limit ?? 60, windowMs: opts.windowMs ?? 60_000 }),
    breaker: new Breaker({ store, clock }),
    random: seededRandom(9),
    stats: createDriverStats(),
  };
  return { api, env, sent, state, scheduler: new Scheduler(env) };
}

const product = (itemId: number) => apiCall("T_PRODUCT", { shopId: 1, region: "SG", itemId });
const model = (id: number) => apiCall("T_BATCH", { shopId: 1, region: "SG", modelIds: [id] });

/** Collect settlements with their time. */
function track(
  p: Promise<Settled<unknown>>,
  out: Array<{ at: number; s: Settled<unknown> }>,
): void {
  void p.then((s) => out.push({ at: Date.now(), s }));
}

describe("Scheduler", () => {
  it("serves lanes in turn: 100 batched ids are not stuck behind 100 single requests", async () => {
    const { scheduler, sent } = setup({ limit: 10, windowMs: 10_000 });
    const start = Date.now();
    const singles: Array<{ at: number; s: Settled<unknown> }> = [];
    const batched: Array<{ at: number; s: Settled<unknown> }> = [];
    for (let i = 0; i < 100; i++) track(scheduler.request(product(i)), singles);
    for (let i = 0; i < 100; i++) track(scheduler.request(model(i + 1)), batched);
    await jest.advanceTimersByTimeAsync(200_000);
    expect(singles.every((x) => x.s.ok) && batched.every((x) => x.s.ok)).toBe(true);
    expect(sent.filter((s) => s.path === "/x/batch")).toHaveLength(1);
    expect(sent.findIndex((s) => s.path === "/x/batch")).toBeLessThan(2);
    expect(Math.max(...batched.map((x) => x.at)) - start).toBeLessThan(1000);
    expect(Math.max(...singles.map((x) => x.at)) - start).toBeGreaterThan(90_000);
  });

  it("lets a pending batch absorb new ids while quota is short (natural coalescing)", async () => {
    const { scheduler, sent } = setup({ limit: 1, windowMs: 5000 });
    const done: Array<{ at: number; s: Settled<unknown> }> = [];
    track(scheduler.request(product(1)), done);
    await jest.advanceTimersByTimeAsync(100);
    for (let i = 0; i < 150; i++) {
      track(scheduler.request(model(i + 1)), done);
      await jest.advanceTimersByTimeAsync(10); // cells keep arriving while the slot is taken
    }
    await jest.advanceTimersByTimeAsync(30_000);
    expect(done).toHaveLength(151);
    expect(sent.map((s) => s.ids?.length ?? 0)).toEqual([0, 100, 50]);
  });

  it("obeys a 429's Retry-After for the whole key: no request for 30 s, then every call completes", async () => {
    const { scheduler, api, sent } = setup();
    api.script.push(fail(429, "slow down", [], { "Retry-After": "30" }));
    const done: Array<{ at: number; s: Settled<unknown> }> = [];
    const start = Date.now();
    track(scheduler.request(product(1)), done);
    await jest.advanceTimersByTimeAsync(1000);
    for (let i = 2; i <= 5; i++) track(scheduler.request(product(i)), done);
    await jest.advanceTimersByTimeAsync(20_000);
    expect(sent).toHaveLength(1);
    expect(done).toHaveLength(0); // waiting, not failed
    expect(scheduler.status()).toMatchObject({
      queuedCalls: 5,
      quota: { pausedUntil: expect.any(Number) },
    });
    await jest.advanceTimersByTimeAsync(15_000);
    expect(done).toHaveLength(5);
    expect(done.every((d) => d.s.ok)).toBe(true);
    expect(Math.min(...sent.slice(1).map((s) => s.at)) - start).toBeGreaterThanOrEqual(30_000);
  });

  it("fails every queued call at once when the server is down; no request while the breaker is open", async () => {
    const { scheduler, sent } = setup({ limit: 5, windowMs: 60_000, down: true });
    const done: Array<{ at: number; s: Settled<unknown> }> = [];
    const start = Date.now();
    for (let i = 0; i < 40; i++) track(scheduler.request(product(i)), done);
    await jest.advanceTimersByTimeAsync(2000);
    expect(done).toHaveLength(40);
    for (const d of done) {
      expect(d.s.ok).toBe(false);
      if (d.s.ok) continue;
      expect(d.s.error.message).toMatch(/^Could not reach the API at http/);
      expect(d.s.error.message).not.toMatch(/rate limit/i);
    }
    expect(Math.max(...done.map((d) => d.at)) - start).toBeLessThan(10_000);
    const before = sent.length;
    expect(before).toBeLessThanOrEqual(5);
    // While open: new calls fail at once, with no request.
    const later: Array<{ at: number; s: Settled<unknown> }> = [];
    track(scheduler.request(product(99)), later);
    await jest.advanceTimersByTimeAsync(100);
    expect(later[0]?.s.ok).toBe(false);
    expect(sent.length).toBe(before);
  });

  it("sends exactly one probe once the cool-down is due; its success lets the queue through", async () => {
    const { scheduler, sent, state } = setup({ down: true });
    const failed: Array<{ at: number; s: Settled<unknown> }> = [];
    for (let i = 0; i < 10; i++) track(scheduler.request(product(i)), failed);
    await jest.advanceTimersByTimeAsync(1000);
    expect(failed.every((f) => !f.s.ok)).toBe(true);
    const opened = sent.length;
    state.down = false;
    await jest.advanceTimersByTimeAsync(4500); // the 5 s cool-down is due
    const done: Array<{ at: number; s: Settled<unknown> }> = [];
    for (let i = 0; i < 10; i++) track(scheduler.request(product(i)), done);
    await jest.advanceTimersByTimeAsync(60); // the batch window: one probe goes, the rest wait for it
    expect(sent.length - opened).toBe(1);
    await jest.advanceTimersByTimeAsync(1000);
    expect(done).toHaveLength(10);
    expect(done.every((d) => d.s.ok)).toBe(true);
    expect(scheduler.status().breaker).toMatchObject({ state: "closed" });
  });

  it("withdraws a cancelled queued call; an answer already in flight still lands in the cache", async () => {
    const { scheduler, sent } = setup({ limit: 1, windowMs: 10_000, latencyMs: 500 });
    const first = new AbortController();
    const queued = new AbortController();
    const done: Array<{ at: number; s: Settled<unknown> }> = [];
    track(scheduler.request(product(1), { signal: first.signal }), done);
    track(scheduler.request(product(2), { signal: queued.signal }), done);
    await jest.advanceTimersByTimeAsync(100); // product 1 is in flight, product 2 waits for quota
    first.abort();
    queued.abort();
    await jest.advanceTimersByTimeAsync(30_000);
    expect(sent.map((s) => s.path)).toEqual(["/x/product"]); // product 2 never went
    expect(done.map((d) => (d.s.ok ? "ok" : d.s.error.message))).toEqual([
      expect.stringMatching(/^Cancelled/),
      expect.stringMatching(/^Cancelled/),
    ]);
    const again = await scheduler.request(product(1)); // the restarted cell: a cache hit
    expect(again).toMatchObject({ ok: true, value: { itemId: 1 } });
    expect(sent).toHaveLength(1);
  });

  it("keeps a cancelled call's request when another call waits for the same answer", async () => {
    const { scheduler, sent } = setup({ limit: 1, windowMs: 10_000 });
    const c = new AbortController();
    track(scheduler.request(product(1)), []);
    const result: Array<{ at: number; s: Settled<unknown> }> = [];
    track(scheduler.request(product(2), { signal: c.signal }), []);
    track(scheduler.request(product(2)), result);
    await jest.advanceTimersByTimeAsync(100);
    c.abort();
    await jest.advanceTimersByTimeAsync(20_000);
    expect(sent).toHaveLength(2);
    expect(result[0]?.s).toMatchObject({ ok: true, value: { itemId: 2 } });
  });

  it("reports the queue: calls waiting, requests planned and the time until done", async () => {
    const { scheduler } = setup({ limit: 10, windowMs: 60_000 });
    for (let i = 0; i < 30; i++) void scheduler.request(product(i));
    await jest.advanceTimersByTimeAsync(1000);
    const s = scheduler.status();
    expect(s).toMatchObject({ queuedCalls: 20, queuedRequests: 20, inFlight: 0 });
    expect(s.quota).toMatchObject({ used: 10, limit: 10 });
    // 20 requests at 10 a minute: about two more windows.
    expect(s.etaMs).toBeGreaterThan(60_000);
    expect(s.etaMs).toBeLessThanOrEqual(2 * 61_000 + 61_000);
  });
});
