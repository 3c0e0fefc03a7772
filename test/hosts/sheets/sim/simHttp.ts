/**
 * UrlFetchApp's requests, sent for real to the reference server one after another (in the
 * coordinator's event order, so which request the server's limiter counts first does not
 * depend on thread timing), each logged with its simulated time and status.
 */
import type { HttpAnswer, HttpRequestSpec } from "./protocol";

export interface HttpLogEntry {
  readonly at: number;
  readonly method: string;
  readonly url: string;
  readonly status: number | "error";
  readonly exec: number;
}

async function sendOne(s: HttpRequestSpec, down: boolean): Promise<HttpAnswer> {
  if (down) return { error: "connect ECONNREFUSED (the API is down)" };
  try {
    const res = await fetch(s.url, {
      method: s.method,
      headers: s.headers,
      ...(s.body !== undefined ? { body: s.body } : {}),
      redirect: "manual",
      signal: AbortSignal.timeout(60_000),
    });
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => (headers[k] = v));
    return { status: res.status, headers, body: await res.text() };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

/** Send requests in order; every one lands in `log`. */
export async function sendToServer(
  specs: readonly HttpRequestSpec[],
  when: { readonly at: number; readonly exec: number },
  log: HttpLogEntry[],
  down = false,
): Promise<HttpAnswer[]> {
  const answers: HttpAnswer[] = [];
  for (const s of specs) {
    const answer = await sendOne(s, down);
    log.push({
      ...when,
      method: s.method,
      url: s.url,
      status: "error" in answer ? "error" : answer.status,
    });
    answers.push(answer);
  }
  return answers;
}
