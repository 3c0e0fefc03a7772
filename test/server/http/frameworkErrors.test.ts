/**
 * Refusals that fastify and Node make before any route runs answer in the API's error envelope
 * like every other failure (issue 22): a path with a bad %-escape, a path parameter over 100
 * characters, a URL or headers over Node's 16 KB, a body of another type, bytes that are not
 * HTTP. Raw sockets, so the exact bytes on the wire are what the test reads.
 */
import * as net from "net";
import { P_A } from "../../../src/api/endpoints";
import { isErrorEnvelope } from "../../../src/api/envelope";
import { startTestServer, type TestServer } from "../../helpers/server";

let server: TestServer;
let port = 0;
let key = "";
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
  port = Number(new URL(server.baseUrl).port);
  key = server.keyFor("demo");
});
afterAll(() => server.close());

interface Answer {
  status: number;
  headers: string;
  body: unknown;
}

/** Send raw bytes, read until the server closes. */
function raw(text: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, "127.0.0.1", () => socket.end(text));
    socket.on("data", (d: Buffer) => chunks.push(d));
    socket.on("error", reject);
    socket.on("close", () => {
      const all = Buffer.concat(chunks).toString("utf8");
      const cut = all.indexOf("\r\n\r\n");
      const headers = all.slice(0, cut);
      let body: unknown = null;
      try {
        body = JSON.parse(all.slice(cut + 4));
      } catch {
        body = all.slice(cut + 4);
      }
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(all)?.[1] ?? 0), headers, body });
    });
  });
}

const request = (line: string, headers: string[] = [], body = ""): string =>
  [line, "Host: 127.0.0.1", ...headers, `Content-Length: ${body.length}`, "Connection: close"].join(
    "\r\n",
  ) +
  "\r\n\r\n" +
  body;

const item = `${P_A}/item/100001/SG/10001691`;

const cases: ReadonlyArray<readonly [string, () => string, number, string]> = [
  ["a bad %-escape in an unknown path", () => request("GET /%E0%A4%A HTTP/1.1"), 400, "path"],
  [
    "a bad %-escape in a path parameter",
    () => request(`POST ${P_A}/item/%E0%A4%A/SG/1 HTTP/1.1`, [`Authorization: Bearer ${key}`]),
    400,
    "path",
  ],
  [
    "a path parameter of 500 characters",
    () =>
      request(`POST ${P_A}/item/${"1".repeat(500)}/SG/1 HTTP/1.1`, [
        `Authorization: Bearer ${key}`,
      ]),
    414,
    "path",
  ],
  ["a URL of 20,000 characters", () => request(`GET /${"a".repeat(20_000)} HTTP/1.1`), 414, "url"],
  [
    "headers of 20 KB",
    () =>
      request(`POST ${item} HTTP/1.1`, [
        `Authorization: Bearer ${key}`,
        `X-Big: ${"a".repeat(20_000)}`,
      ]),
    431,
    "headers",
  ],
  [
    "a text/plain body",
    () =>
      request(
        `POST ${item} HTTP/1.1`,
        [`Authorization: Bearer ${key}`, "Content-Type: text/plain"],
        "{}",
      ),
    400,
    "Content-Type",
  ],
  ["bytes that are not HTTP", () => "GARBAGE\r\n\r\n", 400, "request"],
];

test.each(cases)("%s: answered in the error envelope", async (_what, text, status, field) => {
  const answer = await raw(text());
  expect(answer.status).toBe(status);
  expect(answer.headers).toMatch(/content-type: application\/json/i);
  expect(isErrorEnvelope(answer.body)).toBe(true);
  expect(answer.body).toMatchObject({ status: "ERROR", statusCode: status, errors: [{ field }] });
  // Never the caller's long input echoed back.
  expect(JSON.stringify(answer.body).length).toBeLessThan(400);
});

test("the server still answers after each of them", async () => {
  await raw("GARBAGE\r\n\r\n");
  await raw(request(`GET /${"a".repeat(20_000)} HTTP/1.1`));
  const ok = await raw(request(`POST ${item} HTTP/1.1`, [`Authorization: Bearer ${key}`]));
  expect(ok.status).toBe(200);
});
