/**
 * Issue 32: an import whose API went away waits, and its status line says so with a time
 * ("Could not reach the API … Trying again at 14:05 (in about 15 s); Cancel stops it."), not
 * "starting…" for as long as it waits. Excel's task pane bridge over the Office.js fake; the
 * API's address answers nothing (the server stopped), then comes back and the import ends.
 */
// paneOverServer first: it mocks the ESM-only manifest package before the fake loads it.
import { paneOverServer } from "./paneOverServer";
import type { FetchLike } from "../../../src/hosts/shared/fetchTransport";
import type { ImportDefinition } from "../../../src/imports/definitions";
import type { JobView } from "../../../src/sidebar/jobs/jobRecord";
import { jobStatus } from "../../../src/ui/jobLine";
import { startTestServer, type TestServer } from "../../helpers/server";

jest.setTimeout(60_000);
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
});
afterAll(() => server.close());

const DEF: ImportDefinition = {
  id: "top",
  kind: "productsByProfit",
  marketplace: "A",
  shopId: "100001",
  region: "SG",
  sheetName: "Top products",
  options: { limit: 20 },
};

test("an import waiting on a stopped API says why and when it tries again, then goes on", async () => {
  const net = { down: true };
  // As fetch fails when nothing listens at the address (ECONNREFUSED).
  const fetchFn: FetchLike = (url, init) =>
    net.down ? Promise.reject(new TypeError("fetch failed")) : fetch(url, init);
  let skipped = 0;
  const clock = {
    now: () => Date.now() + skipped,
    sleep: (ms: number) => {
      skipped += ms;
      return new Promise<void>((r) => setImmediate(r));
    },
  };
  const { bridge } = paneOverServer(server, server.keyFor("demo"), undefined, { fetchFn, clock });
  const lines: string[] = [];
  const result = await bridge.runImport(DEF, {
    onProgress: (v: JobView) => {
      lines.push(jobStatus('Import to "Top products"', v).text);
      // The API is back once the job said it waits.
      if (v.waitMs > 0) net.down = false;
    },
  });
  expect([result.rows, lines]).toEqual([20, expect.any(Array)]);
  const waiting = lines.find((l) => /Trying again/.test(l));
  expect(waiting).toMatch(
    /^Import to "Top products": Import stopped at page 1: Could not reach the API.*The sheet is unchanged: the import writes only once every page has arrived\. Trying again at \d\d:\d\d \(in about \d+ s\); Cancel stops it\.$/,
  );
  // Never "starting…" while it waits: every line is the job's.
  expect(lines.every((l) => !/starting/.test(l))).toBe(true);
});
