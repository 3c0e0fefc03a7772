/**
 * The URL as the request log writes it (R4): the API's own words, and nothing a client made up.
 * Decoding a URL every way a key can be spelled in it cannot catch a key cut in pieces (half in
 * the path, half in the query) or spelled in a way no one listed yet, so the log does not try:
 * it shows the route's template with the ids it was called with, or, for a path that is no
 * endpoint, the words of the API's paths and whole numbers, and only the length of the rest.
 * The API takes no query parameters (they are refused by name), so a query is only measured.
 */

/** A request as the log serializer sees it (a FastifyRequest, or Node's before routing). */
export interface LoggedRequest {
  readonly url?: string;
  readonly params?: unknown;
  readonly routeOptions?: { readonly url?: string };
}

/**
 * What a path parameter may show: a whole number (shop, seller, item ids) or a region code.
 * Neither can hold 12 characters of a key's random part (letters and digits mixed), and a
 * route has at most one region.
 */
const SHOWN_PARAM = /^(?:\d{1,20}|[A-Za-z]{1,3})$/;
/** What a segment of a path that is no endpoint may show beside the API's words. */
const SHOWN_SEGMENT = /^\d{1,20}$/;

/** Builds the log's view of a request URL for the endpoints' path templates. */
export function urlForLog(templates: readonly string[]): (request: LoggedRequest) => string {
  const words = new Set(
    templates.flatMap((t) => t.split("/").filter((s) => s !== "" && !/^[{:]/.test(s))),
  );
  return (request) => {
    const url = request.url ?? "";
    const queryAt = url.indexOf("?");
    const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
    const query = queryAt < 0 ? "" : `?[${characters(url.length - queryAt - 1)}]`;
    const template = request.routeOptions?.url;
    if (template !== undefined) return withParams(template, request.params) + query;
    const shown = pathname
      .split("/")
      .map((s) => (s === "" || words.has(s) || SHOWN_SEGMENT.test(s) ? s : measured(s)));
    return shown.join("/") + query;
  };
}

/** `/x/:shopId/:region` with each parameter's value when it is one that may be shown. */
function withParams(template: string, params: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return template.replace(/:(\w+)/g, (placeholder, name: string) => {
    const value = values[name];
    if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
    if (typeof value !== "string") return placeholder;
    return SHOWN_PARAM.test(value) ? value : `[${name}: ${characters(value.length)}]`;
  });
}

function measured(segment: string): string {
  return `[${characters(segment.length)}]`;
}

function characters(n: number): string {
  return n === 1 ? "1 character" : `${n} characters`;
}
