/**
 * Strict mode's background: what happens in Apps Script that no execution of this seller
 * causes. Other sellers of the published add-on take the shared script lock and fill the
 * shared script cache; Google drops cache entries before they expire.
 */
import type { Coordinator } from "./coordinator";
import type { ExecRecord } from "./handlers";
import type { SimLock } from "./hostState";

const MINUTE = 60_000;

/** Start the background load (call once; it runs as long as the clock does). */
export function startBackground(c: Coordinator): void {
  const s = c.strict;
  if (s.cacheDropPerMinute > 0) {
    const drop = (): void => {
      for (const cache of c.state.allCaches()) cache.dropRandom(s.cacheDropPerMinute, c.random);
      c.agenda.system(c.now() + MINUTE, drop);
    };
    c.agenda.system(c.now() + MINUTE, drop);
  }
  const load = s.otherSellers;
  if (!load) return;
  let seq = 0;
  const other: ExecRecord & { locks: Set<SimLock> } = {
    id: -1,
    kind: "trigger",
    user: "other-seller",
    doc: null,
    pending: new Map(),
    locks: new Set(),
  };
  const tick = (): void => {
    const lock = c.state.scriptLock;
    const hold = (): void => {
      other.locks.add(lock);
      c.agenda.system(c.now() + load.lockHoldMs, () => c.release(lock, other));
    };
    if (lock.holder === null) {
      lock.holder = other.id;
      hold();
    } else if (!lock.waiters.some((w) => w.exec === other.id))
      lock.waiters.push({ exec: other.id, grant: hold });
    for (let i = 0; i < load.cachePuts; i++)
      c.state.scriptCache.put(`other-seller:${++seq}`, "x".repeat(200), 600);
    c.agenda.system(c.now() + load.everyMs, tick);
  };
  c.agenda.system(c.now() + load.everyMs, tick);
}
