/**
 * Wrong keys cannot be tried at full speed (issue 22): after 30 failed authentications in a
 * minute from one address, that address gets 429 with Retry-After, a right key included, until
 * the oldest failure is a minute old; a valid key's own requests never count. Real HTTP, the
 * server's clock in the test's hands.
 */
import { startTestServer, type TestServer } from "../../helpers/server";

let server: TestServer;
let now = Date.parse("2025-06-30T08:00:00Z");
beforeAll(async () => {
  server = await startTestServer({
    hostileNames: false,
    authFailuresPerMinute: 30,
    now: () => now,
  });
});
afterAll(() => server.close());

const SHOPS = "/api/mkt-a/fetch-all-user-shops";

async function get(token: string): Promise<{ status: number; retryAfter: string | null }> {
  const res = await fetch(`${server.baseUrl}${SHOPS}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await res.arrayBuffer();
  return { status: res.status, retryAfter: res.headers.get("retry-after") };
}

test("30 wrong keys a minute are answered 401, the 31st attempt 429 until the window frees", async () => {
  const valid = server.keyFor("demo");
  const wrong = valid.slice(0, -4) + "zzzz";
  for (let i = 0; i < 100; i++) expect((await get(valid)).status).toBe(200); // never counted
  const statuses: number[] = [];
  for (let i = 0; i < 30; i++) {
    statuses.push((await get(wrong)).status);
    now += 1000;
  }
  expect(statuses).toEqual(new Array(30).fill(401));
  const blocked = await get(wrong);
  expect(blocked).toEqual({ status: 429, retryAfter: "30" }); // the first failure was 30 s ago
  expect((await get(valid)).status).toBe(429); // a right guess does not show through
  now += 30_000;
  expect((await get(valid)).status).toBe(200);
  expect((await get(wrong)).status).toBe(401);
});
