/**
 * Query parameters are refused with a 400 naming each (issue 22; contract-notes): no endpoint
 * takes any, and like an unknown body field a misplaced input must not pass silently. Real HTTP.
 */
import { P_A } from "../../../src/api/endpoints";
import { startTestServer, type TestServer } from "../../helpers/server";

let server: TestServer;
let key = "";
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
  key = server.keyFor("demo");
});
afterAll(() => server.close());

const ITEM = `${P_A}/item/100001/SG/10001691`;

async function post(url: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${server.baseUrl}${url}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: "{}",
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

test("an unknown query parameter is a 400 naming it; the same request without it answers", async () => {
  const refused = await post(`${ITEM}?lookbackDays=30&debug`);
  expect(refused.status).toBe(400);
  expect(refused.json.errors).toEqual([
    { field: "?lookbackDays", problem: expect.stringContaining("JSON body") },
    { field: "?debug", problem: expect.stringContaining("JSON body") },
  ]);
  expect(refused.json.message).toMatch(/unknown query parameter \?lookbackDays/);
  expect((await post(ITEM)).status).toBe(200);
  expect((await post(`${ITEM}?`)).status).toBe(200); // an empty query names nothing
});

test("a GET endpoint refuses them too, and a long name comes back cut short", async () => {
  const res = await fetch(`${server.baseUrl}/api/mkt-a/fetch-all-user-shops?${"x".repeat(500)}=1`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const text = await res.text();
  expect(res.status).toBe(400);
  expect(text).toContain(`?${"x".repeat(64)}…`);
  expect(text).not.toContain("x".repeat(65));
});
