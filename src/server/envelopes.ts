/**
 * Every failure in the error envelope `{status:"ERROR", statusCode, message, errors}` (spec 2.2,
 * contract-notes), also the ones fastify and Node answer before any route runs: a path with a
 * bad %-escape, a path parameter over fastify's length limit, headers or a request line over
 * Node's 16 KB, a request that is not HTTP at all. Their own answers had another shape
 * (`{error, code, message}`) and echoed the whole URL back.
 */
import type { Socket } from "net";
import type { FastifyError } from "fastify";
import type { ErrorEnvelope } from "../api/envelope";
import { ApiProblem, echoed, type FieldProblem } from "./problem";

export function envelopeOf(
  statusCode: number,
  message: string,
  errors: readonly FieldProblem[],
): ErrorEnvelope {
  return {
    status: "ERROR",
    statusCode,
    message: capRuns(message),
    errors: errors.map((e) => ({ field: capRuns(e.field), problem: capRuns(e.problem) })),
  };
}

/**
 * The net under `echoed` (problem.ts), which caps each value a message repeats: any run of
 * 121+ characters without a space (no word or path of ours is that long) is cut to 120 and an
 * ellipsis, so no input, however it reached a message, comes back at its full length.
 */
function capRuns(text: string): string {
  return text.length <= 120 ? text : text.replace(/\S{121,}/g, (run) => echoed(run, 120));
}

/** The error envelope of anything a request can throw; unexpected errors say nothing inside. */
export function errorEnvelope(error: FastifyError | ApiProblem): ErrorEnvelope {
  if (error instanceof ApiProblem) return envelopeOf(error.statusCode, error.message, error.errors);
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return envelopeOf(
        413,
        "Request body is larger than 1 MB. Send fewer ids per request (at most 100).",
        [{ field: "body", problem: "must be at most 1 MB" }],
      );
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return envelopeOf(
        400,
        "Wrong Content-Type: send the body as JSON with Content-Type: application/json.",
        [{ field: "Content-Type", problem: "must be application/json" }],
      );
    case "FST_ERR_BAD_URL":
      return envelopeOf(
        400,
        "Malformed URL: a %-escape in the path is not valid percent-encoded UTF-8 (each % takes two hex digits). Check the path against the API spec.",
        [{ field: "path", problem: "has an invalid %-escape" }],
      );
    case "FST_ERR_MAX_PARAM_LENGTH":
      return envelopeOf(
        414,
        "URL too long: a path parameter is longer than 100 characters; no shop id, region or item id is that long.",
        [{ field: "path", problem: "has a parameter longer than 100 characters" }],
      );
  }
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    // Fastify's own request errors (bad content length) describe the request only.
    return envelopeOf(status, `Bad request: ${error.message}`, [
      { field: "request", problem: error.message },
    ]);
  }
  return envelopeOf(
    500,
    "Internal server error. The request was logged; try again or report it.",
    [],
  );
}

/** Node's limit on the request line and headers together (http.maxHeaderSize). */
const HEADER_LIMIT = "16 KB";

/** The envelope for a request Node's HTTP parser refused (see clientErrorHandler). */
function clientErrorEnvelope(error: Error & { code?: string; rawPacket?: unknown }) {
  if (error.code === "HPE_HEADER_OVERFLOW") {
    // The request line counts toward the same limit: when the chunk Node refused starts with
    // a request line of over 8 KB, the URL is what is too long; else the 431 names both.
    const raw = error.rawPacket;
    const head = Buffer.isBuffer(raw) ? raw.subarray(0, 9000).toString("latin1") : "";
    const target = /^[A-Z]+ (\S*)/.exec(head)?.[1] ?? "";
    if (target.length > 8 * 1024)
      return envelopeOf(
        414,
        `URL too long: the request line is over the server's ${HEADER_LIMIT} limit; this API's URLs are short, with the inputs in the JSON body.`,
        [{ field: "url", problem: `must be well under ${HEADER_LIMIT}` }],
      );
    return envelopeOf(
      431,
      `Request headers too large: the URL and headers together must stay under ${HEADER_LIMIT}; send Authorization and Content-Type only.`,
      [{ field: "headers", problem: `must be under ${HEADER_LIMIT} in all` }],
    );
  }
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT")
    return envelopeOf(408, "Request timeout: the request did not arrive completely in time.", [
      { field: "request", problem: "arrived too slowly" },
    ]);
  return envelopeOf(400, "Malformed HTTP request: it could not be read as HTTP/1.1.", [
    { field: "request", problem: "is not valid HTTP/1.1" },
  ]);
}

const REASONS: Readonly<Record<number, string>> = {
  400: "Bad Request",
  408: "Request Timeout",
  414: "URI Too Long",
  431: "Request Header Fields Too Large",
};

/** fastify's `clientErrorHandler` (Node's `clientError` event): answer in the envelope, close. */
export function clientErrorHandler(
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const envelope = clientErrorEnvelope(error);
  const body = Buffer.from(JSON.stringify(envelope));
  const status = envelope.statusCode;
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${REASONS[status] ?? "Bad Request"}\r\n` +
        "Content-Type: application/json; charset=utf-8\r\n" +
        `Content-Length: ${body.length}\r\n` +
        "Access-Control-Allow-Origin: *\r\n" +
        "Connection: close\r\n\r\n",
    );
  if (socket.writable) socket.end(body);
  else socket.destroy();
}
