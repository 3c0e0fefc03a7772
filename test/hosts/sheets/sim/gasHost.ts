/**
 * What every simulated Apps Script service in a worker shares: the blocking host call, value
 * conversion across the JSON boundary (dates are the execution's own Date objects, so
 * `instanceof Date` holds inside the bundle), and a guard that makes any method the simulator
 * does not model fail loudly instead of quietly returning undefined.
 */

/** A blocking call to the coordinator: "Service.method" and JSON arguments. */
export type Host = (name: string, ...args: unknown[]) => unknown;

export interface Values {
  /** Host JSON to execution values (`{ date }` to Date). */
  fromHost(v: unknown): unknown;
  /** Execution values to host JSON (Date to `{ date }`). */
  toHost(v: unknown): unknown;
}

const isDate = (v: unknown): v is Date => Object.prototype.toString.call(v) === "[object Date]";

export function valuesFor(ContextDate: DateConstructor): Values {
  const fromHost = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(fromHost);
    if (v !== null && typeof v === "object" && "date" in v)
      return new ContextDate(String((v as { date: unknown }).date));
    return v;
  };
  const toHost = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(toHost);
    if (isDate(v)) return { date: Number.isNaN(v.getTime()) ? "Invalid Date" : v.toISOString() };
    if (typeof v === "function") throw new Error("sim: a function cannot cross to the host");
    return v;
  };
  return { fromHost, toHost };
}

/** The object, with every method it lacks throwing "sim: X.y is not modelled". */
export function unmodelled<T extends Record<string, unknown>>(what: string, obj: T): T {
  return new Proxy(obj, {
    get(target, prop) {
      if (typeof prop === "symbol" || prop in target) return Reflect.get(target, prop);
      if (prop === "then" || prop === "toJSON") return undefined;
      throw new Error(`sim: ${what}.${prop} is not modelled`);
    },
  });
}
