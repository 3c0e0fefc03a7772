import { planCall } from "../../../src/core/callPlan";
import { createDriverStats } from "../../../src/core/driverEnv";
import { type AnswerReads, apiCall } from "../../../src/core/effects";
import { type Fetch, coalesce } from "../../../src/core/schedule/coalesce";
import { deliver } from "../../../src/core/schedule/deliver";
import type { Need } from "../../../src/core/schedule/need";
import { endpointById } from "../../../src/api/endpoints";

const env = { baseUrl: "http://api.test", apiKey: "mkta_pat_planner" };
const NET: AnswerReads[] = [{ field: "netProfit" }];

/** The needs of these calls, as the drivers make them (planCall, no cache). */
function needsOf(...calls: Array<ReturnType<typeof apiCall>>): Need[] {
  return calls.flatMap((c) => {
    const plan = planCall(c, env, createDriverStats());
    if (plan.kind === "done") throw new Error(`not a need: ${JSON.stringify(plan.result)}`);
    return plan.needs;
  });
}

/** An item-level A2 call; reads null: the body reads anything. */
const a2 = (
  itemId: number,
  extra: Record<string, unknown> = {},
  reads: AnswerReads[] | null = NET,
) => apiCall("A2", { shopId: 100001, region: "SG", itemId, ...extra }, reads ?? undefined);
const plan = (needs: Need[], substitute = true, listPages?: (s: string) => number | undefined) =>
  coalesce(needs, { substitute, ...(listPages ? { listPages } : {}) });

describe("coalesce", () => {
  it("sends identical calls once", () => {
    const fetches = plan(needsOf(a2(1, {}, null), a2(1, {}, null), a2(2, {}, null)));
    expect(fetches.map((f) => [f.endpoint, f.via, f.serves.length])).toEqual([
      ["A2", "own", 2],
      ["A2", "own", 1],
    ]);
  });

  it("merges batch ids of calls with the same other params, 100 a request", () => {
    const calls = Array.from({ length: 250 }, (_, i) =>
      apiCall("A1", { shopId: 100001, region: "SG", modelIds: [i + 1] }),
    );
    calls.push(apiCall("A1", { shopId: 100001, region: "SG", modelIds: [1], lookbackDays: 30 }));
    const fetches = plan(needsOf(...calls));
    expect(fetches.map((f) => (f.params.modelIds as unknown[]).length).sort()).toEqual([
      1, 100, 100, 50,
    ]);
    expect(fetches.every((f) => f.via === "batch")).toBe(true);
  });

  it("answers item-level A2 calls that declare their reads from one A7 walk, with A2's own defaults", () => {
    const fetches = plan(needsOf(...Array.from({ length: 300 }, (_, i) => a2(i + 1))));
    expect(fetches).toHaveLength(1);
    const [walk] = fetches as [Fetch];
    expect(walk).toMatchObject({ endpoint: "A7", via: "list", page: 1 });
    // A2's includeVat defaults to true, A7's to false: the list is asked with VAT.
    expect(walk.params).toEqual({ shopId: 100001, region: "SG", includeVat: true, pageSize: 500 });
    expect(walk.serves).toHaveLength(300);
    const noVat = plan(
      needsOf(a2(1, { includeVat: false, lookbackDays: 180 }), a2(2, { includeVat: false })),
    );
    expect(noVat[0]?.params).toEqual({ shopId: 100001, region: "SG", pageSize: 500 });
  });

  it("keeps calls on their own endpoint when they must be: no reads, a model, another field, the setting off", () => {
    expect(plan(needsOf(a2(1, {}, null), a2(2, {}, null))).map((f) => f.via)).toEqual([
      "own",
      "own",
    ]);
    expect(
      plan(needsOf(a2(1, { modelId: 5 }), a2(2, { modelId: 6 }))).map((f) => f.endpoint),
    ).toEqual(["A2", "A2"]);
    expect(plan(needsOf(a2(1), a2(2)), false).map((f) => f.endpoint)).toEqual(["A2", "A2"]);
    // Different windows are different lists.
    const two = plan(
      needsOf(a2(1), a2(2), a2(3, { lookbackDays: 30 }), a2(4, { lookbackDays: 30 })),
    );
    expect(two.map((f) => f.params.lookbackDays)).toEqual([undefined, 30]);
  });

  it("substitutes only when the list costs fewer requests than the calls' own", () => {
    expect(plan(needsOf(a2(1))).map((f) => f.endpoint)).toEqual(["A2"]);
    // The shop's list took 5 pages last time: 4 calls are cheaper on their own, 6 are not.
    const fivePages = () => 5;
    expect(
      plan(needsOf(a2(1), a2(2), a2(3), a2(4)), true, fivePages).map((f) => f.endpoint),
    ).toEqual(["A2", "A2", "A2", "A2"]);
    const six = needsOf(...[1, 2, 3, 4, 5, 6].map((i) => a2(i)));
    expect(plan(six, true, fivePages).map((f) => f.endpoint)).toEqual(["A7"]);
    // B1 already batches 100 SKUs a request: B8 pays off from 101 SKUs of one seller.
    const b1 = (n: number, extra: Record<string, unknown> = {}) =>
      needsOf(
        apiCall("B1", {
          sellerId: 500001,
          region: "MY",
          skuIds: Array.from({ length: n }, (_, i) => i + 1),
          ...extra,
        }),
      );
    expect(plan(b1(100)).map((f) => f.endpoint)).toEqual(["B1"]);
    const b8 = plan(b1(101));
    expect(b8.map((f) => [f.endpoint, f.serves.length])).toEqual([["B8", 101]]);
    expect(b8[0]?.params).toEqual({ sellerId: 500001, region: "MY" });
    // B8 has no lookbackDays: only B1's default window (30) may use it.
    expect(plan(b1(101, { lookbackDays: 30 })).map((f) => f.endpoint)).toEqual(["B8"]);
    expect(plan(b1(101, { lookbackDays: 60 })).map((f) => f.endpoint)).toEqual(["B1", "B1"]);
  });

  it("answers product-level C calls from C7 batches; a voucher (C7 has none) keeps C1", () => {
    const c2 = (p: string) => apiCall("C2", { shopId: 700001, productId: p, hasVat: false }, NET);
    const fetches = plan(needsOf(...Array.from({ length: 150 }, (_, i) => c2(`P${i}`))));
    expect(fetches.map((f) => [f.endpoint, (f.params.productIds as unknown[]).length])).toEqual([
      ["C7", 100],
      ["C7", 50],
    ]);
    expect(fetches[0]?.params).not.toHaveProperty("hasVat"); // false is C7's default too
    const voucher = (p: string) =>
      apiCall("C1", { shopId: 700001, productId: p, sellerVoucher: 1 }, NET);
    expect(plan(needsOf(voucher("a"), voucher("b"))).map((f) => f.endpoint)).toEqual(["C1", "C1"]);
  });
});

describe("deliver", () => {
  const lookup = endpointById;
  const entry = (itemId: number, extra: Record<string, unknown> = {}) => ({
    itemId,
    name: `item ${itemId}`,
    breakdown: { commissionFee: { amount: -1, label: "Commission" } },
    metadata: { netProfit: itemId, currency: "SGD", margin: 10 },
    ...extra,
  });

  it("answers what a page has, walks on for the rest, and falls back when the list lacks it", () => {
    const needs = needsOf(a2(1), a2(2), a2(3), a2(4, {}, [{ field: "itemId" }]));
    const [walk] = plan(needs) as [Fetch];
    const first = deliver(
      walk,
      needs,
      { data: [entry(1), entry(4)], nextCursor: { rtProductId: 4 } },
      lookup,
    );
    // A2's own answer is the lines at the top and the metadata: netProfit is there...
    expect(first.answers).toEqual([
      {
        need: 0,
        value: { commissionFee: { amount: -1, label: "Commission" }, metadata: entry(1).metadata },
        fromList: true,
      },
    ]);
    // ...but "itemId" is not in A2's shape made from the entry: item 4 asks A2 itself.
    expect(first.fallback).toEqual([3]);
    expect(first.next?.params).toMatchObject({ cursorRtProductId: 4, pageSize: 500 });
    expect(first.next?.serves).toEqual([1, 2]);
    const next = first.next as Fetch;
    const last = deliver(next, needs, { data: [entry(2)], nextCursor: null }, lookup);
    expect(last.answers.map((a) => a.need)).toEqual([1]);
    expect(last.fallback).toEqual([2]); // not on the list at all
    expect(last.pages).toBe(2);
  });

  it("stops walking when at most one call is left (its own request costs the same)", () => {
    const needs = needsOf(a2(1), a2(2));
    const [walk] = plan(needs) as [Fetch];
    const d = deliver(walk, needs, { data: [entry(1)], nextCursor: { rtProductId: 1 } }, lookup);
    expect(d.next).toBeUndefined();
    expect(d.fallback).toEqual([1]);
  });

  it("gives each batch id its own entries, and an unknown id an empty list", () => {
    const needs = needsOf(apiCall("A1", { shopId: 1, region: "SG", modelIds: [5, 6] }));
    const [f] = plan(needs) as [Fetch];
    const d = deliver(f, needs, [{ modelId: 5, x: 1 }], lookup);
    expect(d.answers.map((a) => a.value)).toEqual([[{ modelId: 5, x: 1 }], []]);
    expect(() => deliver(f, needs, { not: "a list" }, lookup)).toThrow(
      /unexpected shape \(endpoint A1\): a list was expected/,
    );
    // Entries without their ids answer nobody: not "not found", an unexpected answer (A10's
    // itemId is never null; A1's modelId may be, below).
    const items = needsOf(apiCall("A10", { shopId: 1, region: "SG", itemIds: [5, 6] }));
    const [g] = plan(items) as [Fetch];
    expect(() => deliver(g, items, [{ x: 1 }, { x: 2 }], lookup)).toThrow(
      /unexpected shape \(endpoint A10\): an entry without its itemId/,
    );
  });

  it("reads an A1 entry whose modelId is null (spec 2.4) as the one model no other entry answers", () => {
    const needs = needsOf(apiCall("A1", { shopId: 1, region: "SG", modelIds: [5, 6] }));
    const [f] = plan(needs) as [Fetch];
    const d = deliver(
      f,
      needs,
      [
        { modelId: 5, x: 1 },
        { modelId: null, x: 2 },
      ],
      lookup,
    );
    expect(d.answers.map((a) => a.value)).toEqual([[{ modelId: 5, x: 1 }], [{ modelId: 6, x: 2 }]]);
    expect(d.fallback).toEqual([]);
    // Two such entries for two models: which is which cannot be told, so each model is asked
    // again in a request of its own (a need marked alone is never merged with another id).
    const both = deliver(f, needs, [{ x: 1 }, { modelId: null, x: 2 }], lookup);
    expect(both.answers).toEqual([]);
    expect(both.fallback).toEqual([0, 1]);
    const alone = needs.map((n) => ({ ...n, alone: true }));
    expect(plan(alone).map((x) => x.params.modelIds)).toEqual([[5], [6]]);
  });
});
