/** Shop records of a shop-list answer (SHOPS_A/B/C) as the pickers' entries. */
import type { Marketplace } from "../api/types";
import type { ShopRef } from "./views";

/** Shop records of a SHOPS_* answer as picker entries. */
export function shopRefs(marketplace: Marketplace, data: unknown): ShopRef[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((raw: unknown): ShopRef[] => {
    if (raw === null || typeof raw !== "object") return [];
    const r = raw as Record<string, unknown>;
    const id = marketplace === "B" ? r.sellerId : r.shopId;
    if (typeof id !== "number" && typeof id !== "string") return [];
    return [
      {
        marketplace,
        id: String(id),
        region: typeof r.region === "string" ? r.region : "",
        name: typeof r.shopName === "string" ? r.shopName : String(id),
        typed: false,
      },
    ];
  });
}
