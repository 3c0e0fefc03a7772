/**
 * A key refused by the API's failed-authentication throttle (issue 36): the cell shows the
 * API's sentence as written, asks once, pauses nothing, and the valid key beside it is
 * answered. Real HTTP to the reference server at the product's limit (30 failures a minute).
 */
import { valueOf } from "../helpers/figureValues";
import { runAsync, type AsyncEnv } from "../../src/core/asyncDriver";
import { isApiError } from "../../src/core/errors";
import { functionByName } from "../../src/functions";
import { DEFAULT_BASIS } from "../../src/functions/basis";
import { fetchTransport } from "../../src/hosts/shared/fetchTransport";
import { functionEnv } from "../helpers/functionEnv";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false, authFailuresPerMinute: 30 });
});
afterAll(() => server.close());

const cell = (env: AsyncEnv) => {
  const fn = functionByName("MKTA_BREAKDOWN");
  if (!fn) throw new Error("no MKTA_BREAKDOWN");
  return runAsync(fn.program([100001, "SG", 10001691, null, "netProfit"], DEFAULT_BASIS), env);
};

test("a key refused for failing too often: the cell says the API's sentence, once asked", async () => {
  const wrong = `mkta_pat_${"Wr0ngKey".repeat(5)}`;
  for (let i = 0; i < 30; i++) {
    const res = await fetch(`${server.baseUrl}/api/mkt-a/fetch-all-user-shops`, {
      headers: { Authorization: `Bearer ${wrong}` },
    });
    expect(res.status).toBe(401);
  }
  const answers: Array<{ status: number; message: string }> = [];
  const web = fetchTransport();
  let told = 0;
  const env: AsyncEnv = {
    ...functionEnv(server),
    apiKey: wrong,
    onRejectedKey: () => void told++,
    transport: {
      async fetch(request, options) {
        const res = await web.fetch(request, options);
        answers.push({ status: res.status, message: String(JSON.parse(res.body).message) });
        return res;
      },
    },
  };
  const error = await cell(env).then(
    () => null,
    (e: unknown) => e,
  );
  expect(answers).toHaveLength(1);
  expect(answers[0]?.status).toBe(429);
  expect(isApiError(error) && error.message).toBe(answers[0]?.message);
  expect(answers[0]?.message).toMatch(/^This API key was not accepted, .* Retry in \d+ s\.$/);
  expect(told).toBe(1);
  // The valid key from the same address, at once: answered.
  expect(typeof valueOf(await cell(functionEnv(server)))).toBe("number");
});
