/**
 * Errors that name the culprit (issue 12): the response parser knows only the status and the
 * field the server blamed; the call knows the ids it sent. Together they say which id was not
 * found in which shop and region, and where the valid values come from.
 */
import { endpointById, isEndpointId } from "../api/endpoints";
import type { FieldSpec } from "../api/types";
import { ApiError, isApiError } from "./errors";
import { noEndpointError } from "./response";

type Params = Readonly<Record<string, unknown>>;

/** What a field's id is called, and the formula that lists valid ones (by marketplace). */
const CULPRITS: Readonly<Record<string, { what: string; listedBy: Record<string, string> }>> = {
  shopId: { what: "shop", listedBy: { A: 'SHOPS("A")', C: 'SHOPS("C")' } },
  sellerId: { what: "seller", listedBy: { B: 'SHOPS("B")' } },
  itemId: {
    what: "item",
    listedBy: { A: "MKTA_PRODUCTS(shop, region)", B: "MKTB_PRODUCTS(seller, region)" },
  },
  modelId: { what: "model", listedBy: { A: "the product's rows of MKTA_ITEM" } },
  skuId: { what: "SKU", listedBy: { B: "MKTB_ALL_SKUS(seller, region)", C: "MKTC_BREAKDOWN" } },
  productId: { what: "product", listedBy: { C: 'PRODUCT_SEARCH("words")' } },
  categoryId: {
    what: "category",
    listedBy: { A: "MKTA_CATEGORIES(shop, region)", B: "the marketplace B seller centre" },
  },
};

function text(v: unknown): string {
  return typeof v === "string" || typeof v === "number" ? String(v) : "";
}

/** "in shop 100001 SG", "in seller 200001 TH", "in region SG" or "". */
function where(p: Params, except: string): string {
  const owner = p.shopId !== undefined ? "shop" : p.sellerId !== undefined ? "seller" : null;
  const ownerId = text(p.shopId ?? p.sellerId);
  const region = text(p.region);
  if (owner && except !== "shopId" && except !== "sellerId")
    return ` in ${owner} ${ownerId}${region ? ` ${region}` : ""}`;
  return region ? ` in region ${region}` : "";
}

/** A 404 (or a machine code such as not_found) as a sentence naming id, shop and region. */
function notFound(error: ApiError, endpoint: string, p: Params): ApiError {
  const field = error.field ?? "";
  const culprit = CULPRITS[field];
  const value = text(p[field]);
  const market = endpoint.charAt(0);
  // A request that names no shop, seller or id (the shop lists, product search) cannot miss
  // one: a 404 there means the address has no such endpoint, whatever its body says.
  if (!Object.keys(CULPRITS).some((k) => p[k] !== undefined))
    return noEndpointError(error.status ?? 404);
  if (!culprit || value === "") {
    const ids = Object.keys(CULPRITS)
      .filter((k) => k !== "shopId" && k !== "sellerId")
      .filter((k) => p[k] !== undefined && !Array.isArray(p[k]))
      .map((k) => `${CULPRITS[k]?.what ?? k} ${text(p[k])}`)
      .join(", ");
    return new ApiError(
      error.code,
      `Not found${ids ? `: ${ids}` : ""}${where(p, "")}. Your key's account cannot see it: check the ids`,
      error,
    );
  }
  const list = culprit.listedBy[market];
  if (field === "categoryId")
    return new ApiError(
      error.code,
      `Not found: category ${value} has no commission rate${p.region ? ` in ${text(p.region)}` : ""}` +
        (list ? `. ${sentence(list)} lists the valid ones` : ": check the id"),
      error,
    );
  // A shop or seller asked in a region: the region may be the wrong half of the pair.
  const pair = (field === "shopId" || field === "sellerId") && p.region !== undefined;
  return new ApiError(
    error.code,
    `Not found: ${culprit.what} ${value}${where(p, field)} (your key's account cannot see it)` +
      (list
        ? pair
          ? `. Check the ${culprit.what} id and its region: ${list} lists yours with their regions`
          : `. ${sentence(list)} lists the valid ones`
        : ": check the id"),
    error,
  );
}

/** A refused request whose problem is a machine code (unknown_category): a sentence instead. */
function machineCode(error: ApiError, endpoint: string, p: Params): ApiError {
  const match = /\(([\w.[\]]+): ([a-z]+(?:_[a-z]+)+)\)/.exec(error.message);
  if (!match) return error;
  const [, field = "", code = ""] = match;
  if (/not_found|unknown/.test(code))
    return notFound(new ApiError(error.code, error.message, { ...error, field }), endpoint, p);
  return new ApiError(
    error.code,
    `Request refused: ${field} ${text(p[field])} ${code.replace(/_/g, " ")}: check the arguments`,
    error,
  );
}

/** True when the endpoint's body asks for a target (targetMargin, targetBuyerPrice...). */
function hasTarget(endpoint: string): boolean {
  const anyTarget = (fields: readonly FieldSpec[]): boolean =>
    fields.some((f) => /^target/i.test(f.name) || anyTarget(f.fields ?? []));
  return isEndpointId(endpoint) && anyTarget(endpointById(endpoint).body);
}

/** A 422 from an endpoint without a target: refused arguments, not an unreachable target. */
function notATarget(error: ApiError): ApiError {
  const detail = /^Target not reachable: (.*)\. Try a lower target$/.exec(error.message)?.[1];
  return new ApiError(
    "BAD_REQUEST",
    `Request refused (HTTP 422${detail ? `: ${detail}` : ""}): check the arguments`,
    error,
  );
}

/** The error a body sees for a failed call: ids, shop and region named where they help. */
export function nameTheCulprit(error: unknown, endpoint: string, params: Params): unknown {
  if (!isApiError(error)) return error;
  // Only the API's own answers: a message a body or driver wrote already says what it means.
  if (error.code === "NOT_FOUND" && error.status === 404) return notFound(error, endpoint, params);
  if (error.code === "BAD_REQUEST" && error.status === 400)
    return machineCode(error, endpoint, params);
  if (error.code === "UNREACHABLE" && error.status === 422 && !hasTarget(endpoint))
    return notATarget(error);
  return error;
}

/** A phrase that starts a sentence: its first letter up ("the product's rows …" → "The …"). */
const sentence = (phrase: string): string => phrase.charAt(0).toUpperCase() + phrase.slice(1);
