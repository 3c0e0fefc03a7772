import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { KeyStore } from "../../../src/server/keys/store";
import { startTestServer } from "../../helpers/server";
import { echoHandlers, get } from "./fixtures";

const SHOPS = "/api/mkt-a/fetch-all-user-shops";

describe("the key store across restarts and crashes", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mkt-keys-restart-"));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("keeps keys and revocations across a restart, even with a crashed write left behind", async () => {
    const first = await startTestServer({ handlers: echoHandlers(), dataDir });
    const kept = first.keyFor("demo");
    const revoked = first.keyFor("demo");
    first.revoke(revoked);
    expect((await get(first.baseUrl + SHOPS, kept)).status).toBe(200);
    await first.close();

    // A crash mid-write leaves a half-written temp file beside keys.json, never a torn keys.json.
    fs.writeFileSync(
      path.join(dataDir, "keys.json.999.crashed.tmp"),
      '{"version":1,"keys":[{"id":',
    );
    fs.writeFileSync(path.join(dataDir, "keys.json.lock"), "999");
    fs.utimesSync(path.join(dataDir, "keys.json.lock"), new Date(0), new Date(0));

    const second = await startTestServer({ handlers: echoHandlers(), dataDir });
    expect((await get(second.baseUrl + SHOPS, kept)).status).toBe(200);
    expect((await get(second.baseUrl + SHOPS, revoked)).status).toBe(401);
    // The store still takes writes (the stale lock of the crashed process is broken).
    const fresh = second.keyFor("rival");
    expect((await get(second.baseUrl + SHOPS, fresh)).json.data).toMatchObject({
      account: "rival",
    });
    await second.close();

    const records = new KeyStore(dataDir).list();
    expect(records).toHaveLength(3);
    expect(records.map((r) => r.revokedAt !== null)).toEqual([false, true, false]);
    const onDisk = fs.readFileSync(path.join(dataDir, "keys.json"), "utf8");
    for (const token of [kept, revoked, fresh]) expect(onDisk).not.toContain(token);
  });
});

describe("a key store lock held by another process (issue 22)", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mkt-keys-held-"));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("never makes a request wait for it: the last-used write is skipped and retried", async () => {
    // The test server flushes last-used dates every 200 ms.
    const server = await startTestServer({ handlers: echoHandlers(), dataDir });
    try {
      await requestsWhileLocked(server.baseUrl, server.keyFor("demo"), dataDir);
    } finally {
      await server.close();
    }
  });
});

async function requestsWhileLocked(baseUrl: string, token: string, dataDir: string) {
  const lock = path.join(dataDir, "keys.json.lock");
  const lastUsedOnDisk = (): unknown => {
    const store = JSON.parse(fs.readFileSync(path.join(dataDir, "keys.json"), "utf8")) as {
      keys: { lastUsed: unknown }[];
    };
    return store.keys[0]?.lastUsed;
  };
  fs.writeFileSync(lock, "held by a keys CLI");
  const times: number[] = [];
  try {
    // 1.5 s of requests: several flush attempts fall inside. The old flush slept on the
    // event loop until the lock was free or 5 s had passed, so one request took seconds.
    const until = Date.now() + 1500;
    while (Date.now() < until) {
      // Timed with the pause between requests, when the flush timer fires.
      const started = Date.now();
      await new Promise((r) => setTimeout(r, 20));
      expect((await get(baseUrl + SHOPS, token)).status).toBe(200);
      times.push(Date.now() - started);
    }
    expect(lastUsedOnDisk()).toBeNull(); // nothing written under another's lock
  } finally {
    fs.rmSync(lock, { force: true });
  }
  // A generous bound for a shared machine; a blocked flush costs 5,000 ms.
  expect(Math.max(...times)).toBeLessThan(1000);
  // Once the lock is free, the next attempt writes the date.
  const deadline = Date.now() + 3000;
  while (lastUsedOnDisk() === null && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  expect(typeof lastUsedOnDisk()).toBe("string");
}
