/**
 * dataFreshAt is a "date" (spec 2.3) and date-times travel as arrays (2.4): an import keeps
 * either, over real HTTP to the reference server (arrays) and behind a proxy that sends the
 * same moment as an ISO date-time string or as a date alone.
 */
import { dateFieldToIso } from "../../src/api/datetime";
import { runAsync, type AsyncEnv } from "../../src/core/asyncDriver";
import { call } from "../../src/core/effects";
import type { HttpRequest } from "../../src/core/request";
import { fetchTransport } from "../../src/hosts/shared/fetchTransport";
import type { ImportDefinition } from "../../src/imports/definitions";
import { firstState, readStep, stepCall } from "../../src/imports/plan";
import { importNote } from "../../src/imports/table";
import { functionEnv } from "../helpers/functionEnv";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
});
afterAll(() => server.close());

/** The reference server, its dataFreshAt rewritten by `fresh` (an array in, anything out). */
function env(fresh?: (a: number[]) => unknown): AsyncEnv {
  const inner = fetchTransport();
  return {
    ...functionEnv(server),
    transport: {
      fetch: async (req: HttpRequest) => {
        const res = await inner.fetch(req);
        const envelope = JSON.parse(res.body) as { data?: { dataFreshAt?: number[] } };
        if (fresh && envelope.data?.dataFreshAt)
          envelope.data.dataFreshAt = fresh(envelope.data.dataFreshAt) as number[];
        return { ...res, body: JSON.stringify(envelope) };
      },
    },
  };
}

async function importedNote(e: AsyncEnv): Promise<string> {
  const def: ImportDefinition = {
    id: "d",
    kind: "productsByProfit",
    marketplace: "A",
    shopId: "100001",
    region: "SG",
    sheetName: "P",
    options: { limit: 5 },
  };
  let state = firstState(def);
  while (!state.done) {
    const asked = stepCall(def, state);
    state = readStep(def, state, await runAsync(call(asked.endpoint, asked.params), e)).state;
  }
  const table = { title: "T", dataFreshAt: state.dataFreshAt, importedAt: "2025-06-30T10:00:00Z" };
  return importNote(table, state.rowsSoFar, (iso) => iso);
}

const iso = (a: number[]) => dateFieldToIso(a) as string;

test("an import keeps dataFreshAt as an array, an ISO date-time or a date", async () => {
  const asArray = await importedNote(env());
  const moment = /Data fresh at: (\S+)/.exec(asArray)?.[1] ?? "";
  expect(moment).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  expect(await importedNote(env(iso))).toContain(`Data fresh at: ${moment}`);
  const offset = (a: number[]) => iso(a).replace("Z", "+00:00");
  expect(await importedNote(env(offset))).toContain(`Data fresh at: ${moment}`);
  const day = (a: number[]) => iso(a).slice(0, 10);
  expect(await importedNote(env(day))).toContain(`Data fresh at: ${moment.slice(0, 10)}T00:00:00Z`);
  expect(await importedNote(env(() => "soon"))).toContain("Data fresh at: not reported");
});
