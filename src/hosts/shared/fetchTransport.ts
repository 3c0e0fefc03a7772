/**
 * The one HTTP transport of the async hosts (Excel runtime and task pane, web demo) over
 * `fetch`. A failure to connect becomes status 0, which the core maps to a NETWORK error; a
 * body that breaks off after the status came is marked cut off; the core's driver adds the
 * timeout and aborts via the signal.
 */
import type { AsyncTransport } from "../../core/asyncDriver";
import { MAX_ANSWER_BYTES, type HttpResponse } from "../../core/response";

/** The page's fetch (injectable so tests can count or fail requests). */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** An AsyncTransport over `fetch`. */
export function fetchTransport(fetchFn: FetchLike = (u, i) => fetch(u, i)): AsyncTransport {
  return {
    async fetch(request, options) {
      const init: RequestInit = {
        method: request.method,
        headers: { ...request.headers },
        // The key travels only in the Authorization header, never in a cookie.
        credentials: "omit",
        cache: "no-store",
        // A redirect is refused, not followed, as in Sheets (followRedirects: false): the key
        // goes to the address the seller entered and nowhere else, whatever the browser's rules.
        redirect: "manual",
      };
      if (options?.signal) init.signal = options.signal;
      if (request.body !== undefined) init.body = request.body;
      let res: Response;
      try {
        res = await fetchFn(request.url, init);
      } catch {
        return { status: 0, headers: {}, body: "" };
      }
      if (res.type === "opaqueredirect" || (res.status >= 300 && res.status < 400)) {
        await res.body?.cancel().catch(() => undefined);
        return { status: res.status, headers: {}, body: "", redirected: true };
      }
      const headers: Record<string, string> = {};
      res.headers.forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      try {
        const body = await boundedText(res);
        if (body === null) return { status: res.status, headers, body: "", tooLarge: true };
        return { status: res.status, headers, body };
      } catch {
        // Aborted (timeout, cancel): no answer. Otherwise the answer began and was cut off.
        if (options?.signal?.aborted) return { status: 0, headers: {}, body: "" };
        return { status: res.status, headers, body: "", cutOff: true };
      }
    },
  };
}

/** The body as text, or null once it passes MAX_ANSWER_BYTES (the rest is never read). */
async function boundedText(res: Response): Promise<HttpResponse["body"] | null> {
  if (Number(res.headers.get("content-length") ?? 0) > MAX_ANSWER_BYTES) {
    await res.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!res.body) return res.text();
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    bytes += value.byteLength;
    if (bytes > MAX_ANSWER_BYTES) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    text += decoder.decode(value, { stream: true });
  }
}
