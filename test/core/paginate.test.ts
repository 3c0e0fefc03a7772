import { ManualClock } from "../../src/core/clock";
import { createDriverStats } from "../../src/core/driverEnv";
import type { Program } from "../../src/core/effects";
import type { ApiError } from "../../src/core/errors";
import { cursorValue, pageRows, paginateCursor, paginateOffset } from "../../src/core/paginate";
import { runSync } from "../../src/core/syncDriver";
import type { SyncEnv } from "../../src/core/syncDriver";
import { BASE, FakeApi, fail, KEY, lookup, ok } from "./fakes";

function setup() {
  const api = new FakeApi();
  const clock = new ManualClock(0);
  const fetchAlls: number[] = [];
  const env: SyncEnv = {
    baseUrl: BASE,
    apiKey: KEY,
    endpoints: lookup,
    transport: {
      fetch: (r) => api.handle(r),
      fetchAll: (rs) => {
        fetchAlls.push(rs.length);
        return rs.map((r) => api.handle(r));
      },
    },
    clock,
    deadline: 30_000,
    stats: createDriverStats(),
    retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
  };
  return { api, env, fetchAlls };
}

describe("paginateCursor", () => {
  it("follows nextCursor back as cursorRtProductId to the end", () => {
    const { api, env } = setup();
    const pages: number[] = [];
    const rows = runSync(
      paginateCursor<{ rtProductId: number }>(
        "T_CURSOR",
        { shopId: 1 },
        { onPage: (_r, p) => pages.push(p) },
      ),
      env,
    );
    expect(rows.map((r) => r.rtProductId)).toEqual(Array.from({ length: 237 }, (_, i) => i));
    expect(api.seen.map((s) => s.body.cursorRtProductId)).toEqual([undefined, 50, 100, 150, 200]);
    expect(pages).toEqual([1, 2, 3, 4, 5]);
  });

  it("stops at the row limit and sends pageSize when asked", () => {
    const { api, env } = setup();
    const rows = runSync(
      paginateCursor("T_CURSOR", { shopId: 1 }, { limit: 45, pageSize: 20 }),
      env,
    );
    expect(rows).toHaveLength(45);
    expect(api.seen).toHaveLength(3);
    expect(api.seen[0]?.body.pageSize).toBe(20);
  });

  it("fails on a repeated cursor instead of looping, and stops at maxPages", () => {
    const { api, env } = setup();
    api.script.push(
      ok({ data: [1], nextCursor: { cursorRtProductId: 5 } }),
      ok({ data: [2], nextCursor: { cursorRtProductId: 5 } }),
    );
    expect(() => runSync(paginateCursor("T_CURSOR", { shopId: 1 }), env)).toThrow(
      /repeated a page cursor/,
    );
    expect(runSync(paginateCursor("T_CURSOR", { shopId: 1 }, { maxPages: 2 }), env)).toHaveLength(
      100,
    );
  });

  it("reads the cursor shapes it documents", () => {
    expect(cursorValue(null)).toBeNull();
    expect(cursorValue(undefined)).toBeNull();
    expect(cursorValue(12)).toBe(12);
    expect(cursorValue("13")).toBe(13);
    expect(cursorValue({ cursorRtProductId: 14 })).toBe(14);
    expect(cursorValue({ rtProductId: 15, score: 1.5 })).toBe(15);
    expect(cursorValue({ id: "16" })).toBe(16);
    expect(cursorValue({ lastSeen: 17, name: "x" })).toBe(17);
    expect(() => cursorValue({ a: 1, b: 2 })).toThrow(/cursor/);
    expect(() => cursorValue([1])).toThrow(/cursor/);
  });

  it("reads rows from data, rows or entries", () => {
    expect(pageRows({ rows: [1] })).toEqual([1]);
    expect(pageRows({ entries: [2] })).toEqual([2]);
    expect(pageRows([3])).toEqual([3]);
    expect(() => pageRows({ x: 1 })).toThrow(/without rows/);
    expect(() => pageRows(null)).toThrow(/without rows/);
  });
});

describe("paginateOffset", () => {
  it("reads page 0, then fetches the remaining pages in parallel", () => {
    const { api, env, fetchAlls } = setup();
    const progress: Array<[number, number, number]> = [];
    const rows = runSync(
      paginateOffset<{ rank: number }>(
        "T_OFFSET",
        { shopId: 1 },
        { onPage: (r, p, t) => progress.push([r, p, t]) },
      ),
      env,
    );
    expect(rows.map((r) => r.rank)).toEqual(Array.from({ length: 237 }, (_, i) => i));
    expect(api.seen.map((s) => s.body.page)).toEqual([0, 1, 2, 3, 4]);
    expect(fetchAlls).toEqual([4]);
    expect(progress).toEqual([
      [50, 1, 5],
      [237, 5, 5],
    ]);
  });

  it("fetches only the pages the limit needs, in rounds of maxParallel", () => {
    const { api, env, fetchAlls } = setup();
    const rows = runSync(
      paginateOffset("T_OFFSET", { shopId: 1 }, { limit: 95, pageSize: 10, maxParallel: 4 }),
      env,
    );
    expect(rows).toHaveLength(95);
    expect(api.seen).toHaveLength(10);
    expect(fetchAlls).toEqual([4, 4]); // the last round's single page goes through fetch
    expect(api.seen.every((s) => s.body.pageSize === 10)).toBe(true);
  });

  it("works from totalItems alone and fails the list when a page fails", () => {
    const { api, env } = setup();
    api.script.push(
      ok({ entries: [1, 2], totalItems: 5 }),
      ok({ entries: [3, 4] }),
      ok({ entries: [5] }),
    );
    expect(runSync(paginateOffset("T_OFFSET", { shopId: 1 }), env)).toEqual([1, 2, 3, 4, 5]);
    api.script.push(
      ok({ entries: [1], totalPages: 3, pageSize: 1 }),
      ok({ entries: [2] }),
      fail(500, "x"),
    );
    function* body(): Program<string> {
      try {
        yield* paginateOffset("T_OFFSET", { shopId: 1 });
        return "complete";
      } catch (e) {
        return (e as ApiError).code;
      }
    }
    expect(runSync(body(), env)).toBe("SERVER");
  });
});
