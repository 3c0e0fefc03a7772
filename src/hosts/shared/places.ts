/**
 * Where Excel and the web demo keep each thing a message may send the seller to, and the
 * wrapper that puts those exact places into everything a bridge hands the sidebar app.
 */
import { hasGenericPlace, inPlaces, type HostPlaces } from "../../core/places";
import type { HostBridge } from "../../ui/bridge";

/** Excel: the ribbon's Marketplace Profit group on the Home tab. */
export const EXCEL_PLACES: HostPlaces = {
  settings: "Home > API key",
  refreshErrors: "use Home > Refresh > Refresh cells with errors",
};

/** The web demo: its pane has no ribbon; refresh buttons sit under API key and settings. */
export const WEB_PLACES: HostPlaces = {
  settings: "API key and settings in the pane",
  refreshErrors: "press Cells with errors under Refresh (API key and settings)",
};

/** Strings with a generic place rewritten, in plain objects and arrays (dates, numbers kept). */
export function placed<T>(value: T, places: HostPlaces): T {
  if (typeof value === "string")
    return (hasGenericPlace(value) ? inPlaces(value, places) : value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => placed(v, places)) as T;
  if (
    value !== null &&
    typeof value === "object" &&
    Object.getPrototypeOf(value) === Object.prototype
  )
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, placed(v, places)])) as T;
  return value;
}

/**
 * An argument with its callbacks (a job's onProgress, its cost question's confirm) hearing
 * placed texts: progress reaches the pane through them, not through an answer.
 */
function placedCallbacks(arg: unknown, places: HostPlaces): unknown {
  if (arg === null || typeof arg !== "object" || Object.getPrototypeOf(arg) !== Object.prototype)
    return arg;
  return Object.fromEntries(
    Object.entries(arg).map(([k, v]) => [
      k,
      typeof v === "function"
        ? (...a: unknown[]): unknown =>
            (v as (...x: unknown[]) => unknown)(...a.map((x) => placed(x, places)))
        : v,
    ]),
  );
}

/** One object's methods placed, its nested parts (jobs, team) too; the same proxy each time. */
function placedObject<T extends object>(
  object: T,
  places: HostPlaces,
  made: WeakMap<object, object>,
): T {
  const known = made.get(object);
  if (known) return known as T;
  const proxy = new Proxy(object, {
    get(target, prop) {
      // The target as `this`: a getter reading a private field works through the proxy.
      const value: unknown = Reflect.get(target, prop);
      // A part of the bridge (bridge.jobs, bridge.team): its answers reach the pane too (new
      // user: a resumed job's "check the base URL in Settings" in the web pane).
      if (value !== null && typeof value === "object" && !Array.isArray(value))
        return placedObject(value, places, made);
      if (typeof value !== "function") return value;
      return (...args: unknown[]): unknown => {
        const out: unknown = (value as (...a: unknown[]) => unknown).apply(
          target,
          args.map((a) => placedCallbacks(a, places)),
        );
        if (!(out instanceof Promise)) return placed(out, places);
        return out.then(
          (v: unknown) => placed(v, places),
          (e: unknown) => {
            if (e instanceof Error && hasGenericPlace(e.message))
              throw new Error(inPlaces(e.message, places));
            throw e;
          },
        );
      };
    },
  });
  made.set(object, proxy);
  return proxy;
}

/**
 * The bridge with every answer, every refusal and every progress told to a callback naming
 * this host's places exactly.
 */
export function withPlaces<B extends HostBridge>(bridge: B, places: HostPlaces): B {
  return placedObject(bridge, places, new WeakMap());
}
