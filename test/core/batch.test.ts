import { Batcher, batchKey, distinctIds, groupEntriesById, splitIds } from "../../src/core/batch";
import type { BatchSend } from "../../src/core/batch";
import { ApiError } from "../../src/core/errors";
import { BATCH, PRODUCT } from "./fakes";

describe("id helpers", () => {
  it("splits distinct ids (compared as strings) into chunks of maxIds", () => {
    expect(splitIds([1, 2, "2", 3, 1, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(splitIds([], 5)).toEqual([]);
    expect(() => splitIds([1], 0)).toThrow();
    expect(distinctIds(["a", "a", "b"])).toEqual(["a", "b"]);
  });

  it("keys a batch by endpoint and the other params, ignoring ids and key order", () => {
    expect(batchKey("A1", { shopId: 1, region: "SG", modelIds: [1] }, "modelIds")).toBe(
      batchKey("A1", { modelIds: [2, 3], region: "SG", shopId: 1 }, "modelIds"),
    );
    expect(batchKey("A1", { shopId: 1, modelIds: [1] }, "modelIds")).not.toBe(
      batchKey("A1", { shopId: 2, modelIds: [1] }, "modelIds"),
    );
  });

  it("groups entries by id as strings, skipping entries without one", () => {
    const byId = groupEntriesById(
      [{ skuId: 1, a: 1 }, { skuId: "1", a: 2 }, { a: 3 }, null, { skuId: 2 }],
      "skuId",
    );
    expect(byId.get("1")).toHaveLength(2);
    expect(byId.get("2")).toHaveLength(1);
    expect(byId.size).toBe(2);
  });
});

/** A send that answers like the API: one entry per known id (ids >= 9000 are unknown). */
function apiLikeSend(calls: Array<Record<string, unknown>>): BatchSend {
  return async (_endpoint, params) => {
    calls.push(params);
    return (params.modelIds as number[])
      .filter((id) => id < 9000)
      .map((id) => ({ modelId: id, price: id * 2 }));
  };
}

describe("Batcher", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const base = { shopId: 1, region: "SG" };

  it("merges 1,000 concurrent calls into ceil(1000/100) requests and gives each caller its own entries", async () => {
    const sent: Array<Record<string, unknown>> = [];
    const batcher = new Batcher({ send: apiLikeSend(sent), windowMs: 50 });
    const callers = Array.from({ length: 1000 }, (_, i) =>
      batcher.request(BATCH, { ...base, modelIds: [i + 1] }),
    );
    await jest.advanceTimersByTimeAsync(50);
    const results = await Promise.all(callers);
    expect(sent).toHaveLength(10);
    expect(batcher.stats).toMatchObject({ calls: 1000, requests: 10, idsSent: 1000 });
    for (const s of sent) expect((s.modelIds as number[]).length).toBe(100);
    results.forEach((entries, i) =>
      expect(entries).toEqual([{ modelId: i + 1, price: (i + 1) * 2 }]),
    );
  });

  it("flushes as soon as maxIds ids are waiting, before the window ends", async () => {
    const sent: Array<Record<string, unknown>> = [];
    const batcher = new Batcher({ send: apiLikeSend(sent), windowMs: 10_000 });
    const big = batcher.request(BATCH, {
      ...base,
      modelIds: Array.from({ length: 150 }, (_, i) => i),
    });
    expect(sent).toHaveLength(1); // the first 100 went at once
    expect(batcher.pendingIds).toBe(50);
    batcher.flush();
    expect(sent).toHaveLength(2);
    expect(await big).toHaveLength(150);
  });

  it("shares identical calls, in the same window and while in flight", async () => {
    const sent: Array<Record<string, unknown>> = [];
    let release: (() => void) | undefined;
    const send: BatchSend = (endpoint, params, signal) =>
      new Promise((resolve) => {
        release = () => resolve(apiLikeSend(sent)(endpoint, params, signal));
      });
    const batcher = new Batcher({ send, windowMs: 20 });
    const a = batcher.request(BATCH, { ...base, modelIds: [1, 2] });
    const b = batcher.request(BATCH, { ...base, modelIds: [2, 1] });
    await jest.advanceTimersByTimeAsync(20);
    const c = batcher.request(BATCH, { ...base, modelIds: [1] }); // in flight: shared, not re-sent
    await jest.advanceTimersByTimeAsync(20);
    release?.();
    expect((await a).map((e) => (e as { modelId: number }).modelId)).toEqual([1, 2]);
    expect((await b).map((e) => (e as { modelId: number }).modelId)).toEqual([2, 1]);
    expect(await c).toEqual([{ modelId: 1, price: 2 }]);
    expect(batcher.stats.requests).toBe(1);
  });

  it("keeps calls with different other params in different requests; unknown ids get no entries", async () => {
    const sent: Array<Record<string, unknown>> = [];
    const batcher = new Batcher({ send: apiLikeSend(sent) });
    const sg = batcher.request(BATCH, { ...base, modelIds: [1, 9001] });
    const my = batcher.request(BATCH, { shopId: 1, region: "MY", modelIds: [1] });
    await jest.advanceTimersByTimeAsync(50);
    expect(await sg).toEqual([{ modelId: 1, price: 2 }]);
    expect(await my).toEqual([{ modelId: 1, price: 2 }]);
    expect(sent.map((s) => s.region).sort()).toEqual(["MY", "SG"]);
  });

  it("rejects every caller when the request fails with an API error or a network failure", async () => {
    const failures: unknown[] = [
      new ApiError("SERVER", "API server error (HTTP 500)"),
      new TypeError("fetch failed"),
    ];
    for (const failure of failures) {
      const batcher = new Batcher({ send: async () => Promise.reject(failure) });
      const callers = Array.from({ length: 250 }, (_, i) =>
        batcher.request(BATCH, { ...base, modelIds: [i] }),
      );
      const settled = Promise.allSettled(callers);
      await jest.advanceTimersByTimeAsync(50);
      const outcomes = await settled;
      expect(outcomes.every((o) => o.status === "rejected")).toBe(true);
      const reason = (outcomes[0] as PromiseRejectedResult).reason as ApiError;
      expect(reason.code).toBe(failure instanceof ApiError ? "SERVER" : "NETWORK");
    }
  });

  it("rejects every caller with TIMEOUT when the request hangs, and aborts it", async () => {
    let signal: AbortSignal | undefined;
    const batcher = new Batcher({
      send: (_e, _p, s) => {
        signal = s;
        return new Promise(() => undefined); // never settles
      },
      timeoutMs: 5000,
    });
    const callers = Array.from({ length: 120 }, (_, i) =>
      batcher.request(BATCH, { ...base, modelIds: [i] }),
    );
    const settled = Promise.allSettled(callers);
    await jest.advanceTimersByTimeAsync(5100);
    const outcomes = await settled;
    expect(
      outcomes.every((o) => o.status === "rejected" && (o.reason as ApiError).code === "TIMEOUT"),
    ).toBe(true);
    expect(signal?.aborted).toBe(true);
  });

  it("settles callers when send throws synchronously or answers a non-list", async () => {
    const throwing = new Batcher({
      send: () => {
        throw new ApiError("NO_KEY", "No API key");
      },
    });
    const p = throwing.request(BATCH, { ...base, modelIds: [1] });
    const q = new Batcher({ send: async () => ({ not: "a list" }) }).request(BATCH, {
      ...base,
      modelIds: [1],
    });
    const both = Promise.allSettled([p, q]);
    await jest.advanceTimersByTimeAsync(50);
    const [a, b] = await both;
    expect((a as PromiseRejectedResult).reason.code).toBe("NO_KEY");
    expect((b as PromiseRejectedResult).reason.code).toBe("BAD_RESPONSE");
  });

  it("refuses non-batch endpoints and empty id lists without hanging", async () => {
    const batcher = new Batcher({ send: async () => [] });
    await expect(batcher.request(PRODUCT, {})).rejects.toMatchObject({ code: "CONFIG" });
    await expect(batcher.request(BATCH, { ...base, modelIds: [] })).rejects.toMatchObject({
      code: "INVALID_ARGUMENT",
    });
  });
});
