/**
 * The add-in's writes are not the seller's to undo: when a call the sidebar makes on the
 * workbook (an import's block, a Refresh log row, a stamp) put steps on the engine's undo
 * history, that history is cleared, as Excel clears its own when an add-in writes. What the
 * seller types afterwards is undone by Ctrl+Z as usual, and calls that only read (the
 * selection, a sheet's values) leave the history alone. The engine may push a step after the
 * call has returned (dropping steps only while the add-in wrote missed the Refresh log's), so
 * each call is looked at again a moment later.
 */

/** The engine's undo history as the add-in's calls watch it (engine.ts undoWatch). */
export interface UndoWatch {
  /** Changes of the history so far (a step pushed, a clear, an undo): a counter that grows. */
  pushed(): number;
  /** Clear the history (undo and redo) of the workbook. */
  clear(): void;
}

/** How long after a call a step it caused may still arrive. */
const LATE_MS = 300;

/** `target`, whose every method (and those of the objects it hands out) is watched so. */
export function forgettingUndo<T extends object>(target: T, watch: UndoWatch): T {
  const wrapped = new WeakMap<object, object>();
  const call = (fn: (...a: unknown[]) => unknown, self: object, args: unknown[]): unknown => {
    const from = watch.pushed();
    const check = (): void => {
      if (watch.pushed() !== from) watch.clear();
    };
    const settle = (): void => {
      check();
      setTimeout(check, 0);
      setTimeout(check, LATE_MS);
    };
    let result: unknown;
    try {
      result = fn.apply(self, args);
    } catch (e) {
      settle();
      throw e;
    }
    if (!(result instanceof Promise)) {
      settle();
      return wrap(result);
    }
    return result.then(
      (v: unknown) => (settle(), wrap(v)),
      (e: unknown) => {
        settle();
        throw e;
      },
    );
  };
  const wrap = (value: unknown): unknown => {
    if (value === null || typeof value !== "object" || value instanceof Promise) return value;
    if (Array.isArray(value) || value instanceof Date) return value;
    const known = wrapped.get(value);
    if (known) return known;
    const proxy = new Proxy(value, {
      get(t, prop) {
        const v: unknown = Reflect.get(t, prop, t);
        if (typeof v === "function")
          return (...args: unknown[]) => call(v as (...a: unknown[]) => unknown, t, args);
        return typeof v === "object" ? wrap(v) : v;
      },
      set: (t, prop, v) => Reflect.set(t, prop, v, t),
    });
    wrapped.set(value, proxy);
    return proxy;
  };
  return wrap(target) as T;
}
