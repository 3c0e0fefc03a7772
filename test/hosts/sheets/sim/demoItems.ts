/**
 * Fixtures read straight from the simulator's reference server with a key of their own (so
 * they spend none of the add-on's quota): the first marketplace A shop and item ids of it.
 */
import type { SheetsSim } from "./sheetsSim";

export interface DemoShop {
  readonly shopId: number;
  readonly region: string;
}

async function get(sim: SheetsSim, key: string, urlPath: string, body?: unknown): Promise<unknown> {
  const res = await fetch(sim.server.baseUrl + urlPath, {
    method: body ? "POST" : "GET",
    headers: {
      authorization: `Bearer ${key}`,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return ((await res.json()) as { data: unknown }).data;
}

/** The first A shop and `count` of its item ids (count <= 500). */
export async function demoItems(
  sim: SheetsSim,
  count: number,
): Promise<{ shop: DemoShop; items: number[] }> {
  const key = sim.server.keyFor("demo");
  const shops = (await get(sim, key, "/api/mkt-a/fetch-all-user-shops")) as DemoShop[];
  const shop = shops[0];
  if (!shop) throw new Error("no demo shop");
  const page = (await get(
    sim,
    key,
    `/api/mkt-a/financial-breakdown/products/${shop.shopId}/${shop.region}`,
    {
      pageSize: count,
    },
  )) as { data: Array<{ itemId: number }> };
  return { shop, items: page.data.map((p) => p.itemId) };
}
