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
});
