import { startTestServer } from "../../helpers/server";
import { echoHandlers, get, P_A, post } from "./fixtures";
import { onTheWire, revealsToken, tokenSpellings } from "./tokenSpellings";

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

  it("hold no 12 consecutive characters of a token in any of 23 spellings, in any place (R4)", async () => {
    const lines: string[] = [];
    const server = await startTestServer({
      handlers: echoHandlers(),
      logger: { level: "trace", stream: { write: (line) => void lines.push(line) } },
    });
    try {
      const token = server.keyFor("demo");
      const spellings = tokenSpellings(token);
      expect(Object.keys(spellings)).toHaveLength(23);
      const sent: string[] = [];
      const linesOf: Record<string, [number, number]> = {};
      for (const [name, spelling] of Object.entries(spellings)) {
        const from = lines.length;
        const wire = onTheWire(spelling);
        // In a path, in a query, in a path parameter of a real route, and as (refused) headers.
        const urls = [
          `${server.baseUrl}/api/${wire}?${name}=${wire}`,
          `${server.baseUrl}${P_A}/item/${wire}/SG/1`,
          `${server.baseUrl}${P_A}/item/1/${wire}/1`,
        ];
        for (const url of urls) {
          sent.push(url);
          await fetch(url);
        }
        await fetch(server.baseUrl + "/api/mkt-a/fetch-all-user-shops", {
          headers: { authorization: `Bearer ${wire}`, "x-api-key": wire, cookie: `key=${wire}` },
        });
        linesOf[name] = [from, lines.length];
      }
      await fetch(server.baseUrl + "/api/mkt-a/fetch-all-user-shops", {
        headers: { authorization: `Basic ${Buffer.from(`user:${token}`).toString("base64")}` },
      });

      // The check can fail: each spelling as sent gives the token away to it.
      for (const [name, spelling] of Object.entries(spellings)) {
        expect({ name, found: revealsToken(onTheWire(spelling), token) }).toEqual({
          name,
          found: true,
        });
      }
      const log = lines.join("");
      expect(lines.length).toBeGreaterThan(23 * 4);
      expect(log).toContain("/api/mkt-a/fetch-all-user-shops");
      expect(revealsToken(sent.join(" "), token)).toBe(true);
      const leaking = Object.entries(linesOf)
        .filter(([, [from, to]]) => revealsToken(lines.slice(from, to).join(""), token))
        .map(([name]) => name);
      expect(leaking).toEqual([]);
      expect(revealsToken(log, token)).toBe(false);
    } finally {
      await server.close();
    }
  });
});
