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
