import { KeyStore } from "../../../src/server/keys/store";
import { startTestServer, type TestServer } from "../../helpers/server";
import { echoHandlers, get } from "./fixtures";

const SHOPS = "/api/mkt-a/fetch-all-user-shops";

describe("API key authentication over HTTP", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ handlers: echoHandlers() });
  });
  afterAll(() => server.close());

  it("serves a valid key with the success envelope and the key's account", async () => {
    const res = await get(server.baseUrl + SHOPS, server.keyFor("rival"));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "SUCCESS", statusCode: 200, message: "OK" });
    expect(res.json.data).toMatchObject({ account: "rival" });
  });

  it("refuses a request without a key, saying how to send one", async () => {
    const res = await get(server.baseUrl + SHOPS, null);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(res.json).toMatchObject({ status: "ERROR", statusCode: 401 });
    expect(res.json.message).toMatch(/Missing API key.*Authorization: Bearer/);
    expect(res.json.errors).toEqual([{ field: "Authorization", problem: "is missing" }]);
  });

  it("refuses a malformed header and an unknown key with their own messages", async () => {
    const malformed = await fetch(server.baseUrl + SHOPS, {
      headers: { Authorization: "Token abc" },
    });
    expect(malformed.status).toBe(401);
    expect((await malformed.json()).message).toMatch(/^Malformed Authorization header/);

    const unknown = await get(server.baseUrl + SHOPS, "mkta_pat_" + "x".repeat(40));
    expect(unknown.status).toBe(401);
    expect(unknown.json.message).toMatch(
      /^Unknown API key.*create a new key in Settings > API keys/,
    );
  });

  it("refuses a revoked key on the very next request, permanently", async () => {
    const token = server.keyFor("demo");
    expect((await get(server.baseUrl + SHOPS, token)).status).toBe(200);
    server.revoke(token);
    const res = await get(server.baseUrl + SHOPS, token);
    expect(res.status).toBe(401);
    expect(res.json.message).toMatch(
      /was revoked and cannot be restored; create a new key in Settings > API keys/,
    );
    expect(res.json.errors).toEqual([{ field: "Authorization", problem: "was revoked" }]);
  });

  it("sees a revoke made by another process (the keys CLI) on the next request", async () => {
    const token = server.keyFor("demo");
    expect((await get(server.baseUrl + SHOPS, token)).status).toBe(200);
    new KeyStore(server.dataDir).revoke(token.slice(0, 15));
    expect((await get(server.baseUrl + SHOPS, token)).status).toBe(401);
  });

  it("refuses an expired key, naming the expiry date", async () => {
    const token = server.keyFor("demo", { expiresInDays: -1 });
    const res = await get(server.baseUrl + SHOPS, token);
    expect(res.status).toBe(401);
    expect(res.json.message).toMatch(/expired on \d{4}-\d{2}-\d{2}; create a new key/);
    expect(res.json.errors).toEqual([{ field: "Authorization", problem: "has expired" }]);
  });

  it("refuses a key whose account has no data here", async () => {
    const res = await get(server.baseUrl + SHOPS, server.keyFor("nobody"));
    expect(res.status).toBe(401);
    expect(res.json.message).toMatch(/account "nobody"/);
  });

  it("records when a key was last used, in a batch write", async () => {
    const token = server.keyFor("demo");
    const before = new KeyStore(server.dataDir).list().find((r) => token.startsWith(r.prefix));
    expect(before?.lastUsed).toBeNull();
    await get(server.baseUrl + SHOPS, token);
    // The helper flushes every 200 ms.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const after = new KeyStore(server.dataDir).list().find((r) => token.startsWith(r.prefix));
    expect(after?.lastUsed).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
  });
});
