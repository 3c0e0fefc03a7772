/**
 * An API that answers 200 SUCCESS in shapes the spec does not allow, or with text longer
 * than a cell holds. The first path segment picks the behaviour, so one server serves every
 * case (the add-in's base URL is `http://127.0.0.1:port/<mode>`):
 * - `object`: data {"foo":1} everywhere;   - `null`: data null;
 * - `nodata`: an envelope without data;     - `list`: a list where an object is due;
 * - `long`: a well-formed answer (A6, SHOPS_A) carrying a 40,000-character text.
 * Faults (FAULT_MODES, issue 22 item 8):
 * - `idless`: batch endpoints answer one entry per requested id, each without its id;
 * - `hugeid`: SHOPS_A lists a shop whose id is 1e308;
 * - `cut`: every answer stops after its first 40 bytes (Content-Length promises more, then the
 *   connection closes); `cutjson`: the body is complete as HTTP but its JSON stops half-way;
 * - `nullbody`: the body is the JSON `null`;
 * - `huge`: a well-formed answer after HUGE_PAD_BYTES of spaces (valid JSON, far longer than
 *   any answer the spec allows), sent in chunks without a Content-Length;
 * - `redirect`: 307 to the same path in `nullbody` mode (followed, it would answer `null`).
 * The B/C shop lists (reference-server extensions) answer like any other endpoint; in `long`,
 * `idless` and `hugeid` modes the endpoints they do not name answer 404, and so do unknown paths.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { ENDPOINTS } from "../../src/api/endpoints";
import { routeOf } from "./strictSpec";

/** The length of the long texts (Excel holds 32,767 characters a cell, Sheets 50,000). */
export const LONG_TEXT_LENGTH = 40_000;
export const ODD_MODES = ["object", "null", "nodata", "list"] as const;
export const FAULT_MODES = [
  "idless",
  "hugeid",
  "cut",
  "cutjson",
  "nullbody",
  "huge",
  "redirect",
] as const;
/** The spaces before the `huge` mode's answer: 20 MB. */
const HUGE_PAD_BYTES = 20 * 1024 * 1024;
/** The well-formed envelope the cut modes cut. */
const CUT_ENVELOPE = JSON.stringify({
  status: "SUCCESS",
  statusCode: 200,
  message: "OK",
  data: [{ shopId: 100001, region: "SG", shopName: "Demo shop" }],
});

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers": "authorization, content-type",
  "access-control-allow-methods": "GET, POST, OPTIONS",
};

function longAnswer(endpoint: string): unknown {
  const text = (c: string): string => c.repeat(LONG_TEXT_LENGTH);
  if (endpoint === "SHOPS_A") return [{ shopId: 100001, region: "SG", shopName: text("s") }];
  if (endpoint === "A6")
    return {
      breakdown: {
        originalModelPrice: { amount: 10, label: "Original price" },
        commissionFee: { amount: -1, label: "Commission" },
      },
      metadata: { netProfit: 9, currency: "SGD", note: text("m") },
      sellerNote: text("n"),
    };
  return undefined;
}

/** `idless`: one entry per id asked, in the endpoint's shape, without the id. */
function idlessAnswer(endpoint: string, body: string): unknown {
  const spec = ENDPOINTS.find((e) => e.id === endpoint);
  if (!spec?.batch) return undefined;
  let asked: unknown;
  try {
    asked = (JSON.parse(body) as Record<string, unknown>)[spec.batch.idsField];
  } catch {
    asked = undefined;
  }
  const ids = Array.isArray(asked) ? asked : [1];
  return ids.map(() => ({
    breakdown: { originalModelPrice: { amount: 10, label: "Original price" } },
    metadata: { netProfit: 9 },
    totalAdExpense: 1,
    correctedRoas: 2,
  }));
}

function answerFor(
  mode: string,
  endpoint: string,
  body: string,
): { status: number; body: unknown } {
  const ok = (data: unknown) => ({
    status: 200,
    body: { status: "SUCCESS", statusCode: 200, message: "OK", data },
  });
  switch (mode) {
    case "object":
      return ok({ foo: 1 });
    case "null":
      return ok(null);
    case "nodata":
      return { status: 200, body: { status: "SUCCESS", statusCode: 200, message: "OK" } };
    case "list":
      return ok(endpoint.startsWith("SHOPS") ? { shops: [{ foo: 1 }] } : [{ foo: 1 }]);
    case "long": {
      const data = longAnswer(endpoint);
      if (data !== undefined) return ok(data);
      break;
    }
    case "idless": {
      const data = idlessAnswer(endpoint, body);
      if (data !== undefined) return ok(data);
      break;
    }
    case "hugeid":
      if (endpoint === "SHOPS_A") return ok([{ shopId: 1e308, region: "SG", shopName: "Shop" }]);
  }
  return { status: 404, body: { status: "ERROR", statusCode: 404, message: "Not Found" } };
}

export interface OddApi {
  /** Base URL for one mode. */
  urlFor(mode: string): string;
  close(): Promise<void>;
}

/** Start the odd API on 127.0.0.1 (port 0). */
export async function startOddApi(): Promise<OddApi> {
  const server = http.createServer((req, res) => {
    let received = "";
    req.on("data", (c: Buffer) => (received += c.toString("utf8")));
    req.on("end", () => {
      if (req.method === "OPTIONS") {
        res.writeHead(204, CORS);
        return res.end();
      }
      const [, mode = "", ...rest] = (req.url ?? "").split("?")[0]?.split("/") ?? [];
      const endpoint = routeOf(req.method ?? "", `/${rest.join("/")}`, true)?.spec.id ?? "";
      const headers = { "content-type": "application/json", ...CORS };
      if (endpoint && mode === "cut") {
        // The status and headers come whole; the body breaks off and the connection closes.
        res.writeHead(200, { ...headers, "content-length": String(CUT_ENVELOPE.length) });
        res.write(CUT_ENVELOPE.slice(0, 40));
        setTimeout(() => res.destroy(), 20);
        return;
      }
      if (endpoint && mode === "redirect") {
        res.writeHead(307, { ...headers, location: `/nullbody/${rest.join("/")}` });
        return res.end();
      }
      if (endpoint && mode === "huge") {
        res.writeHead(200, headers);
        const chunk = Buffer.alloc(1024 * 1024, 0x20);
        let sent = 0;
        const more = (): void => {
          while (sent < HUGE_PAD_BYTES && !res.destroyed) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", more);
          }
          if (!res.destroyed) res.end(CUT_ENVELOPE);
        };
        res.on("close", () => (sent = HUGE_PAD_BYTES));
        return more();
      }
      if (endpoint && (mode === "cutjson" || mode === "nullbody")) {
        res.writeHead(200, headers);
        return res.end(mode === "nullbody" ? "null" : CUT_ENVELOPE.slice(0, 60));
      }
      const { status, body } = endpoint
        ? answerFor(mode, endpoint, received)
        : { status: 404, body: { status: "ERROR", statusCode: 404, message: "Not Found" } };
      res.writeHead(status, headers);
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    urlFor: (mode) => `http://127.0.0.1:${port}/${mode}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
