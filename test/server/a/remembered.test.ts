/**
 * The server's remembered results are bounded (issue 22 item 3): asking for ever new windows
 * keeps at most REMEMBERED_BYTES (the rows' JSON), evicting the least recently used window, and a
 * window still in use keeps answering from memory. Counts, not timings; the memory itself is
 * measured in bench/cacheMemory.ts.
 */
import { generateDemoData } from "../../../src/server/data/generate";
import type { DemoAccount } from "../../../src/server/data/model";
import { handlersA } from "../../../src/server/endpoints/a";
import { REMEMBERED_BYTES, rememberedSize } from "../../../src/server/endpoints/remembered";
import type { HandlerContext } from "../../../src/server/handler";
import { SerializedData } from "../../../src/server/serialized";

const TODAY = "2025-06-30";
const data = generateDemoData({ seed: 1, scale: 1, today: TODAY });
const demo = data.accounts.find((a) => a.id === "demo") as DemoAccount;
// The 300-product shop: enough windows to overflow the budget several times, quickly.
const shop = demo.shopsA.find((s) => s.products.length === 300)!;

function call(id: string, body: Record<string, unknown>): Record<string, unknown> {
  const ctx: HandlerContext = {
    account: demo,
    data,
    today: TODAY,
    body: { shopId: shop.shopId, region: shop.region, ...body },
    path: { shopId: shop.shopId, region: shop.region },
  };
  const answer = handlersA[id]!(ctx);
  return (answer instanceof SerializedData ? JSON.parse(answer.json) : answer) as Record<
    string,
    unknown
  >;
}

/** What one A7/A11 window of the shop keeps, measured once on a window of its own. */
let measured = 0;
function windowBytes(): number {
  if (measured > 0) return measured;
  const before = rememberedSize();
  call("A7", { lookbackDays: 17, effectiveDate: "2025-06-02", pageSize: 1 });
  const after = rememberedSize();
  // Measured while nothing was evicted: the one new entry's size.
  expect(after.entries).toBe(before.entries + 1);
  return (measured = after.bytes - before.bytes);
}

describe("remembered results per request window", () => {
  it("stay within REMEMBERED_BYTES however many windows are asked for", () => {
    const oneWindow = windowBytes();
    // The JSON of a 300-product window: about 350 KB (1.2 KB a product).
    expect(oneWindow).toBeGreaterThan(300 * 1000);
    const windows = 3 * Math.ceil(REMEMBERED_BYTES / oneWindow);
    const endpoints = ["A7", "A11", "A12", "A16"];
    for (let i = 0; i < windows; i++) {
      const id = endpoints[i % endpoints.length]!;
      const body =
        id === "A16"
          ? {
              from: "2025-01-01",
              to: `2025-0${1 + (i % 6)}-${String(1 + (i % 28)).padStart(2, "0")}`,
            }
          : { lookbackDays: 1 + (i % 730), effectiveDate: i % 2 === 0 ? TODAY : "2025-07-01" };
      call(id, body);
      const size = rememberedSize();
      expect(size.bytes).toBeLessThanOrEqual(REMEMBERED_BYTES);
    }
    const { entries, bytes } = rememberedSize();
    // Full: about REMEMBERED_BYTES / oneWindow windows of this shop, never the `windows` asked for.
    expect(bytes).toBeGreaterThan(REMEMBERED_BYTES - 2 * oneWindow);
    expect(entries).toBeLessThan(windows / 2);
  });

  it("keep a window in use while more other windows than fit come and go", () => {
    const inUse = { lookbackDays: 90, pageSize: 10 };
    const computed = (): number => rememberedSize().computed;
    const first = call("A11", inUse);
    const others = Math.ceil(REMEMBERED_BYTES / windowBytes()) + 5;
    const oldest = call("A7", { lookbackDays: 100, pageSize: 1 });
    for (let i = 1; i < others; i++) {
      call("A7", { lookbackDays: 100 + i });
      // The window in use answers from memory: nothing is computed.
      const before = computed();
      expect(call("A11", inUse)).toEqual(first);
      expect(computed()).toBe(before);
    }
    // The oldest of the others was evicted: asked again, it is computed anew, the same.
    const before = computed();
    expect(call("A7", { lookbackDays: 100, pageSize: 1 })).toEqual(oldest);
    expect(computed()).toBe(before + 1);
  });
});
