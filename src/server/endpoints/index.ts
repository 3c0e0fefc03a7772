/** Every endpoint handler of the reference server, by endpoint id (the four maps merged). */
import type { EndpointHandler } from "../handler";
import { handlersA } from "./a";
import { handlersB } from "./b";
import { handlersC } from "./c";
import { handlersCommon } from "./common";

/** Merges handler maps; an id in two maps is a wiring mistake, so it throws. */
export function mergeHandlers(
  ...maps: readonly Readonly<Record<string, EndpointHandler>>[]
): Readonly<Record<string, EndpointHandler>> {
  const merged: Record<string, EndpointHandler> = {};
  for (const map of maps) {
    for (const [id, handler] of Object.entries(map)) {
      if (id in merged) throw new Error(`Two handlers for endpoint ${id}`);
      merged[id] = handler;
    }
  }
  return merged;
}

/** The handlers the server runs: common (shop lists, search), A, B and C. */
export const ALL_HANDLERS: Readonly<Record<string, EndpointHandler>> = mergeHandlers(
  handlersCommon,
  handlersA,
  handlersB,
  handlersC,
);
