/**
 * Failed authentications are throttled, valid keys never are (issues 22, 36). Real HTTP, the
 * server's clock in the test's hands, the product's limits (30 failures a minute for one
 * address and presented key, 120 for one address in all).
 */
import { startTestServer, type TestServer } from "../../helpers/server";
import { AuthThrottle } from "../../../src/server/authThrottle";

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
// Each test starts with every count refilled.
beforeEach(() => void (now += 120_000));

const SHOPS = "/api/mkt-a/fetch-all-user-shops";

interface Answer {
  status: number;
  retryAfter: string | null;
  authenticate: string | null;
  message: string;
}

async function get(token: string | null): Promise<Answer> {
  const res = await fetch(`${server.baseUrl}${SHOPS}`, {
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { message?: string };
  return {
    status: res.status,
    retryAfter: res.headers.get("retry-after"),
    authenticate: res.headers.get("www-authenticate"),
    message: body.message ?? "",
  };
}

/** A token of the right shape that is no key. */
function wrongKey(seed: string): string {
  return `mkta_pat_${seed}${"x".repeat(40 - seed.length)}`;
}

test("31 requests without a key, then the valid key's next request: 200", async () => {
  const valid = server.keyFor("demo");
  const keyless: number[] = [];
  for (let i = 0; i < 31; i++) keyless.push((await get(null)).status);
  expect(keyless.slice(0, 30)).toEqual(new Array(30).fill(401));
  expect(keyless[30]).toBe(429);
  expect((await get(valid)).status).toBe(200);
});

test("30 failures of one key are answered 401, the 31st 429 in a sentence; the valid key is never refused", async () => {
  const valid = server.keyFor("demo");
  const wrong = wrongKey("Wr0ng");
  const statuses: number[] = [];
  for (let i = 0; i < 30; i++) {
    statuses.push((await get(wrong)).status);
    expect((await get(valid)).status).toBe(200);
  }
  expect(statuses).toEqual(new Array(30).fill(401));
  const refused = await get(wrong);
  expect(refused).toMatchObject({ status: 429, authenticate: expect.stringMatching(/^Bearer /) });
  // One failure a 2 s comes back (30 a minute): the wait is short and said.
  expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(refused.retryAfter)).toBeLessThanOrEqual(2);
  expect(refused.message).toMatch(
    /^This API key was not accepted, and it failed more than 30 times in a minute from your address: .* Retry in \d+ s\.$/,
  );
  expect(refused.message).not.toMatch(/another app/);
  for (let i = 0; i < 20; i++) expect((await get(valid)).status).toBe(200);
  // Another wrong key from the same address is its own count: its mistake is still named.
  expect(await get(wrongKey("0ther"))).toMatchObject({
    status: 401,
    message: expect.stringMatching(/^Unknown API key/),
  });
  // The count refills evenly: one failure every 2 s is let through again.
  now += 2000;
  expect((await get(wrong)).status).toBe(401);
  expect((await get(wrong)).status).toBe(429);
});

test("many different wrong keys from one address: refused after 120 a minute, valid keys still answered", async () => {
  const valid = server.keyFor("demo");
  const statuses: number[] = [];
  for (let i = 0; i < 121; i++) statuses.push((await get(wrongKey(`k${i}K`))).status);
  expect(statuses.filter((s) => s === 401)).toHaveLength(120);
  expect(statuses[120]).toBe(429);
  const refused = await get(wrongKey("another"));
  expect(refused.status).toBe(429);
  expect(refused.message).toMatch(/^This API key was not accepted, and your address failed/);
  expect((await get(valid)).status).toBe(200);
});

test("the throttle's memory is bounded: 50,000 failing addresses and keys keep at most its cap", () => {
  let t = 0;
  const throttle = new AuthThrottle(() => t, 30);
  for (let i = 0; i < 50_000; i++) {
    throttle.failed(
      `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      `Bearer ${wrongKey(`${i}`)}`,
    );
    if (i % 1000 === 0) t += 1;
  }
  expect(throttle.size()).toBeLessThanOrEqual(AuthThrottle.MAX_ENTRIES);
  // The most recent are still remembered: a flood cannot erase the count of who fails now.
  for (let i = 0; i < 40; i++) throttle.failed("192.0.2.1", null);
  expect(throttle.failed("192.0.2.1", null).waitSeconds).toBeGreaterThan(0);
});
