/**
 * Excel and the web demo (the async driver): a job's step sends its independent batches together,
 * as many at once as the job's share of the key's quota has free (core/asyncDriver.ts jobRoom, the
 * room asyncBridge.ts gives the job runner), where each went after the last one's answer before.
 * The key keeps cells their room: a group never takes the share's last slots, and the API's 60 a
 * minute holds at the client's quota (60 here, as the hosts run). Real HTTP to the reference
 * server; in-flight requests counted at the transport. About 10 s with --maxWorkers=1.
 */
import { jobRoom, runAsync } from "../../src/core/asyncDriver";
import { jobLimit } from "../../src/core/schedule/jobShare";
import { fetchTransport } from "../../src/hosts/shared/fetchTransport";
import type { SidebarPorts } from "../../src/sidebar/ports";
import { functionEnv } from "../helpers/functionEnv";
import { memoryJobClient, memoryPorts } from "../helpers/memoryPorts";
import { startTestServer, type TestServer } from "../helpers/server";

jest.setTimeout(120_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false, requestBudgetMs: 30_000 });
});
afterAll(async () => {
  await server.close();
});

/** Memory ports whose asks go through a counted transport; `groups`: the hosts' job room. */
function ports(groups: boolean) {
  let [flying, most, sent] = [0, 0, 0];
  const base = functionEnv(server, { perMinute: 60 });
  const http = fetchTransport();
  const { cache: _fresh, ...env } = {
    ...base,
    transport: {
      async fetch(...args: Parameters<typeof http.fetch>) {
        sent++;
        most = Math.max(most, ++flying);
        try {
          return await http.fetch(...args);
        } finally {
          flying--;
        }
      },
    },
  };
  const { ports: memory } = memoryPorts(server);
  const p: SidebarPorts = {
    ...memory,
    api: {
      ...memory.api,
      run: (program) => runAsync(program, env, { share: "job" }),
      ...(groups ? { jobRoom: () => jobRoom(env) } : {}),
    },
  };
  return { p, env, counts: () => ({ most, sent }) };
}

async function build(p: SidebarPorts) {
  const client = memoryJobClient(p);
  let view = await client.start("pricingBuild", {
    marketplace: "A",
    shopId: 100001,
    region: "SG",
    sheetName: "Pricing",
  });
  for (let i = 0; !["done", "failed", "cancelled"].includes(view.phase) && i < 100; i++) {
    if (view.phase === "confirm") view = await client.confirm(view.id);
    view = await client.step(view.id);
  }
  return view;
}

test("a pricing build's step sends its batches together (Excel, web): the same requests, several in flight", async () => {
  const grouped = ports(true);
  const started = Date.now();
  const together = await build(grouped.p);
  expect(together.phase).toBe("done");
  // Each request once (the server has time for every one: no 503 asked again), several in
  // flight at once, at most the six a runtime opens.
  expect(grouped.counts().sent).toBe(together.spent);
  expect(grouped.counts().most).toBeGreaterThan(1);
  expect(grouped.counts().most).toBeLessThanOrEqual(6);
  console.log(
    `async pricing build: ${together.spent} requests, at most ${grouped.counts().most} at once, ${Date.now() - started} ms`,
  );
});

test("the room is the job share's free slots: none once a minute's share is spent, cells keep theirs", async () => {
  const { env } = ports(true);
  const quota = env.quota;
  if (!quota) throw new Error("no quota");
  expect(jobRoom(env)).toBe(6); // a runtime's requests at once
  const key = String(env.apiKey);
  for (let i = 0; i < jobLimit(60) - 3; i++) quota.acquire(key);
  expect(jobRoom(env)).toBe(3);
  for (let i = 0; i < 3; i++) quota.acquire(key);
  expect(jobRoom(env)).toBe(0);
  // The slots left are the cells' (jobShare.ts): a cell still goes at once.
  expect(quota.remaining(key)).toBe(60 - jobLimit(60));
});
