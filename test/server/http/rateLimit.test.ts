import { startTestServer, type TestServer } from "../../helpers/server";
import { echoHandlers, get } from "./fixtures";

const SHOPS = "/api/mkt-a/fetch-all-user-shops";

describe("rate limit over HTTP (60 requests per minute per key)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ handlers: echoHandlers(), rateLimitPerMinute: 60 });
  });
  afterAll(() => server.close());

  it("answers the 61st request inside a minute with 429 and Retry-After; other keys go on", async () => {
    const token = server.keyFor("demo");
    // Unauthenticated requests do not use up the key's allowance.
    for (let i = 0; i < 5; i++) expect((await get(server.baseUrl + SHOPS, null)).status).toBe(401);
    const statuses = await Promise.all(
      Array.from({ length: 60 }, async () => (await get(server.baseUrl + SHOPS, token)).status),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);

    const refused = await get(server.baseUrl + SHOPS, token);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json).toMatchObject({ status: "ERROR", statusCode: 429 });
    expect(refused.json.message).toMatch(/60 requests per minute. Retry in \d+ s/);

    expect((await get(server.baseUrl + SHOPS, server.keyFor("demo"))).status).toBe(200);
  });
});
