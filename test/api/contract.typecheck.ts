/**
 * Compile-time test of the typed contract (checked by `npm run typecheck`, not run by jest):
 * a body whose fields are known at compile time must match the endpoint table exactly.
 * Each `@ts-expect-error` fails the typecheck if the line below it ever compiles.
 */
import type { Params } from "../../src/api/contract";
import { apiCall, call } from "../../src/core/effects";

// The right body compiles.
export const right = call("A2", { shopId: 100001, region: "SG", itemId: 5001, lookbackDays: 90 });
export const optionalLeftOut: Params<"A2"> = { shopId: 1, region: "SG", itemId: 2 };

// @ts-expect-error a misspelled field ("shopid" for "shopId") is not a field of A2
export const misspelled = call("A2", { shopid: 100001, region: "SG", itemId: 5001 });

// @ts-expect-error a field of another endpoint (A11's pageSize) is not a field of A2
export const foreign = apiCall("A2", { shopId: 1, region: "SG", itemId: 2, pageSize: 50 });

// @ts-expect-error lookbackDays is an integer, not text
export const wrongType = call("A2", { shopId: 1, region: "SG", itemId: 2, lookbackDays: "90" });

// @ts-expect-error itemId is required by A2
export const missing = call("A2", { shopId: 1, region: "SG" });

// @ts-expect-error includeVat is a boolean
export const notBoolean: Params<"A2"> = { shopId: 1, region: "SG", itemId: 2, includeVat: 1 };
