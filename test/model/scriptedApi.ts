/**
 * The API side of the seller-data model (issue 33): a scripted answer generator in the shapes
 * the reference server sends (scriptedApi.http.test.ts checks them against it), so 10,000
 * sequences run in seconds. Products appear, vanish, all vanish and come back; figures change
 * per product; ids come as numbers or as their text. Every figure is distinct per product,
 * column and version, so a value typed "equal to the API's" names one cell only.
 */
import type { HttpRequest } from "../../src/core/request";
import type { HttpResponse } from "../../src/core/response";
import { P_A, P_B } from "../../src/api/endpoints";
import type { ModelApi } from "./actions";
import { listColumns, listRows } from "../../src/imports/table";

/** The marketplaces the model imports from: A's and B's ranked lists (offset pages). */
export type ModelMarketplace = "A" | "B";

/** One product of the pool: its id and its own figures' version. */
interface PoolProduct {
  readonly index: number;
  readonly id: number;
  version: number;
}

/** Products the pool holds; a table shows at most this many. */
export const POOL_SIZE = 9;

/** What the model's API action does. */
export type ApiChange =
  | { readonly kind: "appear"; readonly count: number }
  | { readonly kind: "vanish"; readonly pick: number }
  | { readonly kind: "allVanish" }
  | { readonly kind: "comeBack" }
  | { readonly kind: "figures"; readonly pick: number; readonly all: boolean }
  | { readonly kind: "idsAsText"; readonly on: boolean };

/** The figure under each header the imports make of the entries below. */
const FIGURE_HEADERS: Readonly<Record<string, keyof typeof BASE>> = {
  "Total profit": "totalProfit",
  "Units sold": "unitsSold",
  "Original price (per unit)": "price",
  "Commission fee (per unit)": "commission",
  "Commission (per unit)": "commission",
  "Net profit (per unit)": "netProfit",
  "Revenue (per unit)": "revenue",
  Margin: "margin",
};

const round2 = (n: number): number => Math.round(n * 100) / 100;

/** The columns' bases: far apart, so no two columns ever hold the same figure. */
const BASE = {
  totalProfit: 5000,
  unitsSold: 300,
  price: 70000,
  commission: -900,
  netProfit: 20000,
  revenue: 40000,
  margin: 0.2,
} as const;

/** A1's scripted shop: the shop and region the model's imports name. */
export const MODEL_SHOP = {
  A: { shopId: 100001, region: "SG" },
  B: { shopId: 500001, region: "MY" },
};

export class ScriptedApi implements ModelApi {
  readonly pool: PoolProduct[];
  /** The products in the answer, by pool index. */
  live: number[];
  /** The products before "all vanish", for "come back". */
  private before: number[] = [];
  idsAsText = false;
  /** Requests answered (a page each). */
  requests = 0;

  constructor(readonly marketplace: ModelMarketplace) {
    const first = marketplace === "A" ? 10001000 : 40000000;
    this.pool = Array.from({ length: POOL_SIZE }, (_, index) => ({
      index,
      id: first + 11 * (index + 1),
      version: 0,
    }));
    this.live = [0, 1, 2, 3];
  }

  /** A product's figure in one column, now: distinct per product, column and version. */
  figure(index: number, column: keyof typeof BASE): number {
    const p = this.pool[index];
    if (!p) throw new Error(`no product ${index}`);
    // Total profit reorders the ranks as versions change; its cents name product and version.
    if (column === "totalProfit")
      return round2(
        BASE.totalProfit +
          1000 * ((p.index * 7 + p.version * 3) % POOL_SIZE) +
          0.01 * (p.index + POOL_SIZE * p.version),
      );
    // 13.37 a product and 0.11 a version never meet for versions under 1,337 (gcd 1).
    const spread = 13.37 * p.index + 0.11 * p.version;
    // A's margin is in percent points (as the reference server sends it), B's a fraction.
    if (column === "margin")
      return this.marketplace === "A"
        ? round2(100 * BASE.margin + spread / 100)
        : Number((BASE.margin + spread / 10000).toFixed(6));
    if (column === "unitsSold") return Math.round(BASE.unitsSold + spread + 1000 * p.version);
    return round2(BASE[column] + spread);
  }

  /** The answer's products in rank order (total profit, highest first). */
  ranked(): number[] {
    return [...this.live].sort(
      (a, b) => this.figure(b, "totalProfit") - this.figure(a, "totalProfit") || a - b,
    );
  }

  /**
   * The API's figure for a product under a table header, where the header shows one the
   * model can type "equal to the API's" (a rank is not: it moves from product to product).
   */
  figureOf(index: number, header: string): number | null {
    if (FIGURE_HEADERS[header] === undefined || !this.live.includes(index)) return null;
    // As the import writes it (A's margin points become a fraction): the product's own rows.
    const entry = this.entry(index, 1);
    const columns = listColumns([entry], this.marketplace);
    const at = columns.findIndex((c) => c.header === header);
    const cell = listRows([entry], columns)[0]?.[at];
    return typeof cell === "number" ? cell : null;
  }

  /** A product as the model names it: its id cells, joined (B: rtProductId|itemId). */
  async liveIds(): Promise<string[]> {
    return this.ranked().map((i) =>
      this.marketplace === "A" ? this.idText(i) : `${this.idText(i)}|${this.idText(i)}`,
    );
  }

  async figureUnder(productId: string, header: string): Promise<number | null> {
    const id = productId.split("|")[0];
    const index = this.pool.findIndex((p) => String(p.id) === id);
    return index < 0 ? null : this.figureOf(index, header);
  }

  versionOf(productId: string): number | null {
    const id = productId.split("|")[0];
    return this.pool.find((p) => String(p.id) === id)?.version ?? null;
  }

  /** A product's id as the sheet shows it. */
  idText(index: number): string {
    return String(this.pool[index]?.id ?? "");
  }

  /** Apply the model's API action. */
  async change(c: ApiChange): Promise<void> {
    const absent = this.pool.map((p) => p.index).filter((i) => !this.live.includes(i));
    switch (c.kind) {
      case "appear":
        this.live.push(...absent.slice(0, c.count));
        break;
      case "vanish":
        if (this.live.length > 0) this.live.splice(c.pick % this.live.length, 1);
        break;
      case "allVanish":
        if (this.live.length > 0) this.before = this.live;
        this.live = [];
        break;
      case "comeBack":
        this.live = [...new Set([...this.live, ...this.before])];
        break;
      case "figures":
        for (const [n, i] of this.live.entries())
          if (c.all || n === c.pick % this.live.length) {
            const p = this.pool[i];
            if (p) p.version++;
          }
        break;
      case "idsAsText":
        this.idsAsText = c.on;
        break;
    }
  }

  /** One entry as the API sends it (A11 or B12 in the reference server's shape). */
  entry(index: number, rank: number): Record<string, unknown> {
    const p = this.pool[index];
    if (!p) throw new Error(`no product ${index}`);
    const id = this.idsAsText ? String(p.id) : p.id;
    const f = (c: keyof typeof BASE): number => this.figure(index, c);
    const line = (amount: number, label: string, rate: number | null) => ({
      amount,
      label,
      rate,
      base: rate === null ? null : f("revenue"),
    });
    const metadata = {
      currency: this.marketplace === "A" ? "SGD" : "MYR",
      netProfit: f("netProfit"),
      revenue: f("revenue"),
      margin: f("margin"),
    };
    const name = `Product ${p.index + 1}`;
    return this.marketplace === "A"
      ? {
          rank,
          itemId: id,
          name,
          breakdown: {
            originalModelPrice: line(f("price"), "Original price", null),
            commissionFee: line(f("commission"), "Commission fee", 0.06),
          },
          metadata,
          unitsSold: f("unitsSold"),
          totalProfit: f("totalProfit"),
        }
      : {
          rtProductId: id,
          itemId: id,
          name,
          unitsSold: f("unitsSold"),
          breakdown: {
            originalPrice: line(f("price"), "Original price", null),
            commissionFee: line(f("commission"), "Commission", 0.083),
          },
          metadata,
          totalProfit: f("totalProfit"),
        };
  }

  /** An offset page of the ranked list. */
  page(page: number, pageSize: number): Record<string, unknown> {
    const ranked = this.ranked();
    const entries = ranked
      .slice(page * pageSize, (page + 1) * pageSize)
      .map((i, k) => this.entry(i, page * pageSize + k + 1));
    return {
      entries,
      page,
      pageSize,
      totalItems: ranked.length,
      totalPages: Math.ceil(ranked.length / pageSize),
      dataFreshAt: [2025, 6, 30, 2, 0, 0],
    };
  }

  /** The HTTP answer to one request, as the reference server would give it. */
  answer(request: HttpRequest): HttpResponse {
    this.requests++;
    const path = new URL(request.url).pathname;
    const prefix = this.marketplace === "A" ? P_A : P_B;
    const shop = MODEL_SHOP[this.marketplace];
    const own = `${prefix}/products/${shop.shopId}/${shop.region}/sorted-by-profit`;
    if (path !== own) return envelope(404, { message: `The model's API has no ${path}` });
    const body = JSON.parse(request.body ?? "{}") as { page?: number; pageSize?: number };
    return envelope(200, { data: this.page(body.page ?? 0, body.pageSize ?? 50) });
  }
}

function envelope(status: number, o: { data?: unknown; message?: string }): HttpResponse {
  const ok = status < 400;
  return {
    status,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      status: ok ? "SUCCESS" : "ERROR",
      statusCode: status,
      message: o.message ?? "OK",
      ...(ok ? { data: o.data } : { errors: [] }),
    }),
  };
}
