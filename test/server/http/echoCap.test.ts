/**
 * A 400 or 404 never repeats the caller's input at full length (issue 22: a 5,000-character
 * region came back whole): each value a message echoes is cut at 64 characters with an
 * ellipsis (a path at 120), and whatever else reached a message is cut at 120. Real HTTP.
 */
import { P_A, P_B } from "../../../src/api/endpoints";
import { startTestServer, type TestServer } from "../../helpers/server";

let server: TestServer;
let key = "";
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
  key = server.keyFor("demo");
});
afterAll(() => server.close());

const HUGE = "R".repeat(5000);

async function post(path: string, body: unknown): Promise<{ status: number; text: string }> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

test.each([
  [
    "B3's region",
    `${P_B}/new-product`,
    { region: HUGE, categoryId: 1, listingPrice: 50, manufacturingCogs: 20 },
    400,
  ],
  [
    "B4's region",
    `${P_B}/required-price`,
    { region: HUGE, categoryId: 1, cogs: 20, targetMargin: 0.2 },
    400,
  ],
  ["an unknown body field's name", `${P_A}/item/100001/SG/10001691`, { [HUGE]: 1 }, 400],
  ["an unknown path", `/${HUGE}`, {}, 404],
] as const)("%s is echoed cut short", async (_what, path, body, status) => {
  const answer = await post(path, body);
  expect(answer.status).toBe(status);
  expect(answer.text).toContain(`${"R".repeat(64)}…`);
  expect(answer.text).not.toContain("R".repeat(121));
  expect(answer.text.length).toBeLessThan(1000);
});
