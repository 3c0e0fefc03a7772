/**
 * UrlFetchApp's getAllHeaders: Google documents a map with repeated headers as arrays, not the
 * names' case. With the fake spelling names as servers send them ("Retry-After") and every value
 * as an array, the add-on still reads a 429's Retry-After (transport.ts lower-cases and joins).
 */
import { retryAfterSeconds } from "../../../src/core/response";
import { urlFetchTransport } from "../../../src/hosts/sheets/stores/transport";
import { FakeClock, FakeUrlFetchApp } from "./fakes";
import { startServerProcess, type ServerProcess } from "./harness";
import { SyncHttp } from "./syncHttp";

const SHOPS = "/api/mkt-a/fetch-all-user-shops";

// In its own process: the test thread blocks on the synchronous fetch.
let server: ServerProcess;
const http = new SyncHttp(10_000);
beforeAll(async () => {
  server = await startServerProcess({ rateLimitPerMinute: 1 });
});
afterAll(async () => {
  await http.close();
  await server.stop();
});

test("header names as sent and values as arrays: a 429's Retry-After still pauses the key", () => {
  const clock = new FakeClock();
  const urlFetch = new FakeUrlFetchApp(http, clock, "as-sent");
  const transport = urlFetchTransport(urlFetch);
  const request = {
    url: server.baseUrl + SHOPS,
    method: "GET" as const,
    headers: { Authorization: `Bearer ${server.keys.demo}` },
  };
  expect(transport.fetch(request).status).toBe(200);
  const raw = urlFetch.fetch(request.url, { headers: request.headers, muteHttpExceptions: true });
  expect(Object.keys(raw.getAllHeaders())).toContain("Retry-After"); // the fake really bites
  const refused = transport.fetch(request);
  expect(refused.status).toBe(429);
  const wait = retryAfterSeconds(refused.headers, clock.now());
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(60);
});
