/**
 * The shops the function builder offers for a function: only its marketplace's (issue 12).
 * A function across marketplaces (marketplace argument first) offers the marketplace chosen
 * in that argument, and every shop until one is chosen.
 */
import type { SheetFunction } from "../functions/define";
import type { ShopRef } from "./bridge";

/** The shops to offer for `fn` given the arguments typed so far. */
export function shopsForFunction(
  fn: Pick<SheetFunction, "marketplace" | "params">,
  args: readonly string[],
  shops: readonly ShopRef[],
): ShopRef[] {
  const chosen = args[fn.params.findIndex((p) => p.name === "marketplace")]?.trim().toUpperCase();
  const market = fn.marketplace ?? (chosen ? chosen : null);
  return shops.filter((s) => market === null || s.marketplace === market);
}
