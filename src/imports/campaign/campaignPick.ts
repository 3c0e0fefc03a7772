/**
 * "The shop's top N" as a campaign's SKUs (issue 34 item 3): the products the API ranks first by
 * profit (A11, B12: 500 a page, pages until N products are in), or by units sold (A11's every
 * page, sorted by its unitsSold; B8's SKUs summed per product, one request), and every SKU of
 * them (A12's modelDetails, 500 products a page until each chosen product's models are known;
 * B8 on B). C has no ranked list in the spec: its SKUs are pasted. Pure stages over the
 * campaign's state (plain JSON), so a job resumes the walk where it stopped.
 */
import { apiCall } from "../../core/effects";
import { pageRows } from "../../core/paginate";
import { isRecord } from "../../core/shape";
import { markAnswered, notAnswered, requestOf, type SheetStage } from "../sheetSteps";
import type { CampaignSku, CampaignState } from "./campaignAsk";

/** What the seller picked instead of pasting: the top N products by profit or units sold. */
export interface CampaignPick {
  readonly by: "profit" | "units";
  readonly top: number;
}

/** Products a pick may take: their SKUs stay within a campaign's 5,000. */
export const MAX_TOP = 1000;
/** SKUs a campaign prices at most. */
export const MAX_CAMPAIGN_SKUS = 5000;

const PAGE = 500;

/** A ranked product, as the list named it. */
interface Ranked {
  readonly itemId: number;
  readonly name: string;
  readonly units: number;
}

/** A product's variants (null: a product sold without variants), with their names. */
type Variants = readonly { readonly id: number | null; readonly name: string }[];

/** The walk so far. */
export interface PickState {
  readonly ranked: readonly Ranked[];
  readonly rankPages: number;
  readonly rankDone: boolean;
  readonly variants: Readonly<Record<string, Variants>>;
  readonly variantPages: number;
  readonly variantsDone: boolean;
  /** The SKUs, once both walks are done. */
  readonly skus: readonly CampaignSku[] | null;
}

export const firstPick = (): PickState => ({
  ranked: [],
  rankPages: 0,
  rankDone: false,
  variants: {},
  variantPages: 0,
  variantsDone: false,
  skus: null,
});

/** The sentence for a pick the API cannot answer; null when it is fine. */
export function pickProblem(marketplace: string, pick: CampaignPick): string | null {
  if (marketplace === "C")
    return "Top products: marketplace C's API has no ranked product list; paste the SKUs instead";
  if (pick.by !== "profit" && pick.by !== "units")
    return "Top products: by profit or by units sold";
  if (!Number.isInteger(pick.top) || pick.top < 1 || pick.top > MAX_TOP)
    return `Top products: a whole number from 1 to ${MAX_TOP.toLocaleString("en-US")}`;
  return null;
}

/**
 * Requests a pick costs before anything is known: the ranked list's pages (by units: every
 * page; the shop's size is not known, so at least the pages for N) and the variant lists (A12:
 * at least one page; B8: one request).
 */
export function pickEstimate(marketplace: string, pick: CampaignPick): number {
  const rankPages = Math.ceil(pick.top / PAGE);
  if (marketplace === "B") return (pick.by === "profit" ? rankPages : 0) + 1;
  return rankPages + 1;
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const text = (v: unknown): string => (typeof v === "string" ? v : "");

/** The walk's SKUs (the picked ones, or those pasted). */
export const skusOf = (s: CampaignState): readonly CampaignSku[] =>
  s.ask.pick ? (s.pick?.skus ?? []) : s.ask.skus;

/** A page of A's list `endpoint`, or of B12, on the seller's VAT basis. */
function pageCall(s: CampaignState, endpoint: "A11" | "A12" | "B12", page: number) {
  const a = s.ask;
  return endpoint === "B12"
    ? apiCall("B12", {
        sellerId: a.shopId,
        region: a.region,
        hasVat: a.includeVat,
        page,
        pageSize: PAGE,
      })
    : apiCall(endpoint, {
        shopId: a.shopId,
        region: a.region,
        includeVat: a.includeVat,
        page,
        pageSize: PAGE,
      });
}

/** B8's entries (every SKU of the seller, product by product). */
function b8Variants(rows: readonly unknown[]): {
  variants: Record<string, { id: number | null; name: string }[]>;
  units: Map<number, number>;
} {
  const variants: Record<string, { id: number | null; name: string }[]> = {};
  const units = new Map<number, number>();
  for (const e of rows) {
    if (!isRecord(e) || typeof e.itemId !== "number" || typeof e.skuId !== "number") continue;
    const meta = isRecord(e.metadata) ? e.metadata : {};
    (variants[String(e.itemId)] ??= []).push({ id: e.skuId, name: text(e.name) });
    units.set(
      e.itemId,
      (units.get(e.itemId) ?? 0) + (num(e.unitsSold) ?? num(meta.unitsSold) ?? 0),
    );
  }
  return { variants, units };
}

/** The chosen products, in rank order. */
function chosen(s: CampaignState, ranked: readonly Ranked[]): Ranked[] {
  const pick = s.ask.pick;
  if (!pick) return [];
  const order = pick.by === "units" ? [...ranked].sort((x, y) => y.units - x.units) : [...ranked];
  return order.slice(0, pick.top);
}

/** Every SKU of the chosen products (their variants as listed), at most the campaign's. */
function skusPicked(s: CampaignState, p: PickState): CampaignSku[] {
  const out: CampaignSku[] = [];
  for (const r of chosen(s, p.ranked)) {
    const vs = p.variants[String(r.itemId)] ?? [{ id: null, name: "" }];
    for (const v of vs.length ? vs : [{ id: null, name: "" }]) {
      if (out.length >= MAX_CAMPAIGN_SKUS) return out;
      const name =
        v.name && v.name !== r.name ? (r.name ? `${r.name} · ${v.name}` : v.name) : r.name;
      out.push({ itemId: r.itemId, variantId: v.id, ...(name ? { name } : {}) });
    }
  }
  return out;
}

/** The state with the walk `next`, its SKUs made once both walks are done. */
function withPick(s: CampaignState, next: PickState): CampaignState {
  const done = next.rankDone && next.variantsDone;
  return { ...s, pick: done ? { ...next, skus: skusPicked(s, next) } : next };
}

const pickOf = (s: CampaignState): PickState => s.pick ?? firstPick();

/** The ranked list's pages (A11, B12), until N products are in (by units: all of them). */
const rankStage: SheetStage<CampaignState> = {
  name: "The shop's ranked products",
  pending(s) {
    const pick = s.ask.pick;
    const p = pickOf(s);
    // B by units ranks B8's SKUs (the variant walk): B12 ranks by profit only.
    if (!pick || p.rankDone || (s.ask.marketplace === "B" && pick.by === "units")) return [];
    const endpoint = s.ask.marketplace === "A" ? "A11" : "B12";
    const call = pageCall(s, endpoint, p.rankPages);
    return notAnswered(s, [requestOf(`${endpoint} page #${p.rankPages}`, call, PAGE)]);
  },
  fold(s, request, answer) {
    const p = pickOf(s);
    const done = markAnswered(s, request);
    if (!answer.ok)
      return withPick(
        { ...done, errors: [...s.errors, `The shop's ranked products: ${answer.error}`] },
        { ...p, rankDone: true },
      );
    const rows = pageRows<unknown>(answer.data);
    const seen = new Set(p.ranked.map((r) => r.itemId));
    const fresh: Ranked[] = rows.flatMap((e) =>
      isRecord(e) && typeof e.itemId === "number" && !seen.has(e.itemId)
        ? [{ itemId: e.itemId, name: text(e.name), units: num(e.unitsSold) ?? 0 }]
        : [],
    );
    const ranked = [...p.ranked, ...fresh];
    const pages = isRecord(answer.data) ? num(answer.data.totalPages) : null;
    const last =
      fresh.length === 0 ||
      (pages !== null && p.rankPages + 1 >= pages) ||
      (s.ask.pick?.by === "profit" && ranked.length >= s.ask.pick.top);
    return withPick(done, { ...p, ranked, rankPages: p.rankPages + 1, rankDone: last });
  },
  estimate: (s) => {
    const p = pickOf(s);
    if (!s.ask.pick || p.rankDone) return 0;
    if (s.ask.marketplace === "B" && s.ask.pick.by === "units") return 0;
    return Math.max(1, Math.ceil(s.ask.pick.top / PAGE) - p.rankPages);
  },
};

/** The chosen products' variants: A12's modelDetails pages (A), B8 in one request (B). */
const variantStage: SheetStage<CampaignState> = {
  name: "The products' SKUs",
  pending(s) {
    const p = pickOf(s);
    const pick = s.ask.pick;
    const bUnits = s.ask.marketplace === "B" && pick?.by === "units";
    if (!pick || p.variantsDone || (!p.rankDone && !bUnits)) return [];
    const id = s.ask.marketplace === "A" ? `A12 page #${p.variantPages}` : "B8";
    const call =
      s.ask.marketplace === "A"
        ? pageCall(s, "A12", p.variantPages)
        : apiCall("B8", { hasVat: s.ask.includeVat, sellerId: s.ask.shopId, region: s.ask.region });
    return notAnswered(s, [requestOf(id, call, PAGE)]);
  },
  fold(s, request, answer) {
    const p = pickOf(s);
    const done = markAnswered(s, request);
    if (!answer.ok)
      return withPick(
        { ...done, errors: [...s.errors, `The products' SKUs: ${answer.error}`] },
        { ...p, variantsDone: true, rankDone: true },
      );
    const rows = pageRows<unknown>(answer.data);
    if (s.ask.marketplace === "B") {
      const { variants, units } = b8Variants(rows);
      // By units, B8 is the ranking too: each product's SKUs' units summed, in B8's order.
      const ranked =
        s.ask.pick?.by === "units"
          ? [...units].map(([itemId, u]) => ({ itemId, name: "", units: u }))
          : p.ranked;
      return withPick(done, { ...p, ranked, rankDone: true, variants, variantsDone: true });
    }
    const variants: Record<string, Variants> = { ...p.variants };
    for (const e of rows) {
      if (!isRecord(e) || typeof e.itemId !== "number" || !Array.isArray(e.modelDetails)) continue;
      variants[String(e.itemId)] = e.modelDetails
        .filter(isRecord)
        .map((m) => ({ id: num(m.modelId), name: text(m.name) || text(m.modelName) }));
    }
    const pages = isRecord(answer.data) ? num(answer.data.totalPages) : null;
    const wanted = chosen(s, p.ranked).every((r) => variants[String(r.itemId)] !== undefined);
    const last = rows.length === 0 || wanted || (pages !== null && p.variantPages + 1 >= pages);
    return withPick(done, {
      ...p,
      variants,
      variantPages: p.variantPages + 1,
      variantsDone: last,
    });
  },
  estimate: (s) => (!s.ask.pick || pickOf(s).variantsDone ? 0 : 1),
};

/** The pick's stages (none when the SKUs were pasted). */
export const pickStages = (s: CampaignState): SheetStage<CampaignState>[] =>
  s.ask.pick ? [rankStage, variantStage] : [];
