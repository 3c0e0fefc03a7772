import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { KeyStore, KeyStoreError } from "../../../src/server/keys/store";
import { hashToken, looksLikeToken, newToken, TOKEN_PREFIX } from "../../../src/server/keys/token";

describe("API key tokens", () => {
  it("start with mkta_pat_ and carry 40 random base62 characters", () => {
    const tokens = new Set(Array.from({ length: 200 }, newToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) {
      expect(token).toMatch(/^mkta_pat_[0-9A-Za-z]{40}$/);
      expect(looksLikeToken(token)).toBe(true);
    }
    expect(TOKEN_PREFIX.endsWith("pat_")).toBe(true);
    expect(looksLikeToken("mkta_pat_short")).toBe(false);
  });
});

describe("KeyStore", () => {
  let dir: string;
  let clock: number;
  const opened: KeyStore[] = [];
  const open = () => {
    const store = new KeyStore(dir, { now: () => clock, flushIntervalMs: 60_000 });
    opened.push(store);
    return store;
  };
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "mkt-keystore-"));
    clock = Date.parse("2025-06-01T00:00:00Z");
  });
  afterEach(() => {
    // Closed before the folder goes: a pending last-used write would find it gone a minute
    // later, in another test, and warn.
    for (const store of opened.splice(0)) {
      try {
        store.close();
      } catch {
        // The damaged-file test's store refuses to write: that is what it tests.
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("stores only the hash and the display prefix of a token", () => {
    const store = open();
    const { token, record } = store.create({ label: "Sheet", account: "demo" });
    expect(record).toMatchObject({
      label: "Sheet",
      account: "demo",
      prefix: token.slice(0, 15),
      hash: hashToken(token),
      lastUsed: null,
      expiresAt: null,
      revokedAt: null,
    });
    const text = fs.readFileSync(store.file, "utf8");
    expect(text).not.toContain(token);
    expect(text).toContain(hashToken(token));
    expect(fs.statSync(store.file).mode & 0o777).toBe(0o600);
  });

  it("tells unknown, expired and revoked keys apart", () => {
    const store = open();
    const thirty = store.create({ label: "30 days", account: "demo", expiresInDays: 30 }).token;
    expect(store.authenticate(thirty)).toMatchObject({ ok: true });
    clock += 30 * 86_400_000;
    expect(store.authenticate(thirty)).toMatchObject({ ok: false, reason: "expired" });
    store.revoke(thirty.slice(0, 15));
    expect(store.authenticate(thirty)).toMatchObject({ ok: false, reason: "revoked" });
    expect(store.authenticate(newToken())).toEqual({ ok: false, reason: "unknown" });
  });

  it("sees changes another process wrote on the next check", () => {
    const server = open();
    const cli = open();
    const token = cli.create({ label: "from CLI", account: "demo" }).token;
    expect(server.authenticate(token)).toMatchObject({ ok: true });
    cli.revoke(token);
    expect(server.authenticate(token)).toMatchObject({ ok: false, reason: "revoked" });
  });

  it("batches lastUsed and does not lose a revoke made meanwhile", () => {
    const server = open();
    const token = server.create({ label: "k", account: "demo" }).token;
    const writes = () => fs.statSync(server.file, { bigint: true }).mtimeNs;
    const before = writes();
    for (let i = 0; i < 50; i++) server.authenticate(token);
    expect(writes()).toBe(before);
    expect(server.list()[0]?.lastUsed).toBe(new Date(clock).toISOString());
    open().revoke(token);
    server.flush();
    const [record] = open().list();
    expect(record?.lastUsed).toBe(new Date(clock).toISOString());
    expect(record?.revokedAt).not.toBeNull();
  });

  it("skips the last-used write while another process holds the lock, and keeps the dates", () => {
    const server = open();
    const token = server.create({ label: "k", account: "demo" }).token;
    server.authenticate(token);
    const lock = `${server.file}.lock`;
    fs.writeFileSync(lock, "cli");
    const started = Date.now();
    expect(server.flushWithoutWaiting()).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000); // flush() would wait 5 s, then throw
    expect(open().list()[0]?.lastUsed).toBeNull();
    clock += 1000;
    server.authenticate(token); // a newer use while the write waits
    fs.rmSync(lock);
    expect(server.flushWithoutWaiting()).toBe(true);
    expect(open().list()[0]?.lastUsed).toBe(new Date(clock).toISOString());
  });

  it("revokes by prefix only when exactly one key matches", () => {
    const store = open();
    store.create({ label: "a", account: "demo" });
    store.create({ label: "b", account: "demo" });
    expect(() => store.revoke("mkta_pat_")).toThrow(/2 keys start with/);
    expect(() => store.revoke("mkta_pat_nothing")).toThrow(KeyStoreError);
    const [first] = store.list();
    expect(store.revoke(first?.prefix ?? "").wasAlreadyRevoked).toBe(false);
    expect(store.revoke(first?.prefix ?? "").wasAlreadyRevoked).toBe(true);
  });

  it("registers a given token once and refuses a malformed one", () => {
    const store = open();
    const token = newToken();
    expect(store.register(token, { label: "demo", account: "demo" }).created).toBe(true);
    expect(store.register(token, { label: "demo", account: "demo" }).created).toBe(false);
    expect(store.list()).toHaveLength(1);
    expect(() => store.register("secret", { label: "x", account: "demo" })).toThrow(/mkta_pat_/);
  });

  it("keeps the last good copy when the file is damaged, and refuses to write over it", () => {
    const server = open();
    const token = server.create({ label: "k", account: "demo" }).token;
    fs.writeFileSync(server.file, "{ torn");
    const warn = jest.spyOn(process, "emitWarning").mockImplementation(() => undefined);
    expect(server.authenticate(token)).toMatchObject({ ok: true });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
    expect(() => open()).toThrow(/damaged/);
    expect(() => server.create({ label: "x", account: "demo" })).toThrow(/damaged/);
    expect(fs.readFileSync(server.file, "utf8")).toBe("{ torn");
  });
});
