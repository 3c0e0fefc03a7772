/**
 * The reference server answering in other shapes the spec allows (docs/api-spec.md), for the
 * demo ids a test picks: the real handlers compute the figures, a wrapper reshapes them.
 * - A1: entries of the models in `nullModels` carry `modelId: null` (spec 2.4: null for a
 *   single-variant product), as another API answers a single-variant product's model.
 * - A2 and A6: EXTRA_FIELDS beside the breakdown (the spec marks A2 [partial]: an API may send
 *   fields it does not name).
 */
import { ALL_HANDLERS } from "../../src/server/endpoints";
import type { EndpointHandler } from "../../src/server/handler";
import { startTestServer, type TestServer } from "./server";

/** Top-level fields no table may show: neither the spec nor the contract notes name them. */
export const EXTRA_FIELDS = { requestId: "req-7f3a", apiBuild: 20261127, cached: false } as const;

export interface AllowedShapes {
  readonly server: TestServer;
  /** Model ids whose A1 entries say `modelId: null`. */
  readonly nullModels: Set<number>;
  /** The modelIds of every A1 request, in order. */
  readonly a1Asked: number[][];
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

export async function allowedShapesServer(): Promise<AllowedShapes> {
  const nullModels = new Set<number>();
  const a1Asked: number[][] = [];
  const real = ALL_HANDLERS;
  const wrap =
    (id: string, reshape: (data: unknown) => unknown): EndpointHandler =>
    (ctx) =>
      reshape((real[id] as EndpointHandler)(ctx));
  const a1 = wrap("A1", (data) =>
    Array.isArray(data)
      ? data.map((e) =>
          isRecord(e) && nullModels.has(Number(e.modelId)) ? { ...e, modelId: null } : e,
        )
      : data,
  );
  const handlers: Record<string, EndpointHandler> = {
    ...real,
    A1: (ctx) => {
      a1Asked.push((ctx.body.modelIds as number[]).map(Number));
      return a1(ctx);
    },
    A2: wrap("A2", (data) => (isRecord(data) ? { ...EXTRA_FIELDS, ...data } : data)),
    A6: wrap("A6", (data) => (isRecord(data) ? { ...data, ...EXTRA_FIELDS } : data)),
  };
  const server = await startTestServer({ handlers, hostileNames: false });
  return { server, nullModels, a1Asked };
}
