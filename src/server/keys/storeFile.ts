/** The key store's file helpers: parse and check the JSON, locks, fsync, a blocking sleep (CLI only). */
import * as fs from "fs";
import { KeyStoreError } from "./keyStoreError";
import type { KeyRecord } from "./store";

export function parseStore(text: string, file: string): KeyRecord[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new KeyStoreError(`${file} is damaged (not JSON). Restore it from a backup.`);
  }
  const keys = (parsed as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || !keys.every(isKeyRecord)) {
    throw new KeyStoreError(`${file} is damaged (unexpected content). Restore it from a backup.`);
  }
  return keys;
}

function isKeyRecord(value: unknown): value is KeyRecord {
  if (typeof value !== "object" || value === null) return false;
  const r = value as Record<string, unknown>;
  const text = (k: string) => typeof r[k] === "string";
  const textOrNull = (k: string) => r[k] === null || typeof r[k] === "string";
  return (
    ["id", "label", "prefix", "hash", "account", "created"].every(text) &&
    ["lastUsed", "expiresAt", "revokedAt"].every(textOrNull) &&
    /^[0-9a-f]{64}$/.test(r.hash as string)
  );
}

export function isErrno(error: unknown, code: string): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === code;
}

/** Creates `lock` (O_EXCL) if no one holds it, breaking one older than `staleMs`; false if held. */
export function takeLock(lock: string, staleMs: number): boolean {
  for (;;) {
    try {
      fs.closeSync(fs.openSync(lock, "wx", 0o600));
      return true;
    } catch (error) {
      if (!isErrno(error, "EEXIST")) throw error;
      if (lockAge(lock) <= staleMs) return false;
      fs.rmSync(lock, { force: true });
    }
  }
}

function lockAge(lock: string): number {
  try {
    return Date.now() - fs.statSync(lock).mtimeMs;
  } catch {
    return 0;
  }
}

export function syncDirectory(dir: string): void {
  try {
    const fd = fs.openSync(dir, "r");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Some platforms cannot fsync a directory; the rename is still atomic.
  }
}

export function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Records with the pending lastUsed dates applied (a date never moves back). */
export function withLastUsed(
  records: KeyRecord[],
  pending: ReadonlyMap<string, string>,
): KeyRecord[] {
  return records.map((r) => {
    const used = pending.get(r.id);
    return used !== undefined && (r.lastUsed === null || r.lastUsed < used)
      ? { ...r, lastUsed: used }
      : r;
  });
}
