/**
 * Issue 23 (new-user run): marketplace C's refusal of an unknown category ends with an example
 * category, and the seller read it cut off before the example. The whole problem is kept.
 * Real HTTP to the reference server.
 */
import { isApiError } from "../../src/core/errors";
import { runAsync, type AsyncEnv } from "../../src/core/asyncDriver";
import { functionByName } from "../../src/functions";
import { DEFAULT_BASIS } from "../../src/functions/basis";
import { functionEnv } from "../helpers/functionEnv";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let env: AsyncEnv;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
  env = functionEnv(server, { perMinute: 100_000 });
});
afterAll(() => server.close());

test("an unknown C category's message carries the whole example category", async () => {
  const fn = functionByName("MKTC_NEW_PRODUCT");
  if (!fn) throw new Error("no MKTC_NEW_PRODUCT");
  const message = await runAsync(
    fn.program([700001, 299, "No such > Category"], DEFAULT_BASIS),
    env,
  )
    .then(() => "answered")
    .catch((e: unknown) => (isApiError(e) ? e.message : String(e)));
  expect(message).toMatch(/^Request refused \(categoryL2: must name a marketplace C category/);
  // The example ends with its third level in quotes, then the advice: nothing cut.
  expect(message).toMatch(
    /e\.g\. categoryL1 "[^"]+", categoryL2 "[^"]+", categoryL3 "[^"]+"\): check the arguments$/,
  );
  expect(message).not.toContain("…");
});
