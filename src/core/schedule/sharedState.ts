/**
 * State several executions share through a host KeyValueStore (Apps Script: CacheService under
 * LockService; Excel and the browser: one in-memory store). Reads and writes fail open: the
 * server still enforces its own limits, so a broken store must not stop every cell.
 */
import { sha256Hex } from "../hash";
import type { KeyValueStore } from "../store";

/** Runs a read-modify-write under the host's lock (Sheets: LockService). */
export type WithLock = <T>(fn: () => T) => T;

/** No lock: one runtime, one thread (Excel, the browser, tests). */
export const withoutLock: WithLock = (fn) => fn();

/** A store key for `purpose` and a secret (the API key): a hash, so the secret never lands. */
export function hashedStoreKey(prefix: string, purpose: string, secret: string): string {
  return `${prefix}:${sha256Hex(`${purpose}\n${secret}`).slice(0, 40)}`;
}

/** Read a text entry; null when absent or when the store fails. */
export function readShared(store: KeyValueStore, key: string): string | null {
  try {
    return store.get(key);
  } catch {
    return null;
  }
}

/** Write a text entry; a failing store is ignored (fail open). */
export function writeShared(store: KeyValueStore, key: string, text: string, ttlSec: number): void {
  try {
    store.put(key, text, Math.max(1, Math.ceil(ttlSec)));
  } catch {
    // Fail open, as in readShared.
  }
}

/** Times as a base plus base-36 offsets: compact for the 60-odd stamps a quota keeps. */
export function encodeTimes(base: number, times: readonly number[]): string {
  return times.map((t) => Math.max(0, Math.round(t - base)).toString(36)).join(",");
}

/** The inverse of encodeTimes; garbage offsets are dropped. */
export function decodeTimes(base: number, text: string | undefined): number[] {
  if (!text) return [];
  return text
    .split(",")
    .map((o) => base + parseInt(o, 36))
    .filter((t) => Number.isFinite(t));
}
