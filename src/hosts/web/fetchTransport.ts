/** The browser's fetch as the core's AsyncTransport; a network failure becomes status 0. */
import type { AsyncTransport } from "../../core/asyncDriver";
import type { HttpResponse } from "../../core/response";

/** A transport over window.fetch (no cookies: the key travels only in its header). */
export function browserFetchTransport(
  fetchFn: typeof fetch = fetch.bind(globalThis),
): AsyncTransport {
  return {
    async fetch(request, options = {}): Promise<HttpResponse> {
      let res: Response;
      try {
        res = await fetchFn(request.url, {
          method: request.method,
          headers: request.headers,
          ...(request.body !== undefined ? { body: request.body } : {}),
          credentials: "omit",
          ...(options.signal ? { signal: options.signal } : {}),
        });
      } catch {
        return { status: 0, headers: {}, body: "" };
      }
      const headers: Record<string, string> = {};
      res.headers.forEach((value, name) => {
        headers[name] = value;
      });
      return { status: res.status, headers, body: await res.text() };
    },
  };
}
