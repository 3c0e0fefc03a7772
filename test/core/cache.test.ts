import { ResponseCache, splitByBytes } from "../../src/core/cache";
import { ManualClock } from "../../src/core/clock";
import { utf8Length } from "../../src/core/hash";
import { CACHE_SERVICE_LIMITS, MemoryStore } from "../../src/core/store";
import type { KeyValueStore } from "../../src/core/store";

function setup(limits = CACHE_SERVICE_LIMITS, ttlSec = 600) {
  const clock = new ManualClock(1_700_000_000_000);
  const store = new MemoryStore({ clock, limits });
  const cache = new ResponseCache({ store, clock, ttlSec });
  return { clock, store, cache };
}

describe("ResponseCache", () => {
  it("hits within the TTL, misses after it, and counts both", () => {
    const { clock, cache } = setup();
    const params = { shopId: 1, region: "SG", itemId: 7 };
    expect(cache.get("key-A", "A2", params)).toBeNull();
    cache.put("key-A", "A2", params, { netProfit: 3.5 });
    const hit = cache.get<{ netProfit: number }>("key-A", "A2", {
      itemId: 7,
      region: "SG",
      shopId: 1,
    });
    expect(hit).toMatchObject({ value: { netProfit: 3.5 }, stale: false });
    clock.advance(600_000);
    expect(cache.get("key-A", "A2", params)).toBeNull();
    expect(cache.stats).toMatchObject({ hits: 1, misses: 2, writes: 1 });
    expect(cache.hitRate()).toBeCloseTo(1 / 3);
    cache.resetStats();
    expect(cache.hitRate()).toBe(0);
  });

  it("never shares an entry between two API keys, and never puts the key in a store key", () => {
    const { store, cache } = setup();
    const params = { shopId: 1 };
    cache.put("secret-key-A", "A2", params, "for A");
    expect(cache.get("secret-key-B", "A2", params)).toBeNull();
    expect(cache.get("secret-key-A", "A3", params)).toBeNull();
    expect(cache.get("secret-key-A", "A2", params)?.value).toBe("for A");
    expect(cache.keyFor("secret-key-A", "A2", params)).not.toBe(
      cache.keyFor("secret-key-B", "A2", params),
    );
    for (const e of store.snapshot()) expect(e.key).not.toContain("secret");
  });

  it("splits a 250 KB value into chunks under a 100 KB store limit and reads it back", () => {
    const { store, cache } = setup();
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      id: i,
      name: `Produkt ${i} – größe ✓`,
      pad: "x".repeat(60),
    }));
    expect(utf8Length(JSON.stringify(rows))).toBeGreaterThan(250_000);
    cache.put("k", "A7", {}, rows);
    const entries = store.snapshot();
    expect(entries.length).toBeGreaterThanOrEqual(4); // index + at least 3 chunks
    for (const e of entries) {
      expect(utf8Length(e.value)).toBeLessThanOrEqual(CACHE_SERVICE_LIMITS.maxValueBytes);
      expect(e.key.length).toBeLessThanOrEqual(CACHE_SERVICE_LIMITS.maxKeyLength);
    }
    expect(cache.get("k", "A7", {})?.value).toEqual(rows);
  });

  it("treats a missing chunk as a miss", () => {
    const { store, cache } = setup();
    cache.put("k", "A7", {}, "y".repeat(300_000));
    const chunk = store.snapshot().find((e) => e.key.endsWith(":1"));
    store.remove(chunk?.key ?? "");
    expect(cache.get("k", "A7", {})).toBeNull();
  });

  it("fits keys within a small maxKeyLength", () => {
    const { cache } = setup({ ...CACHE_SERVICE_LIMITS, maxKeyLength: 60, maxValueBytes: 200 });
    const key = cache.keyFor("k", "A2", { a: 1 });
    expect(key.length + 16).toBeLessThanOrEqual(60);
    cache.put("k", "A2", { a: 1 }, "z".repeat(1000));
    expect(cache.get("k", "A2", { a: 1 })?.value).toBe("z".repeat(1000));
  });

  it("keeps the last good value past its freshness for stale-if-error", () => {
    const { clock, cache } = setup(CACHE_SERVICE_LIMITS, 60);
    cache.put("k", "A2", { i: 1 }, 42);
    clock.advance(3600_000);
    expect(cache.get("k", "A2", { i: 1 })).toBeNull();
    expect(cache.getStale("k", "A2", { i: 1 })).toMatchObject({ value: 42, stale: true });
    clock.advance(6 * 3600_000);
    expect(cache.getStale("k", "A2", { i: 1 })).toBeNull();
    expect(cache.staleTtlSec).toBe(CACHE_SERVICE_LIMITS.maxTtlSec);
  });

  it("reads many entries with one getAll and works with stores without getAll/putAll", () => {
    const clock = new ManualClock(0);
    const inner = new MemoryStore({ clock });
    let getAlls = 0;
    const counting: KeyValueStore = {
      limits: inner.limits,
      get: (k) => inner.get(k),
      getAll: (ks) => {
        getAlls++;
        return inner.getAll(ks);
      },
      put: (k, v, t) => inner.put(k, v, t),
      remove: (k) => inner.remove(k),
    };
    const cache = new ResponseCache({ store: counting, clock });
    cache.putMany(
      "k",
      "A1",
      [1, 2, 3].map((i) => ({ params: { id: i }, value: i * 10 })),
    );
    const hits = cache.getMany<number>("k", "A1", [{ id: 1 }, { id: 9 }, { id: 3 }]);
    expect(hits.map((h) => h?.value ?? null)).toEqual([10, null, 30]);
    expect(getAlls).toBe(1);
    cache.remove("k", "A1", { id: 1 });
    expect(cache.get("k", "A1", { id: 1 })).toBeNull();
  });

  it("is best effort: a refusing store counts write errors and ignores damaged entries", () => {
    const clock = new ManualClock(0);
    const store = new MemoryStore({ clock });
    const refusing: KeyValueStore = {
      limits: store.limits,
      get: (k) => store.get(k),
      put: () => {
        throw new Error("quota");
      },
      remove: (k) => store.remove(k),
    };
    const cache = new ResponseCache({ store: refusing, clock });
    cache.put("k", "A2", {}, 1);
    expect(cache.stats.writeErrors).toBe(1);
    const unreadable = new ResponseCache({
      store: {
        ...refusing,
        get: () => {
          throw new Error("down");
        },
      },
      clock,
    });
    expect(unreadable.get("k", "A2", {})).toBeNull();
    expect(unreadable.stats).toMatchObject({ misses: 1, readErrors: 1 });
    const good = new ResponseCache({ store, clock });
    store.put(good.keyFor("k", "A2", {}), "v{broken", 60);
    store.put(good.keyFor("k", "A3", {}), "i{broken", 60);
    store.put(good.keyFor("k", "A4", {}), 'v{"t":1}', 60);
    expect(good.get("k", "A2", {})).toBeNull();
    expect(good.get("k", "A3", {})).toBeNull();
    expect(good.get("k", "A4", {})).toBeNull();
  });

  it("splits text by UTF-8 bytes without breaking surrogate pairs", () => {
    const text = "a😀é".repeat(100);
    const parts = splitByBytes(text, 7);
    expect(parts.join("")).toBe(text);
    for (const p of parts) expect(utf8Length(p)).toBeLessThanOrEqual(7);
    expect(parts.every((p) => !/[\ud800-\udbff]$/.test(p))).toBe(true);
  });
});
