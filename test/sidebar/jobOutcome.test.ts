/**
 * A job's end (issue 32): a failure is logged once even when a stop cuts its end between the
 * log's row and the job's removal (the next caller finishes that end, not the step again); and
 * the last finished job's outcome stays in the document, so a sidebar whose job a clock run
 * ended shows how it ended, not "no longer in the document". Real HTTP, memory workbook.
 */
import { countedServer } from "../helpers/countedServer";
import { memoryJobClient, memoryPorts } from "../helpers/memoryPorts";
import type { TestServer } from "../helpers/server";
import { REFRESH_LOG_SHEET } from "../../src/sidebar/refreshLog";
import type { SidebarPorts } from "../../src/sidebar/ports";

jest.setTimeout(60_000);
let server: TestServer;
beforeAll(async () => {
  ({ server } = await countedServer());
});
afterAll(() => server.close());

test("a failure whose end was cut after its log row is logged once", async () => {
  const { ports: base, book } = memoryPorts(server);
  let cut = true;
  const ports: SidebarPorts = {
    ...base,
    jobs: {
      ...base.jobs,
      remove(id) {
        // The execution limit right after the log's row: the job stays in the document.
        if (cut) {
          cut = false;
          throw new Error("Exceeded maximum execution time");
        }
        base.jobs.remove(id);
      },
    },
  };
  const client = memoryJobClient(ports);
  // A shop the key's account cannot see: the API refuses it, the job fails.
  const view = await client.start("pricingBuild", {
    shopId: 100999,
    region: "SG",
    sheetName: "Pricing",
  });
  await expect(client.step(view.id)).rejects.toThrow(/execution time/);
  // The next caller (a clock run, the sidebar) finishes that end.
  const again = await client.step(view.id);
  expect(again.phase).toBe("failed");
  expect(await client.list()).toEqual([]);
  const log = (book.sheets.get(REFRESH_LOG_SHEET) ?? []).slice(1).filter((r) => r[2] !== "");
  expect(log.map((r) => r[2])).toEqual([view.title]);
});

test("the sidebar reads the outcome of a job a clock run finished; one outcome is kept", async () => {
  const { ports } = memoryPorts(server);
  const clock = memoryJobClient(ports);
  const ask = { shopId: 100001, region: "SG", products: 3 };
  const first = await clock.start("pricingBuild", { ...ask, sheetName: "P1" });
  let view = first;
  for (let i = 0; view.phase !== "done" && i < 20; i++) view = await clock.step(first.id);
  expect(view.phase).toBe("done");
  // The sidebar that started it asks for its next step: it reads how it ended.
  const sidebar = memoryJobClient(ports);
  const seen = await sidebar.step(first.id);
  expect(seen.phase).toBe("done");
  expect(seen.result).toMatchObject({ sheetName: "P1", requests: view.spent });
  expect(await sidebar.list()).toEqual([]);
  // Another job's end replaces it: the document keeps one outcome.
  const second = await clock.start("pricingBuild", { ...ask, sheetName: "P2" });
  for (let i = 0, v = second; v.phase !== "done" && i < 20; i++) v = await clock.step(second.id);
  expect((await sidebar.step(second.id)).phase).toBe("done");
  await expect(sidebar.step(first.id)).rejects.toThrow(/no longer in the document/);
  expect(ports.jobs.ids()).toEqual([second.id]);
});
