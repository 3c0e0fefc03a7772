/**
 * "Another API that follows the spec": a loopback proxy in front of the reference server that
 * refuses (400, naming the problem) every request the spec does not allow, answers 404 for the
 * reference server's own extensions (the B/C shop lists), and cuts answers down to what the
 * spec shows (strictSpec.ts), optionally with B/C breakdown lines as plain signed numbers.
 * Every refused request is kept in `violations`, every forwarded one in `requests`; GET
 * /__spec-proxy/violations and /__spec-proxy/requests return them (for a test that runs the
 * proxy in another process because its own thread blocks on synchronous HTTP).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { requestProblems, routeOf, strictData, type StrictAnswers } from "./strictSpec";

export interface SpecProxy {
  readonly baseUrl: string;
  /** Requests refused, each with its problems. */
  readonly violations: Array<{ method: string; url: string; problems: string[] }>;
  /** Every request forwarded: endpoint id and parsed body. */
  readonly requests: Array<{ endpoint: string; body: unknown }>;
  close(): Promise<void>;
}

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers": "authorization, content-type",
  "access-control-allow-methods": "GET, POST, OPTIONS",
};

function send(res: http.ServerResponse, status: number, payload: unknown): void {
  res.writeHead(status, { "content-type": "application/json", ...CORS });
  res.end(JSON.stringify(payload));
}

/** Start a strict proxy to `target` (an http://127.0.0.1:port origin). */
export async function startSpecProxy(target: string, answers: StrictAnswers): Promise<SpecProxy> {
  const upstream = new URL(target);
  const violations: SpecProxy["violations"] = [];
  const requests: SpecProxy["requests"] = [];

  const forward = (
    req: http.IncomingMessage,
    body: Buffer,
  ): Promise<{ status: number; text: string }> =>
    new Promise((resolve, reject) => {
      const out = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (up) => {
          const chunks: Buffer[] = [];
          up.on("data", (c: Buffer) => chunks.push(c));
          up.on("end", () =>
            resolve({ status: up.statusCode ?? 502, text: Buffer.concat(chunks).toString("utf8") }),
          );
          up.on("error", reject);
        },
      );
      out.on("error", reject);
      out.end(body);
    });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const method = req.method ?? "";
      const url = req.url ?? "";
      if (method === "OPTIONS") {
        res.writeHead(204, CORS);
        return res.end();
      }
      if (url === "/__spec-proxy/violations") return send(res, 200, violations);
      if (url === "/__spec-proxy/requests") return send(res, 200, requests);
      const body = Buffer.concat(chunks);
      const found = routeOf(method, url.split("?")[0] ?? "");
      if (!found) {
        // The spec shows no such path (e.g. the B/C shop lists): a plain 404, not a violation.
        return send(res, 404, { status: "ERROR", statusCode: 404, message: "Not Found" });
      }
      const problems = requestProblems(method, url, req.headers, body.toString("utf8"));
      if (problems.length > 0) {
        violations.push({ method, url, problems });
        return send(res, 400, { status: "ERROR", statusCode: 400, message: problems.join("; ") });
      }
      requests.push({
        endpoint: found.spec.id,
        body: body.length > 0 ? JSON.parse(body.toString("utf8")) : undefined,
      });
      forward(req, body).then(
        ({ status, text }) => {
          if (status < 200 || status >= 300) {
            res.writeHead(status, { "content-type": "application/json", ...CORS });
            return res.end(text);
          }
          const envelope = JSON.parse(text) as { data?: unknown };
          send(res, status, { ...envelope, data: strictData(found.spec, envelope.data, answers) });
        },
        () => res.destroy(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    violations,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
