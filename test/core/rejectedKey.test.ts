/**
 * A key the API rejects (revoked, expired) stops being answered from the cache at once
 * (issue 12, item 8): the cell says the key was rejected instead of showing an old number,
 * the host is told (it turns the key's status red), and another key's answers stay.
 * Real HTTP to the reference server, which revokes the key for real.
 */
import { valueOf } from "../helpers/figureValues";
import { runAsync, type AsyncEnv } from "../../src/core/asyncDriver";
import { ResponseCache } from "../../src/core/cache";
import { ManualClock } from "../../src/core/clock";
import { MemoryStore } from "../../src/core/store";
import { functionByName } from "../../src/functions";
import { DEFAULT_BASIS } from "../../src/functions/basis";
import { functionEnv } from "../helpers/functionEnv";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
});
afterAll(() => server.close());

const cell = (env: AsyncEnv) => {
  const fn = functionByName("MKTA_BREAKDOWN");
  if (!fn) throw new Error("no MKTA_BREAKDOWN");
  return runAsync(fn.program([100001, "SG", 10001691, null, "netProfit"], DEFAULT_BASIS), env);
};

test("after a 401 the key's cached answers are not served again, and the host is told", async () => {
  let told = 0;
  const env: AsyncEnv = { ...functionEnv(server), onRejectedKey: () => void told++ };
  const first = valueOf(await cell(env));
  expect(typeof first).toBe("number");
  // Cached: the same cell again is answered by the cache.
  const hits = env.cache?.stats.hits ?? 0;
  expect(valueOf(await cell(env))).toBe(first);
  expect(env.cache?.stats.hits).toBeGreaterThan(hits);

  server.revoke(env.apiKey ?? "");
  // Any call that reaches the API now learns that the key is rejected...
  const fn = functionByName("MKTA_ITEM");
  if (!fn) throw new Error("no MKTA_ITEM");
  await expect(
    runAsync(fn.program([100001, "SG", 10000001, "netProfit"], DEFAULT_BASIS), env),
  ).rejects.toThrow(/API key rejected/);
  expect(told).toBeGreaterThan(0);
  // ...and the cell cached before is no longer answered from the cache.
  await expect(cell(env)).rejects.toThrow(/API key rejected/);
});

describe("ResponseCache.forgetKey", () => {
  const setup = () => {
    const clock = new ManualClock(1_700_000_000_000);
    const store = new MemoryStore({ clock });
    const written: string[] = [];
    const put = store.put.bind(store);
    store.put = (key, value, ttl) => (written.push(key), put(key, value, ttl));
    return { clock, store, written, cache: new ResponseCache({ store, clock }) };
  };
  const params = { shopId: 1, region: "SG", itemId: 7 };

  test("hides that key's answers in every cache over the store; other keys keep theirs", () => {
    const { clock, store, written, cache } = setup();
    cache.put("key-A", "A2", params, 1);
    cache.put("key-B", "A2", params, 2);
    cache.forgetKey("key-A");
    // Another execution (a new cache over the same store) sees the mark too.
    const other = new ResponseCache({ store, clock });
    expect(other.get("key-A", "A2", params)).toBeNull();
    expect(other.getStale("key-A", "A2", params)).toBeNull();
    expect(other.get("key-B", "A2", params)?.value).toEqual(2);
    // The mark is a hash: the key never appears in a store key.
    expect(written.length).toBeGreaterThan(0);
    expect(written.some((k) => k.includes("key-A"))).toBe(false);
  });

  test("a good answer for the key lifts the mark", () => {
    const { cache } = setup();
    cache.put("key-A", "A2", params, 1);
    cache.forgetKey("key-A");
    expect(cache.get("key-A", "A2", params)).toBeNull();
    cache.put("key-A", "A2", params, 3);
    expect(cache.get("key-A", "A2", params)?.value).toEqual(3);
  });
});
