/**
 * The API side of the seller-data model as the reference server is (real HTTP): the answer's
 * products and figures are asked of the server with the seller's basis, and the model's API
 * actions become what changes a real answer: the seller's sales window and VAT setting (a
 * new basis reorders the ranking, so products leave and join a table of the top N). Ids and
 * the products themselves are the server's.
 */
import { P_A, P_B } from "../../src/api/endpoints";
import { listColumns, listRows } from "../../src/imports/table";
import type { ModelApi } from "./actions";
import type { ModelHost } from "./host";
import { MODEL_SHOP, type ApiChange, type ModelMarketplace } from "./scriptedApi";

const WINDOWS = [30, 90, 180, 365];

export class RealApi implements ModelApi {
  private basis = { countVat: true, salesWindowDays: 180 };
  private host: ModelHost | null = null;

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly marketplace: ModelMarketplace,
    /** The import's top N. */
    private readonly limit: number,
  ) {}

  /** The host whose basis setting the API actions change. */
  attach(host: ModelHost): void {
    this.host = host;
  }

  private async entries(): Promise<Record<string, unknown>[]> {
    const shop = MODEL_SHOP[this.marketplace];
    const prefix = this.marketplace === "A" ? P_A : P_B;
    const res = await fetch(
      `${this.baseUrl}${prefix}/products/${shop.shopId}/${shop.region}/sorted-by-profit`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${this.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({
          page: 0,
          pageSize: this.limit,
          ...(this.marketplace === "A"
            ? { includeVat: this.basis.countVat, lookbackDays: this.basis.salesWindowDays }
            : { hasVat: this.basis.countVat }),
        }),
      },
    );
    const body = (await res.json()) as { data?: { entries?: Record<string, unknown>[] } };
    return body.data?.entries ?? [];
  }

  /** A product as the model names it: its id cells, joined (B: rtProductId|itemId). */
  private idOf(e: Record<string, unknown>): string {
    return this.marketplace === "A"
      ? String(e.itemId)
      : `${String(e.rtProductId)}|${String(e.itemId)}`;
  }

  async liveIds(): Promise<string[]> {
    return (await this.entries()).map((e) => this.idOf(e));
  }

  async figureUnder(productId: string, header: string): Promise<number | null> {
    const entries = await this.entries();
    const entry = entries.find((e) => this.idOf(e) === productId);
    if (!entry || header === "Rank") return null;
    const columns = listColumns([entry], this.marketplace);
    const cell = listRows([entry], columns)[0]?.[columns.findIndex((c) => c.header === header)];
    return typeof cell === "number" ? cell : null;
  }

  async change(c: ApiChange): Promise<void> {
    // The server's data is its own: a new basis is what changes its answer.
    const at = WINDOWS.indexOf(this.basis.salesWindowDays);
    if (c.kind === "idsAsText") this.basis = { ...this.basis, countVat: c.on };
    else this.basis = { ...this.basis, salesWindowDays: WINDOWS[(at + 1) % WINDOWS.length] ?? 180 };
    await this.host?.setBasis(this.basis);
  }
}
