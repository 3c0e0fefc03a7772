/**
 * A fee-change sheet's requests on marketplaces B and C (issue 34 item 2), every one a batch or
 * a list page. B: B8 today and at the date (every SKU of the seller with its figures, one
 * request each, not paginated), B7 for the products' names (500 a page), B15 three times
 * (keepPriceStages.ts). C: C7 today and at the date for the products the seller names (the API
 * lists no C products; 100 a request, each with its per-SKU detail), C9 three times. Neither has
 * an impact summary like A19 to check the totals with: the sheet's summary says so.
 */
import { apiCall } from "../../core/effects";
import { isRecord } from "../../core/shape";
import { rowId } from "../pricingSheet";
import type { SheetStage } from "../sheetSteps";
import type { FeeChangeState, ListedProduct } from "./feeChangeAsk";
import { previewStages } from "./keepPriceStages";
import { batchStage } from "../batchStage";
import { walkStage } from "./walkStage";
import { currencyIn, unitFiguresOf, type UnitFigures } from "./unitFigures";

/** B7's page size (the contract's largest). */
const PAGE = 500;
/** C7 takes at most 100 product ids a request (contract notes, "Limits"). */
const C7_IDS = 100;

/** B8 today or at the date: every SKU's figures, and each product's SKUs. */
const b8 = (s: FeeChangeState, later: boolean) =>
  batchStage<FeeChangeState, string>({
    name: later ? `B8 at ${s.ask.date}` : "B8 today",
    items: (st) => [later ? st.ask.date : "today"],
    size: 1,
    request: (st) =>
      apiCall("B8", {
        sellerId: st.ask.shopId,
        region: st.ask.region,
        hasVat: st.ask.includeVat,
        ...(later ? { effectiveDate: st.ask.date } : {}),
      }),
    take: (st, _part, data) => {
      const list = Array.isArray(data) ? data : [];
      const figures: Record<string, UnitFigures> = {};
      const skus = new Map<string, number[]>();
      for (const e of list) {
        if (!isRecord(e) || typeof e.itemId !== "number" || typeof e.skuId !== "number") continue;
        const f = unitFiguresOf(e);
        if (f) figures[rowId(e.itemId, e.skuId)] = f;
        const of = skus.get(String(e.itemId)) ?? [];
        skus.set(String(e.itemId), [...of, e.skuId]);
      }
      return later
        ? { ...st, figuresLater: { ...st.figuresLater, ...figures } }
        : {
            ...st,
            figuresToday: { ...st.figuresToday, ...figures },
            variantsOf: { ...st.variantsOf, ...Object.fromEntries(skus) },
            currency: st.currency ?? currencyIn(list),
          };
    },
    estimateItems: () => 1,
  });

/** B7's pages: the seller's products in order, with their names. */
const b7 = () =>
  walkStage({
    name: "B7 products",
    walk: "today",
    paging: "cursor",
    request: (st, next) =>
      apiCall("B7", {
        sellerId: st.ask.shopId,
        region: st.ask.region,
        hasVat: st.ask.includeVat,
        pageSize: PAGE,
        ...(next === null ? {} : { cursorRtProductId: next }),
      }),
    take: (st, rows) => {
      const named: ListedProduct[] = rows.flatMap((e) =>
        isRecord(e) && typeof e.itemId === "number"
          ? [{ itemId: e.itemId, name: typeof e.name === "string" ? e.name : "", figures: null }]
          : [],
      );
      return { ...st, today: { ...st.today, products: [...st.today.products, ...named] } };
    },
    estimate: (st) => Math.max(1, Math.ceil(Object.keys(st.variantsOf).length / PAGE)),
  });

/** C7 today or at the date for the named products: each product and its SKUs' figures. */
const c7 = (s: FeeChangeState, later: boolean) =>
  batchStage<FeeChangeState, string>({
    name: later ? `C7 at ${s.ask.date}` : "C7 today",
    items: (st) => st.ask.productIds ?? [],
    size: C7_IDS,
    request: (st, part) =>
      apiCall("C7", {
        shopId: st.ask.shopId,
        productIds: [...part],
        hasVat: st.ask.includeVat,
        ...(later ? { effectiveDate: st.ask.date } : {}),
      }),
    take: (st, part, data) => {
      const list = Array.isArray(data) ? data : [];
      const figures: Record<string, UnitFigures> = {};
      const skus: Record<string, string[]> = {};
      const products: ListedProduct[] = [];
      for (const p of list) {
        if (!isRecord(p) || typeof p.productId !== "string") continue;
        const title = typeof p.title === "string" ? p.title : "";
        products.push({ itemId: p.productId, name: title, figures: unitFiguresOf(p) });
        const ids: string[] = [];
        for (const e of Array.isArray(p.skuBreakdowns) ? p.skuBreakdowns : []) {
          if (!isRecord(e) || typeof e.skuId !== "string") continue;
          ids.push(e.skuId);
          const f = unitFiguresOf(e);
          if (f) figures[rowId(p.productId, e.skuId)] = f;
        }
        skus[p.productId] = ids;
      }
      if (later) return { ...st, figuresLater: { ...st.figuresLater, ...figures } };
      const found = new Set(products.map((p) => String(p.itemId)));
      return {
        ...st,
        today: { ...st.today, products: [...st.today.products, ...products], started: true },
        variantsOf: { ...st.variantsOf, ...skus },
        figuresToday: { ...st.figuresToday, ...figures },
        currency: st.currency ?? currencyIn(list),
        missing: [...st.missing, ...part.filter((id) => !found.has(id))],
      };
    },
    estimateItems: (st) => st.ask.productIds?.length ?? 0,
  });

/** Marketplace B's stages, in the order they run. */
export function stagesB(s: FeeChangeState): SheetStage<FeeChangeState>[] {
  return [
    b8(s, false),
    b8(s, true),
    b7(),
    ...previewStages(s, "B15", (st, part, prices, later) =>
      apiCall("B15", {
        sellerId: st.ask.shopId,
        region: st.ask.region,
        hasVat: st.ask.includeVat,
        ...(later ? { effectiveDate: st.ask.date } : {}),
        skus: part.map((r, i) => ({
          itemId: r.itemId,
          skuId: r.variantId,
          targetBuyerPrice: prices[i] ?? 0,
        })),
      }),
    ),
  ];
}

/** Marketplace C's stages, in the order they run. */
export function stagesC(s: FeeChangeState): SheetStage<FeeChangeState>[] {
  return [
    c7(s, false),
    c7(s, true),
    ...previewStages(s, "C9", (st, part, prices, later) =>
      apiCall("C9", {
        shopId: st.ask.shopId,
        hasVat: st.ask.includeVat,
        ...(later ? { effectiveDate: st.ask.date } : {}),
        skus: part.map((r, i) => ({
          productId: String(r.itemId),
          skuId: String(r.variantId),
          targetBuyerPrice: prices[i] ?? 0,
        })),
      }),
    ),
  ];
}
