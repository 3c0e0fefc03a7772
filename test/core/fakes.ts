/** Hand-made endpoint specs and a scripted fake API for the core tests (fakes at the edge). */
import type { EndpointSpec, FieldSpec } from "../../src/api/types";
import type { HttpRequest } from "../../src/core/request";
import type { HttpResponse } from "../../src/core/response";

const f = (
  name: string,
  type: FieldSpec["type"],
  required = false,
  extra: Partial<FieldSpec> = {},
): FieldSpec => ({
  name,
  type,
  required,
  doc: name,
  ...extra,
});

const response = { typeName: "T", kind: "object" as const, fields: [], partial: true };

export const PRODUCT: EndpointSpec = {
  id: "T_PRODUCT",
  marketplace: "A",
  method: "POST",
  path: "/x/product",
  pathParams: [],
  body: [
    f("shopId", "integer", true),
    f("region", "string", true),
    f("itemId", "integer", true),
    f("lookbackDays", "integer", false, { min: 1, max: 730 }),
    f("includeVat", "boolean"),
    f("effectiveDate", "date"),
    f("mode", "string", false, { enum: ["PROFIT", "MARGIN"] }),
    f("cogs", "number", false, { min: 0 }),
    f("models", "array", false, { max: 3 }),
    f("adsCostByProductId", "object"),
    f("itemIds", "array", false, { items: "integer" }),
  ],
  bodyRequired: true,
  summary: "one product",
  response,
  status: "active",
};

export const ITEM: EndpointSpec = {
  id: "T_ITEM",
  marketplace: "A",
  method: "POST",
  path: "/x/item/{shopId}/{region}/{itemId}",
  pathParams: [
    f("shopId", "integer", true),
    f("region", "string", true),
    f("itemId", "string", true),
  ],
  body: [f("lookbackDays", "integer")],
  bodyRequired: false,
  summary: "item",
  response,
  status: "active",
};

export const BATCH: EndpointSpec = {
  id: "T_BATCH",
  marketplace: "A",
  method: "POST",
  path: "/x/batch",
  pathParams: [],
  body: [
    f("shopId", "integer", true),
    f("region", "string", true),
    f("modelIds", "array", true),
    f("lookbackDays", "integer"),
  ],
  bodyRequired: true,
  summary: "batch",
  response: { ...response, kind: "array" },
  batch: { idsField: "modelIds", resultIdField: "modelId", maxIds: 100 },
  status: "active",
};

export const CURSOR: EndpointSpec = {
  id: "T_CURSOR",
  marketplace: "A",
  method: "POST",
  path: "/x/products/{shopId}",
  pathParams: [f("shopId", "integer", true)],
  body: [f("cursorRtProductId", "integer"), f("pageSize", "integer")],
  bodyRequired: false,
  summary: "cursor",
  response: { ...response, kind: "cursorPage" },
  pagination: "cursor",
  status: "active",
};

export const OFFSET: EndpointSpec = {
  id: "T_OFFSET",
  marketplace: "A",
  method: "POST",
  path: "/x/sorted/{shopId}",
  pathParams: [f("shopId", "integer", true)],
  body: [f("page", "integer"), f("pageSize", "integer")],
  bodyRequired: false,
  summary: "offset",
  response: { ...response, kind: "offsetPage" },
  pagination: "offset",
  status: "active",
};

export const SHOPS: EndpointSpec = {
  id: "T_SHOPS",
  marketplace: "A",
  method: "GET",
  path: "/x/shops",
  pathParams: [],
  body: [],
  bodyRequired: false,
  summary: "shops",
  response: { ...response, kind: "array" },
  status: "active",
};

export const SPECS = [PRODUCT, ITEM, BATCH, CURSOR, OFFSET, SHOPS];

/** Lookup over the hand-made specs (throws for unknown ids, like endpointById). */
export function lookup(id: string): EndpointSpec {
  const spec = SPECS.find((s) => s.id === id);
  if (!spec) throw new Error(`unknown endpoint ${id}`);
  return spec;
}

export const BASE = "http://127.0.0.1:9";
export const KEY = "mpa_pat_test_secret_123";

/** A success envelope. */
export function ok(data: unknown, status = 200): HttpResponse {
  return {
    status,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ status: "SUCCESS", statusCode: status, message: null, data }),
  };
}

/** An error envelope as the reference server writes it. */
export function fail(
  status: number,
  message: string,
  errors: Array<{ field: string; problem: string }> = [],
  headers: Record<string, string> = {},
): HttpResponse {
  return {
    status,
    headers,
    body: JSON.stringify({ status: "ERROR", statusCode: status, message, errors }),
  };
}

export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Record<string, unknown>;
}

/** A small simulated API: answers batch, product, cursor and offset endpoints from a dataset. */
export class FakeApi {
  readonly seen: SeenRequest[] = [];
  /** Responses to return first, in order, before simulating (failures to script). */
  readonly script: Array<HttpResponse | Error> = [];
  totalProducts = 237;

  handle(req: HttpRequest): HttpResponse {
    const path = req.url.slice(BASE.length);
    const body = req.body ? (JSON.parse(req.body) as Record<string, unknown>) : {};
    this.seen.push({ method: req.method, path, headers: req.headers, body });
    const scripted = this.script.shift();
    if (scripted instanceof Error) throw scripted;
    if (scripted) return scripted;
    if (req.headers.Authorization !== `Bearer ${KEY}`) return fail(401, "bad key");
    if (path === "/x/batch") {
      const ids = body.modelIds as number[];
      if (ids.length > 100)
        return fail(400, "too many", [{ field: "modelIds", problem: "at most 100" }]);
      // Ids above 9000 do not exist: they are simply absent.
      return ok(
        ids
          .filter((id) => Number(id) < 9000)
          .map((id) => ({ modelId: Number(id), price: Number(id) * 2 })),
      );
    }
    if (path === "/x/product")
      return ok({ itemId: body.itemId, lookbackDays: body.lookbackDays ?? 180 });
    if (path.startsWith("/x/item/")) return ok({ path });
    if (path === "/x/shops") return ok([{ shopId: 1 }]);
    if (path.startsWith("/x/products/")) {
      const size = (body.pageSize as number | undefined) ?? 50;
      const start = (body.cursorRtProductId as number | undefined) ?? 0;
      const rows = [];
      for (let id = start; id < Math.min(start + size, this.totalProducts); id++)
        rows.push({ rtProductId: id });
      const next = start + size < this.totalProducts ? { cursorRtProductId: start + size } : null;
      return ok({ data: rows, nextCursor: next, dataFreshAt: [2024, 5, 1, 0, 0, 0] });
    }
    if (path.startsWith("/x/sorted/")) {
      const size = (body.pageSize as number | undefined) ?? 50;
      const page = (body.page as number | undefined) ?? 0;
      const entries = [];
      for (let i = page * size; i < Math.min((page + 1) * size, this.totalProducts); i++)
        entries.push({ rank: i });
      return ok({
        entries,
        page,
        pageSize: size,
        totalItems: this.totalProducts,
        totalPages: Math.ceil(this.totalProducts / size),
        dataFreshAt: null,
      });
    }
    return fail(404, "no route");
  }
}
