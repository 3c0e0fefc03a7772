/** Shared bits of the HTTP-layer tests: an echo handler for every endpoint and a JSON POST. */
import { ENDPOINTS } from "../../../src/api/endpoints";
import type { EndpointHandler } from "../../../src/server/handler";

/** Issue 14's R1 reproducer: an A4 body that once kept the server busy for minutes. */
export const A4_REPRODUCER = {
  shopId: 100001,
  region: "SG",
  categoryId: 100001,
  cogs: 1,
  targetMargin: 0,
  targetDiscount: 1_000_000_000_000,
  targetDiscountPercent: 1,
} as const;

/** Answers with what the HTTP layer handed over, so tests see validation and defaults. */
export const echo: EndpointHandler = (ctx) => ({
  account: ctx.account.id,
  today: ctx.today,
  body: ctx.body,
  path: ctx.path,
});

/** The echo handler under every endpoint id. */
export function echoHandlers(): Record<string, EndpointHandler> {
  return Object.fromEntries(ENDPOINTS.map((e) => [e.id, echo]));
}

/** Sends JSON with a bearer token (or none) and returns status, headers and parsed body. */
export async function post(
  url: string,
  token: string | null,
  body: unknown,
  init: { contentType?: string; raw?: string } = {},
): Promise<{ status: number; headers: Headers; json: Record<string, unknown> }> {
  const headers: Record<string, string> = {
    "Content-Type": init.contentType ?? "application/json",
  };
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(url, {
    method: "POST",
    headers,
    body: init.raw ?? JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, json: await response.json() };
}

/** GET with a bearer token (or none). */
export async function get(
  url: string,
  token: string | null,
): Promise<{ status: number; headers: Headers; json: Record<string, unknown> }> {
  const headers: Record<string, string> = {};
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(url, { headers });
  return { status: response.status, headers: response.headers, json: await response.json() };
}

export const P_A = "/api/mkt-a/financial-breakdown";
