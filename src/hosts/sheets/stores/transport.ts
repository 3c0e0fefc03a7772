/** The core's blocking transport over UrlFetchApp: HTTP errors come back as responses, not throws. */
import type { HttpRequest, HttpResponse, SyncTransport } from "../../../core";
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

/** UrlFetchApp as a SyncTransport; fetchAll sends a group in parallel. */
export function urlFetchTransport(urlFetch: UrlFetchAppLike): SyncTransport {
  return {
    fetch(request) {
      const { url, ...params } = toParams(request);
      return fromResponse(urlFetch.fetch(url, params));
    },
    fetchAll(requests) {
      return urlFetch.fetchAll(requests.map(toParams)).map(fromResponse);
    },
  };
}
