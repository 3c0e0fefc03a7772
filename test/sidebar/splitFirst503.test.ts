/**
 * A job's batch the reference server has no time for (its 503) goes to its halves at the first
 * 503: no whole retries, each of which spent a request of the key's 60 a minute on a batch the
 * server would refuse again (issue 32: B PH's 82 requests for 41 in the web row at load 10).
 * A request at the split floor or below, a single product's, keeps the driver's retries. The
 * requests are counted at the server (every try, answered or refused). Real HTTP through the
 * job runner's own ask (its step context) and the async driver; the slow server is exact
 * (msPerBudgetCheck: each solver step costs counted time, budget.ts): at a 1,000 ms budget a
 * B14 preview of 100 SKUs is refused and one of 50 answered, on any machine. About 3 s with
 * --maxWorkers=1.
 */
import { generateDemoData } from "../../src/server/data/generate";
import { ALL_HANDLERS } from "../../src/server/endpoints";
import type { EndpointHandler } from "../../src/server/handler";
import { ApiProblem } from "../../src/server/problem";
import type { JobKind, StepEnd } from "../../src/sidebar/jobs/jobKind";
import { jobOps } from "../../src/sidebar/jobs/jobRunner";
import { askSplit, oneAsk, SPLIT_FLOOR, type Split } from "../../src/sidebar/jobs/splitAsk";
import { runOpAsync, type Op } from "../../src/sidebar/op";
import type { SidebarPorts } from "../../src/sidebar/ports";
import { memoryPorts } from "../helpers/memoryPorts";
import { startTestServer, type TestServer } from "../helpers/server";

jest.setTimeout(60_000);

/** Every B14 request the server got: its rows, and whether it answered. */
interface Try {
  readonly rows: number;
  readonly answered: boolean;
}
let tries: Try[] = [];
/** Bodies refused once already (the "busy once" server). */
const refusedOnce = new Set<string>();
/** B14 requests the "stall" server got; it refuses the one numbered `stallAt` (from 1). */
let stallCount = 0;
let stallAt = 0;

/**
 * B14 counted. `busy`: "once", each distinct body is refused with a 503 the first time; "stall",
 * only the request numbered `stallAt` is (the server's moment, not the batch's size).
 */
function counting(busy: "once" | "stall" | null): Record<string, EndpointHandler> {
  const b14 = ALL_HANDLERS.B14 as EndpointHandler;
  return {
    ...ALL_HANDLERS,
    B14: (ctx) => {
      const rows = Array.isArray(ctx.body.skus) ? ctx.body.skus.length : 0;
      const body = JSON.stringify(ctx.body);
      try {
        const refuse =
          busy === "once" ? !refusedOnce.has(body) : busy === "stall" && ++stallCount === stallAt;
        if (refuse) {
          refusedOnce.add(body);
          throw new ApiProblem(503, "The server is busy: try again later");
        }
        const data = b14(ctx);
        tries.push({ rows, answered: true });
        return data;
      } catch (e) {
        tries.push({ rows, answered: false });
        throw e;
      }
    },
  };
}

/** Seller B 500001's SKUs (MY), each a B14 row. */
const data = generateDemoData({ seed: 1, scale: 1, today: "2025-06-30", hostileNames: false });
const seller = data.accounts
  .find((a) => a.id === "demo")
  ?.sellersB.find((s) => s.sellerId === 500001);
const SKUS = (seller?.products ?? []).flatMap((p) =>
  p.skus.map((k) => ({ itemId: p.itemId, skuId: k.skuId, cogs: 5 })),
);
const b14 = (rows: number, from = 0): Record<string, unknown> => ({
  sellerId: 500001,
  region: "MY",
  skus: SKUS.slice(from, from + rows),
  targetMarginPercent: 0.2,
});

/**
 * A job that asks its batches as a pricing build does: those after the first go ahead together
 * where the host can (`ahead`), each asked through askSplit with the job's own ask.
 */
interface ProbeState {
  readonly batches: Array<Record<string, unknown>>;
  readonly ahead: boolean;
  split: Split;
  rows: number;
  done: boolean;
}
const probe: JobKind<{ batches: Array<Record<string, unknown>>; ahead: boolean }, ProbeState> = {
  perStep: 1000,
  // eslint-disable-next-line require-yield
  *begin(_p, input) {
    return {
      state: { ...input, split: {}, rows: 0, done: false },
      title: "probe",
      sheet: null,
    };
  },
  // eslint-disable-next-line require-yield
  *answer() {
    return null;
  },
  *step(_p, s, ctx): Op<StepEnd> {
    for (const [i, params] of s.batches.entries()) {
      if (s.ahead && i > 0)
        yield* ctx.ahead(s.batches.slice(i).map((b) => oneAsk("B14", b, s.split)));
      const got = (yield* askSplit(ctx.ask, "B14", params, s.split)) as Record<string, unknown[]>;
      // Each row once in the joined answer: adjusted or not adjustable.
      s.rows += (got.adjustedItems?.length ?? 0) + (got.unadjustableItems?.length ?? 0);
    }
    s.done = true;
    return { kind: "done", result: s.rows };
  },
  left: (s) => ({
    requests: s.done ? 0 : s.batches.length,
    writes: 0,
    rows: 0,
    rowsWritten: 0,
    planned: true,
  }),
  doing: () => "probing",
  // eslint-disable-next-line require-yield
  *drop() {
    return;
  },
};

/** Run the probe job to its end over `server`; its view at the end. */
async function run(
  server: TestServer,
  batches: Array<Record<string, unknown>>,
  options: { ahead?: boolean } = {},
) {
  const { ports: base } = memoryPorts(server);
  // Room for a group of asks, as Sheets' fetchAll has: Excel and the web send one at a time.
  const ports: SidebarPorts = options.ahead
    ? { ...base, api: { ...base.api, jobRoom: () => 10 } }
    : base;
  const ops = jobOps(ports, { probe: probe as never });
  let view = await runOpAsync(ops.start("probe", { batches, ahead: options.ahead === true }));
  if (view.phase === "confirm") view = await runOpAsync(ops.confirm(view.id));
  for (let i = 0; i < 5 && !["done", "failed", "cancelled"].includes(view.phase); i++)
    view = await runOpAsync(ops.step(view.id, "test"));
  return view;
}

let slow: TestServer;
let busy: TestServer;
let stall: TestServer;
beforeAll(async () => {
  [slow, busy, stall] = await Promise.all([
    startTestServer({
      hostileNames: false,
      handlers: counting(null),
      requestBudgetMs: 1000,
      msPerBudgetCheck: 1,
    }),
    startTestServer({ hostileNames: false, handlers: counting("once") }),
    startTestServer({ hostileNames: false, handlers: counting("stall") }),
  ]);
});
afterAll(async () => {
  await Promise.all([slow.close(), busy.close(), stall.close()]);
});
beforeEach(() => {
  tries = [];
});

const shape = () => tries.map((t) => `${t.rows}${t.answered ? "" : "!"}`);

test("a 503 on a batch of 100 goes to its two halves at once: 3 requests, none whole again", async () => {
  expect(SKUS.length).toBeGreaterThan(200);
  const view = await run(slow, [b14(100)]);
  expect(view.phase).toBe("done");
  expect(view.result).toBe(100);
  // One refusal, then the halves; the driver's 4 whole tries would have made it 6.
  expect(shape()).toEqual(["100!", "50", "50"]);
  expect(view.spent).toBe(2);
});

test("a half still too big halves again at its first 503; the next batch goes at the split's size", async () => {
  const view = await run(slow, [b14(200), b14(100, 200)]);
  expect(view.phase).toBe("done");
  expect(view.result).toBe(300);
  // 200 refused: parts of 100; the first refused: parts of 50. Nothing refused twice.
  expect(shape()).toEqual(["200!", "100!", "50", "50", "50", "50", "50", "50"]);
});

test("batches sent ahead together (a fetchAll group): each refused once, then asked in halves", async () => {
  const view = await run(slow, [b14(50), b14(100, 50), b14(100, 150)], { ahead: true });
  expect(view.phase).toBe("done");
  expect(view.result).toBe(250);
  const sorted = (from: number) => shape().slice(from).sort();
  // The first goes alone (answered); the other two go together, each refused once (no whole
  // retries in the group), then each in halves.
  expect(shape().slice(0, 1)).toEqual(["50"]);
  expect(sorted(1).slice(0, 2)).toEqual(["100!", "100!"]);
  expect(sorted(3)).toEqual(["50", "50", "50", "50"]);
  expect(tries).toHaveLength(7);
});

test("a single product's 503 is retried by the driver, as is a batch at the split floor", async () => {
  const one = await run(busy, [b14(1)]);
  expect(one.phase).toBe("done");
  expect(shape()).toEqual(["1!", "1"]);
  tries = [];
  const floor = await run(busy, [b14(SPLIT_FLOOR, 1)]);
  expect(floor.phase).toBe("done");
  expect(floor.result).toBe(SPLIT_FLOOR);
  expect(shape()).toEqual([`${SPLIT_FLOOR}!`, `${SPLIT_FLOOR}`]);
});

test("a 503 on a size the job already had answered is the server's moment: retried whole, not halved", async () => {
  [stallCount, stallAt] = [0, 2];
  const view = await run(stall, [b14(100), b14(100, 100), b14(100, 200)]);
  expect(view.phase).toBe("done");
  expect(view.result).toBe(300);
  // Halving here would have sent every later batch in two requests.
  expect(shape()).toEqual(["100", "100!", "100", "100"]);
  // Before any answer of that size, the same moment's 503 splits the batch at once.
  [tries, stallCount, stallAt] = [[], 0, 1];
  const first = await run(stall, [b14(100), b14(100, 100)]);
  expect(first.result).toBe(200);
  expect(shape()).toEqual(["100!", "50", "50", "50", "50"]);
});
