/**
 * A 401 on any call turns the key's status red (issue 12, item 8): Settings and the polled
 * quota view say the key was rejected, cached previews stop answering for it, and saving a
 * working key clears it. Excel's task pane bridge, real HTTP; the server revokes for real.
 */
import { paneOverServer } from "../hosts/excel/paneOverServer";
import { rejectedMark } from "../../src/hosts/shared/keyStatus";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ hostileNames: false });
});
afterAll(() => server.close());

test("a revoked key shows red, its cached preview stops answering, a new key clears it", async () => {
  const { bridge, settings } = paneOverServer(server, null);
  const key = server.keyFor("demo");
  expect((await bridge.saveApiKey(key)).keyRejected).toBe(false);
  const args = [100001, "SG", 10001691, null, "netProfit"];
  const before = (await bridge.previewFunction("MKTA_BREAKDOWN", args)).value;
  expect(typeof before).toBe("number");
  expect((await bridge.previewFunction("MKTA_BREAKDOWN", args)).value).toBe(before); // from the cache

  server.revoke(key);
  // Another call meets the 401...
  await expect(
    bridge.previewFunction("MKTA_ITEM", [100001, "SG", 10000001, "netProfit"]),
  ).rejects.toThrow(/API key rejected/);
  // ...the key's status is red where the pane looks...
  expect((await bridge.getSettings()).keyRejected).toBe(true);
  expect((await bridge.getQuota()).keyRejected).toBe(true);
  // ...and the cached preview no longer answers for the revoked key.
  await expect(bridge.previewFunction("MKTA_BREAKDOWN", args)).rejects.toThrow(/API key rejected/);
  // The key itself never lands in what marks it.
  expect([...settings.values()].filter((v) => v === key)).toHaveLength(1); // mkt.apiKey only

  const fresh = server.keyFor("demo");
  expect((await bridge.saveApiKey(fresh)).keyRejected).toBe(false);
  expect((await bridge.getQuota()).keyRejected).toBe(false);
  expect((await bridge.previewFunction("MKTA_BREAKDOWN", args)).value).toBe(before);
});

const ARGS = [100001, "SG", 10001691, null, "netProfit"];
const IMPORT = {
  id: "top",
  kind: "productsByProfit",
  marketplace: "A",
  shopId: "100001",
  region: "SG",
  sheetName: "Top products",
} as const;

test("a 401 met by an import (no cache on that path) stops the cached previews too", async () => {
  const { bridge } = paneOverServer(server, null);
  const key = server.keyFor("demo");
  await bridge.saveApiKey(key);
  expect(typeof (await bridge.previewFunction("MKTA_BREAKDOWN", ARGS)).value).toBe("number");
  server.revoke(key);
  await expect(bridge.runImport(IMPORT)).rejects.toThrow(/API key rejected/);
  expect((await bridge.getSettings()).keyRejected).toBe(true);
  await expect(bridge.previewFunction("MKTA_BREAKDOWN", ARGS)).rejects.toThrow(/API key rejected/);
});

test("the cells' runtime marked the key rejected: the pane's cached previews stop too", async () => {
  const { bridge, settings } = paneOverServer(server, null);
  const key = server.keyFor("demo");
  await bridge.saveApiKey(key);
  await bridge.previewFunction("MKTA_BREAKDOWN", ARGS);
  server.revoke(key);
  settings.set("mkt.keyRejected", rejectedMark(key)); // what Excel's functions runtime writes
  await expect(bridge.previewFunction("MKTA_BREAKDOWN", ARGS)).rejects.toThrow(/API key rejected/);
});

test("a mistyped new key is refused and the saved key stays red", async () => {
  const { bridge } = paneOverServer(server, null);
  const key = server.keyFor("demo");
  await bridge.saveApiKey(key);
  server.revoke(key);
  await expect(
    bridge.previewFunction("MKTA_ITEM", [100001, "SG", 10000001, "netProfit"]),
  ).rejects.toThrow(/API key rejected/);
  await expect(bridge.saveApiKey(`mkta_pat_${"x".repeat(40)}`)).rejects.toThrow();
  expect((await bridge.getSettings()).keyRejected).toBe(true);
});
