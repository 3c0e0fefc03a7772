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

/** The bridge with every answer and every refusal naming this host's places exactly. */
export function withPlaces<B extends HostBridge>(bridge: B, places: HostPlaces): B {
  return new Proxy(bridge, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]): unknown => {
        const out: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
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
}
