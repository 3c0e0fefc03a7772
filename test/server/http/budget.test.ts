/**
 * A request that computes for too long ends at its time budget with a 503 naming what to do,
 * and other keys' requests are answered as soon as the event loop is free, not after it.
 * The slow handler stands in for any computation the solvers' bounds would miss: it checks
 * the budget the way every solver step and per-element loop does.
 */
import { ALL_HANDLERS } from "../../../src/server/endpoints";
import { checkRequestBudget } from "../../../src/server/budget";
import { startTestServer, type TestServer } from "../../helpers/server";
import { A4_REPRODUCER } from "./fixtures";

const BUDGET_MS = 300;
let server: TestServer;
let slowKey = "";
let otherKey = "";

beforeAll(async () => {
  server = await startTestServer({
    requestBudgetMs: BUDGET_MS,
    handlers: {
      ...ALL_HANDLERS,
      // Never finishes by itself: only the budget ends it.
      A2: () => {
        for (;;) checkRequestBudget();
      },
    },
  });
  slowKey = server.keyFor("demo");
  otherKey = server.keyFor("demo");
});
afterAll(async () => {
  await server.close();
});

async function timed(
  key: string,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
): Promise<{
  status: number;
  json: Record<string, unknown>;
  doneAt: number;
  retryAfter: string | null;
}> {
  const res = await fetch(server.baseUrl + path, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(10_000),
  });
  return {
    status: res.status,
    json: (await res.json()) as Record<string, unknown>,
    doneAt: performance.now(),
    retryAfter: res.headers.get("retry-after"),
  };
}

describe("the time budget of a request", () => {
  it("ends a request that computes past its budget with a 503, and serves other keys right after", async () => {
    const started = performance.now();
    const slow = timed(slowKey, "POST", "/api/mkt-a/financial-breakdown/product", {
      shopId: 100001,
      region: "SG",
      itemId: 10000001,
    });
    // Other keys' requests, sent while the slow one computes.
    await new Promise((r) => setTimeout(r, 50));
    const others = await Promise.all(
      Array.from({ length: 5 }, () => timed(otherKey, "GET", "/api/mkt-a/fetch-all-user-shops")),
    );
    const slowAnswer = await slow;

    expect(slowAnswer.status).toBe(503);
    expect(slowAnswer.retryAfter).toBe("1");
    expect(slowAnswer.json.message).toMatch(/within 300 ms/);
    expect(slowAnswer.json.errors).toEqual([
      { field: "request", problem: "must be computable within 300 ms" },
    ]);
    // It held the event loop for its budget, not longer (generous slack for a loaded machine).
    expect(slowAnswer.doneAt - started).toBeGreaterThanOrEqual(BUDGET_MS);
    expect(slowAnswer.doneAt - started).toBeLessThan(BUDGET_MS + 1500);
    for (const other of others) {
      expect(other.status).toBe(200);
      expect(other.doneAt - started).toBeLessThan(BUDGET_MS + 1500);
    }
  });

  it("leaves every real endpoint well inside the budget (the server keeps answering)", async () => {
    const answer = await timed(
      otherKey,
      "POST",
      "/api/mkt-a/financial-breakdown/required-price",
      A4_REPRODUCER,
    );
    expect(answer.status).toBe(200);
  });
});

describe("a slow server made exact (msPerBudgetCheck: each check costs counted time)", () => {
  let slow: TestServer;
  beforeAll(async () => {
    slow = await startTestServer({ requestBudgetMs: 300, msPerBudgetCheck: 1 });
  });
  afterAll(() => slow.close());

  const b15 = (n: number) => ({
    sellerId: 500001,
    region: "MY",
    // Elements that name no SKU still cost their check: the count is the element count.
    skus: Array.from({ length: n }, (_, i) => ({
      itemId: 1 + i,
      skuId: 1 + i,
      targetBuyerPrice: 10,
    })),
  });
  const post = async (key: string, n: number) => {
    const res = await fetch(
      `${slow.baseUrl}/api/mkt-b/financial-breakdown/partner/preview-set-buyer-price`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(b15(n)),
      },
    );
    return { status: res.status, retryAfter: res.headers.get("retry-after") };
  };

  it("answers a batch under the budget and 503s the same batch doubled, every time, on any machine", async () => {
    const key = slow.keyFor("demo");
    for (let i = 0; i < 3; i++) {
      expect(await post(key, 250)).toEqual({ status: 200, retryAfter: null });
      expect(await post(key, 500)).toEqual({ status: 503, retryAfter: "1" });
    }
  });
});
