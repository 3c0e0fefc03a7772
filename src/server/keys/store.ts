/**
 * The API key store: one JSON file, `<dataDir>/keys.json`, holding key records with the
 * SHA-256 of each token (never the token). Every change is written atomically (temp file in
 * the same folder, fsync, rename) under a lock file, so a crash never leaves a half-written
 * store and the server and the `keys` CLI never overwrite each other's changes. The server
 * notices a changed file on the next authentication, so a revoke works on the next request.
 */
import * as fs from "fs";
import * as path from "path";
import { randomUUID, timingSafeEqual } from "crypto";
import { displayPrefix, hashToken, looksLikeToken, newToken, sameHash } from "./token";
import { KeyStoreError } from "./keyStoreError";
import { parseStore, isErrno, syncDirectory, sleepSync, takeLock, withLastUsed } from "./storeFile";

export { KeyStoreError };

/** One API key as stored. Dates are ISO-8601 timestamps. */
export interface KeyRecord {
  readonly id: string;
  readonly label: string;
  /** Leading characters of the token, shown in lists and used to revoke. */
  readonly prefix: string;
  /** SHA-256 of the token, hex. */
  readonly hash: string;
  /** The account whose data the key reads. */
  readonly account: string;
  readonly created: string;
  readonly lastUsed: string | null;
  readonly expiresAt: string | null;
  readonly revokedAt: string | null;
}

/** What the key list shows as status. */
export type KeyStatus = "active" | "revoked" | "expired";

/** The outcome of checking a presented token. */
export type AuthOutcome =
  | { readonly ok: true; readonly record: KeyRecord }
  | { readonly ok: false; readonly reason: "unknown" }
  | { readonly ok: false; readonly reason: "revoked" | "expired"; readonly record: KeyRecord };

export interface NewKeyOptions {
  readonly label: string;
  readonly account: string;
  /** Days until the key stops working; null or absent = never. Negative makes an expired key (tests). */
  readonly expiresInDays?: number | null;
}

export interface KeyStoreOptions {
  /** How long lastUsed updates wait before they are written together (default 5 s). */
  readonly flushIntervalMs?: number;
  /** The clock, in ms since the epoch (tests move it). */
  readonly now?: () => number;
}

interface StoreFile {
  version: 1;
  keys: KeyRecord[];
}

const FILE_NAME = "keys.json";
const LOCK_STALE_MS = 10_000;
const LOCK_WAIT_MS = 5_000;
const TEMP_STALE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Status of a key at a moment: revoked wins over expired. */
export function keyStatus(record: KeyRecord, nowMs: number): KeyStatus {
  if (record.revokedAt !== null) return "revoked";
  if (record.expiresAt !== null && Date.parse(record.expiresAt) <= nowMs) return "expired";
  return "active";
}

/** The JSON-file key store of one data folder. */
export class KeyStore {
  /** Absolute path of keys.json. */
  readonly file: string;
  private readonly dir: string;
  private readonly flushIntervalMs: number;
  private readonly now: () => number;
  private records: KeyRecord[] = [];
  private hashes: Buffer[] = [];
  /** Identity of the file version in memory (inode, mtime, size), or "" when none was read. */
  private loadedSignature = "";
  private readonly pendingLastUsed = new Map<string, string>();
  private flushTimer: NodeJS.Timeout | null = null;

  constructor(dataDir: string, options: KeyStoreOptions = {}) {
    this.dir = path.resolve(dataDir);
    this.file = path.join(this.dir, FILE_NAME);
    this.flushIntervalMs = options.flushIntervalMs ?? 5_000;
    this.now = options.now ?? Date.now;
    fs.mkdirSync(this.dir, { recursive: true });
    this.adopt(this.readFromDisk());
  }

  /** Creates a key; the token is returned here and nowhere else, ever. */
  create(options: NewKeyOptions): { token: string; record: KeyRecord } {
    const token = newToken();
    return { token, record: this.register(token, options).record };
  }

  /**
   * Stores a given token (the server's --demo-key). If the token is already stored, its
   * record is returned unchanged and `created` is false.
   */
  register(token: string, options: NewKeyOptions): { record: KeyRecord; created: boolean } {
    if (!looksLikeToken(token)) {
      throw new KeyStoreError(
        "A key must be mkta_pat_ followed by 32 to 128 letters and digits; that one is not.",
      );
    }
    const label = options.label.trim();
    if (label === "") throw new KeyStoreError("A key needs a label (e.g. --label 'My sheet').");
    if (options.account.trim() === "") throw new KeyStoreError("A key needs an account.");
    const hash = hashToken(token);
    let result: { record: KeyRecord; created: boolean } | undefined;
    this.mutate((records) => {
      const existing = records.find((r) => sameHash(r.hash, hash));
      if (existing) {
        result = { record: existing, created: false };
        return records;
      }
      const nowMs = this.now();
      const days = options.expiresInDays ?? null;
      const record: KeyRecord = {
        id: randomUUID(),
        label,
        prefix: displayPrefix(token),
        hash,
        account: options.account.trim(),
        created: new Date(nowMs).toISOString(),
        lastUsed: null,
        expiresAt: days === null ? null : new Date(nowMs + days * DAY_MS).toISOString(),
        revokedAt: null,
      };
      result = { record, created: true };
      return [...records, record];
    });
    if (!result) throw new KeyStoreError("The key store did not record the key.");
    return result;
  }

  /** Every key, oldest first, with lastUsed as the server last saw it. */
  list(): KeyRecord[] {
    this.refresh();
    return this.records.map((r) => this.withPendingLastUsed(r));
  }

  /** Status of a record now. */
  statusOf(record: KeyRecord): KeyStatus {
    return keyStatus(record, this.now());
  }

  /**
   * Checks a presented token against every stored hash in constant time each, after picking
   * up any change another process made to the file. Usable keys get their lastUsed updated
   * (written in a batch later).
   */
  authenticate(token: string): AuthOutcome {
    this.refresh();
    const presented = Buffer.from(hashToken(token), "hex");
    let found = -1;
    for (let i = 0; i < this.hashes.length; i++) {
      const stored = this.hashes[i];
      if (stored && stored.length === presented.length && timingSafeEqual(stored, presented))
        found = i;
    }
    const record = found >= 0 ? this.records[found] : undefined;
    if (!record) return { ok: false, reason: "unknown" };
    const status = this.statusOf(record);
    if (status !== "active") return { ok: false, reason: status, record };
    this.noteUse(record.id);
    return { ok: true, record: this.withPendingLastUsed(record) };
  }

  /**
   * Revokes, permanently, the one key whose prefix starts with `prefixOrToken` (or whose
   * token it is). Revoking a revoked key changes nothing and returns it.
   */
  revoke(prefixOrToken: string): { record: KeyRecord; wasAlreadyRevoked: boolean } {
    const wanted = prefixOrToken.trim();
    if (wanted.length < 4)
      throw new KeyStoreError("Give the key's prefix as shown by `keys list`.");
    let revoked: KeyRecord | undefined;
    let wasAlreadyRevoked = false;
    this.mutate((records) => {
      const hash = looksLikeToken(wanted) ? hashToken(wanted) : null;
      const byToken = hash === null ? [] : records.filter((r) => sameHash(r.hash, hash));
      const matches =
        byToken.length > 0
          ? byToken
          : records.filter((r) => r.prefix.startsWith(wanted) || wanted.startsWith(r.prefix));
      if (matches.length === 0) {
        throw new KeyStoreError(`No key has the prefix ${wanted}. See \`keys list\`.`);
      }
      if (matches.length > 1) {
        throw new KeyStoreError(
          `${matches.length} keys start with ${wanted}; give more characters of the prefix.`,
        );
      }
      const target = matches[0] as KeyRecord;
      wasAlreadyRevoked = target.revokedAt !== null;
      revoked =
        target.revokedAt === null
          ? { ...target, revokedAt: new Date(this.now()).toISOString() }
          : target;
      return records.map((r) => (r.id === target.id ? (revoked as KeyRecord) : r));
    });
    if (!revoked) throw new KeyStoreError("The key store did not record the revocation.");
    return { record: revoked, wasAlreadyRevoked };
  }

  /**
   * Writes pending lastUsed dates now (one atomic write), waiting for the lock like the CLI
   * does. The server's own timer never waits: see flushWithoutWaiting.
   */
  flush(): void {
    this.stopFlushTimer();
    const pending = this.takePending();
    if (pending.size > 0) this.mutate((records) => withLastUsed(records, pending));
  }

  /**
   * Writes pending lastUsed dates if the lock is free right now; if another process holds it,
   * keeps them and tries again after the next interval. Returns whether they were written.
   * The server calls only this: a wait for the lock would block every request (issue 22).
   */
  flushWithoutWaiting(): boolean {
    this.stopFlushTimer();
    const pending = this.takePending();
    if (pending.size === 0) return true;
    const written = this.tryWithLock(() =>
      this.rewrite((records) => withLastUsed(records, pending)),
    );
    if (!written) {
      // Newer uses noted since keep their own date.
      for (const [id, used] of pending)
        if (!this.pendingLastUsed.has(id)) this.pendingLastUsed.set(id, used);
      this.scheduleFlush();
    }
    return written;
  }

  /** Writes what it can without waiting and stops the timer; call on shutdown. */
  close(): void {
    if (!this.flushWithoutWaiting()) {
      this.stopFlushTimer();
      process.emitWarning(
        `Key last-used dates not saved: ${this.file}.lock is held by another process.`,
      );
    }
  }

  private takePending(): Map<string, string> {
    const pending = new Map(this.pendingLastUsed);
    this.pendingLastUsed.clear();
    return pending;
  }

  private stopFlushTimer(): void {
    if (this.flushTimer) {
      clearTimeout(this.flushTimer);
      this.flushTimer = null;
    }
  }

  private noteUse(id: string): void {
    this.pendingLastUsed.set(id, new Date(this.now()).toISOString());
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushTimer !== null) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      try {
        this.flushWithoutWaiting();
      } catch (error) {
        // A failed lastUsed write must not take the server down; the next use retries.
        process.emitWarning(`Could not save key last-used dates: ${String(error)}`);
      }
    }, this.flushIntervalMs);
    this.flushTimer.unref();
  }

  private withPendingLastUsed(record: KeyRecord): KeyRecord {
    const used = this.pendingLastUsed.get(record.id);
    return used === undefined ? record : { ...record, lastUsed: used };
  }

  /** Re-reads the file if another process replaced it; keeps the last good copy if it is damaged. */
  private refresh(): void {
    if (this.signature() === this.loadedSignature) return;
    try {
      this.adopt(this.readFromDisk());
    } catch (error) {
      process.emitWarning(`Key store not reloaded, keeping the last good copy: ${String(error)}`);
    }
  }

  private signature(): string {
    try {
      const st = fs.statSync(this.file, { bigint: true });
      return `${st.ino}:${st.mtimeNs}:${st.size}`;
    } catch (error) {
      if (isErrno(error, "ENOENT")) return "missing";
      throw error;
    }
  }

  private readFromDisk(): { records: KeyRecord[]; signature: string } {
    const signature = this.signature();
    if (signature === "missing") return { records: [], signature };
    const text = fs.readFileSync(this.file, "utf8");
    return { records: parseStore(text, this.file), signature };
  }

  private adopt(loaded: { records: KeyRecord[]; signature: string }): void {
    this.records = loaded.records;
    this.hashes = loaded.records.map((r) => Buffer.from(r.hash, "hex"));
    this.loadedSignature = loaded.signature;
  }

  /** Read-modify-write of the file under the lock, from the file's current content. */
  private mutate(change: (records: KeyRecord[]) => KeyRecord[]): void {
    this.withLock(() => this.rewrite(change));
  }

  /** Read-modify-write of the file; the caller holds the lock. */
  private rewrite(change: (records: KeyRecord[]) => KeyRecord[]): void {
    const current = this.readFromDisk();
    const next = change(current.records);
    this.writeAtomically({ version: 1, keys: next });
    this.adopt({ records: next, signature: this.signature() });
  }

  private writeAtomically(content: StoreFile): void {
    const temp = path.join(this.dir, `${FILE_NAME}.${process.pid}.${randomUUID()}.tmp`);
    const fd = fs.openSync(temp, "w", 0o600);
    try {
      fs.writeSync(fd, JSON.stringify(content, null, 2) + "\n");
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, this.file);
    syncDirectory(this.dir);
    this.removeStaleTempFiles();
  }

  /** Temp files left by a crash are never read; tidy old ones away. */
  private removeStaleTempFiles(): void {
    const cutoff = Date.now() - TEMP_STALE_MS;
    for (const name of fs.readdirSync(this.dir)) {
      if (!name.startsWith(`${FILE_NAME}.`) || !name.endsWith(".tmp")) continue;
      const full = path.join(this.dir, name);
      try {
        if (fs.statSync(full).mtimeMs < cutoff) fs.unlinkSync(full);
      } catch {
        // Another process may have removed it first.
      }
    }
  }

  /**
   * Runs `work` holding `<file>.lock` (O_EXCL create), waiting up to 5 s for it (the CLI and
   * start-up only); a lock older than 10 s is stale.
   */
  private withLock(work: () => void): void {
    const deadline = Date.now() + LOCK_WAIT_MS;
    while (!this.tryWithLock(work)) {
      if (Date.now() > deadline) {
        throw new KeyStoreError(`The key store is locked by another process (${this.file}.lock).`);
      }
      sleepSync(5);
    }
  }

  /** Runs `work` if the lock can be taken at once (breaking a stale one); false if it is held. */
  private tryWithLock(work: () => void): boolean {
    const lock = `${this.file}.lock`;
    if (!takeLock(lock, LOCK_STALE_MS)) return false;
    try {
      work();
    } finally {
      fs.rmSync(lock, { force: true });
    }
    return true;
  }
}
