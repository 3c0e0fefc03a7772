import { startTestServer } from "../../helpers/server";
import { echoHandlers, get, P_A, post } from "./fixtures";

describe("server logs", () => {
  it("never contain a key, whatever happens to the request", async () => {
    const lines: string[] = [];
    const server = await startTestServer({
      handlers: {
        ...echoHandlers(),
        A3: () => {
          throw new Error("boom");
        },
      },
      logger: { level: "trace", stream: { write: (line) => void lines.push(line) } },
    });
    try {
      const good = server.keyFor("demo");
      const revoked = server.keyFor("demo");
      server.revoke(revoked);
      const unknown = "mkta_pat_" + "Q".repeat(40);
      await get(server.baseUrl + "/api/mkt-a/fetch-all-user-shops", good);
      await get(server.baseUrl + "/api/mkt-a/fetch-all-user-shops", revoked);
      await get(server.baseUrl + "/api/mkt-a/fetch-all-user-shops", unknown);
      await post(server.baseUrl + `${P_A}/product`, good, { bad: true });
      await post(server.baseUrl + `${P_A}/new-product`, good, {
        shopId: 1,
        region: "SG",
        listingPrice: 1,
        categoryId: 1,
      });
      await get(server.baseUrl + `/api/${good}`, good);
      await fetch(server.baseUrl + `${P_A}/product?key=${good}`, { method: "POST" });

      const log = lines.join("");
      expect(lines.length).toBeGreaterThan(10);
      expect(log).toContain('"statusCode":500');
      for (const token of [good, revoked, unknown]) expect(log).not.toContain(token.slice(9));
      expect(log).not.toMatch(/authorization/i);
    } finally {
      await server.close();
    }
  });

  it("redact a token in any encoding anywhere in a line (R4)", async () => {
    const lines: string[] = [];
    const server = await startTestServer({
      handlers: echoHandlers(),
      logger: { level: "trace", stream: { write: (line) => void lines.push(line) } },
    });
    try {
      const token = server.keyFor("demo");
      const secret = token.slice("mkta_pat_".length);
      const base64 = Buffer.from(`user:${token}`).toString("base64");
      const spellings: Record<string, string> = {
        plain: token,
        upperCase: token.toUpperCase(),
        urlEncoded: encodeURIComponent(token).replace(/_/g, "%5F"),
        everyCharEncoded: [...token].map((c) => "%" + c.charCodeAt(0).toString(16)).join(""),
        doubleEncoded: encodeURIComponent(encodeURIComponent(token).replace(/_/g, "%5F")),
        afterBearer: encodeURIComponent(`Bearer ${token}`).replace(/_/g, "%5F"),
        jsonEscaped: token.replace(/_/g, "\\u005f"),
        base64,
        base64url: Buffer.from(token).toString("base64url"),
        hex: Buffer.from(token).toString("hex"),
      };
      for (const [name, spelling] of Object.entries(spellings)) {
        // In the path, in the query, and as a (refused) Authorization header.
        await fetch(`${server.baseUrl}/api/${spelling}?${name}=${spelling}`);
        await get(server.baseUrl + "/api/mkt-a/fetch-all-user-shops", spelling);
      }
      await fetch(server.baseUrl + "/api/mkt-a/fetch-all-user-shops", {
        headers: { authorization: `Basic ${base64}` },
      });

      const log = lines.join("");
      expect(lines.length).toBeGreaterThan(20);
      expect(log).toContain("[redacted]");
      const leaks = lines.filter((l) => l.toLowerCase().includes(secret.toLowerCase()));
      expect(leaks).toEqual([]);
      for (const [name, spelling] of Object.entries(spellings)) {
        expect({ name, found: log.includes(spelling) }).toEqual({ name, found: false });
      }
      // Nothing that decodes to the token either: the base64 and hex forms are gone.
      expect(log).not.toContain(base64.slice(8, 40));
      expect(log).not.toContain(spellings.hex?.slice(18, 60));
    } finally {
      await server.close();
    }
  });
});
