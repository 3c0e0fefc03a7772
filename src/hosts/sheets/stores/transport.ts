/** The core's blocking transport over UrlFetchApp: HTTP errors come back as responses, not throws. */
import type { HttpRequest, HttpResponse, SyncTransport } from "../../../core";
import { ApiError, messageOf } from "../../../core/errors";
import { SHEETS_PLACES } from "../places";
import type { HttpResponseLike, UrlFetchAppLike, UrlFetchParams } from "./gas";

function toParams(request: HttpRequest): UrlFetchParams & { url: string } {
  const headers: Record<string, string> = {};
  let contentType: string | undefined;
  for (const [name, value] of Object.entries(request.headers)) {
    // UrlFetchApp takes the content type as its own option.
    if (name.toLowerCase() === "content-type") contentType = value;
    else headers[name] = value;
  }
  return {
    url: request.url,
    method: request.method.toLowerCase(),
    headers,
    muteHttpExceptions: true,
    followRedirects: false,
    ...(request.body !== undefined
      ? { payload: request.body, contentType: contentType ?? "application/json" }
      : {}),
  };
}

function fromResponse(response: HttpResponseLike): HttpResponse {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getAllHeaders())) {
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return { status: response.getResponseCode(), headers, body: response.getContentText() };
}

/**
 * Google's daily UrlFetch quota (20,000 calls on a consumer account, 100,000 on Workspace)
 * is used up: no call leaves until it resets, so the cell says so instead of "could not
 * reach the API", and nothing retries today.
 */
function dailyQuotaUsed(e: unknown): boolean {
  return /too many times for one day: urlfetch/i.test(messageOf(e));
}
const DAILY_QUOTA_USED = new ApiError(
  "UNREACHABLE",
  `Google's daily limit of web requests for your Google account is used up (20,000 a day, 100,000 on Workspace; it resets about 24 hours after the day's first one): tomorrow, ${SHEETS_PLACES.refreshErrors}`,
  { retryable: false },
);

/** UrlFetchApp as a SyncTransport; fetchAll sends a group in parallel. */
export function urlFetchTransport(urlFetch: UrlFetchAppLike): SyncTransport {
  const guarded = <T>(send: () => T): T => {
    try {
      return send();
    } catch (e) {
      throw dailyQuotaUsed(e) ? DAILY_QUOTA_USED : e;
    }
  };
  return {
    fetch(request) {
      const { url, ...params } = toParams(request);
      return fromResponse(guarded(() => urlFetch.fetch(url, params)));
    },
    fetchAll(requests) {
      return guarded(() => urlFetch.fetchAll(requests.map(toParams))).map(fromResponse);
    },
  };
}
