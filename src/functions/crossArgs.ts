/**
 * Arguments shared by the functions that span marketplaces (the first argument names the
 * marketplace), and the checks that say which marketplace needs or refuses one.
 */
import type { Marketplace } from "../api/types";
import { ArgumentError } from "./argumentError";
import { MARKETPLACES } from "./common";
import { type ParamSpec } from "./define";
import { choiceParam, optional, integerId } from "./params";

/**
 * A parameter every marketplace the function accepts needs, read as optional so the body
 * can say which marketplace needs it (`need`). Declared required: nobody leaves it empty.
 */
export function neededByAll<N extends string, T>(
  p: ParamSpec<N, T>,
  help: string,
): ParamSpec<N, T | undefined> {
  const o = optional(p);
  return { ...o, optional: false, help };
}

/**
 * A parameter some marketplace leaves empty: declared optional (so Excel passes null for an
 * empty argument), and the body checks it per marketplace with `need` and `only`.
 */
export function emptyForSome<N extends string, T>(
  p: ParamSpec<N, T>,
  help: string,
): ParamSpec<N, T | undefined> {
  return { ...optional(p), help };
}

/** A share (0.235) as percent points (23.5), without binary noise (0.07 * 100). */
export function percentPoints(share: number): number {
  return Math.round(share * 100 * 1e9) / 1e9;
}

/** A target margin typed as a share must be below 100 % (25% or 0.25). */
export function checkMarginShare(target: number, isShare: boolean): void {
  if (isShare && (target < 0 || target >= 1)) {
    throw new ArgumentError(
      "targetMargin",
      `must be a margin from 0 to below 100 %, typed as 25% or 0.25 (got ${target})`,
    );
  }
}

/** Fail when a marketplace needs an argument the seller left empty. */
export function need<T>(value: T | undefined, name: string, market: Marketplace): T {
  if (value === undefined) throw new ArgumentError(name, `is required for marketplace ${market}`);
  return value;
}

/** Fail when an option does not apply to this marketplace. */
export function only(
  value: unknown,
  name: string,
  market: Marketplace,
  allowed: readonly Marketplace[],
): void {
  if (value !== undefined && !allowed.includes(market)) {
    throw new ArgumentError(
      name,
      // What to do, not only what is wrong (new user: REQUIRED_PRICE("C", 700001, "TH", ...)).
      `applies to marketplace ${allowed.join(" or ")} only, not ${market}: leave it empty`,
    );
  }
}

/**
 * Fail on the first option, in the order listed, that the marketplace does not take:
 * `{ sellerType: ["B"] }` says only B takes sellerType.
 */
export function onlyFor<A extends object>(
  market: Marketplace,
  args: A,
  takenBy: { readonly [K in keyof A & string]?: readonly Marketplace[] },
): void {
  for (const name of Object.keys(takenBy) as Array<keyof A & string>)
    only(args[name], name, market, takenBy[name] ?? []);
}

export const marketplace = choiceParam("marketplace", "Marketplace: A, B or C.", MARKETPLACES);
export const shopOrSeller = neededByAll(
  integerId("shopId", "Shop id."),
  "Shop id (A and C) or seller id (B), see SHOPS.",
);
