/**
 * A fee-change sheet's requests on marketplace A (issue 34 item 2), every one a batch or a list
 * page: A12 (every product's models, 500 products a page), A7 today and at the date (products,
 * names, figures of products sold without models, 500 a page), A1 today and at the date (each
 * model's own figures, 100 models a request), A22 four times (the sale at today's list price
 * today and at the date, and two below it at the date: keepPriceStages.ts), A21 for the rows
 * priced above the list price (a sale above it, to see a fee cap in between), A19 once (the
 * monthly totals the sheet's summary is checked against). Rows the batches could not settle (a
 * request failed, or a fee cap lies near the list price) are priced alone (A21 at the row's own
 * margin): the only single requests.
 * docs/contract-notes.md ("Fee-change sheet") says why each endpoint.
 */
import { dateFieldToIso } from "../../api/datetime";
import { apiCall } from "../../core/effects";
import { isRecord } from "../../core/shape";
import { ceilingPrice, modelsOf, PREVIEW_ELEMENTS, rowId } from "../pricingSheet";
import type { SheetStage } from "../sheetSteps";
import { decimalsOf, type FeeChangeState, type ListedProduct } from "./feeChangeAsk";
import { keepPriceOf, previewStages } from "./keepPriceStages";
import { previewPoints } from "./previewPoints";
import { batchStage } from "../batchStage";
import { walkStage } from "./walkStage";
import { currencyIn, unitFiguresOf, withoutVat, type UnitFigures } from "./unitFigures";
import { pointOf, variantRows, type VariantRow } from "./variants";

/** Products a list page carries (the contract's largest pageSize). */
const PAGE = 500;
/** A1 takes at most 100 model ids a request (contract notes, "Limits"). */
const A1_IDS = 100;

/** Figures on the seller's basis: A1 counts output VAT, so without it the VAT line leaves. */
const onBasis = (s: FeeChangeState, f: UnitFigures | null): UnitFigures | null =>
  f && !s.ask.includeVat ? withoutVat(f, decimalsOf(s)) : f;

const where = (s: FeeChangeState) => ({ shopId: s.ask.shopId, region: s.ask.region });
const basis = (s: FeeChangeState) => ({
  includeVat: s.ask.includeVat,
  lookbackDays: s.ask.salesWindowDays,
});

/** A7 entries as the sheet keeps them (its figures are the product's, A7's VAT switch). */
function listed(rows: readonly unknown[]): ListedProduct[] {
  return rows.flatMap((e) =>
    isRecord(e) && typeof e.itemId === "number"
      ? [
          {
            itemId: e.itemId,
            name: typeof e.name === "string" ? e.name : "",
            figures: unitFiguresOf(e),
          },
        ]
      : [],
  );
}

/** Products the shop holds: A12's count, else what the lists gave so far. */
const productCount = (s: FeeChangeState): number =>
  s.variantWalk.total ?? Math.max(s.today.products.length, Object.keys(s.variantsOf).length, 1);

/** Models per product so far (every product's list gives its models). */
function modelsPerProduct(s: FeeChangeState): number {
  const lists = Object.values(s.variantsOf);
  return lists.length === 0 ? 2.5 : lists.reduce((n, l) => n + l.length, 0) / lists.length;
}

/** Rows with a model id (A1 answers those; a product without models sells as itself). */
const modelRows = (s: FeeChangeState): VariantRow[] =>
  variantRows(s).filter((r) => typeof r.variantId === "number");

/** A7 at `date` (today when null). */
const a7 = (s: FeeChangeState, later: boolean) =>
  walkStage({
    name: later ? `A7 at ${s.ask.date}` : "A7 today",
    walk: later ? "later" : "today",
    paging: "cursor",
    request: (st, next) =>
      apiCall("A7", {
        ...where(st),
        ...basis(st),
        pageSize: PAGE,
        ...(later ? { effectiveDate: st.ask.date } : {}),
        ...(next === null ? {} : { cursorRtProductId: next }),
      }),
    take: (st, rows, page) => {
      const walk = later ? st.later : st.today;
      const products = [...walk.products, ...listed(rows)];
      const fresh = isRecord(page) ? dateFieldToIso(page.dataFreshAt) : null;
      return {
        ...st,
        [later ? "later" : "today"]: { ...walk, products },
        currency: st.currency ?? currencyIn(rows),
        ...(later || fresh === null ? {} : { dataFreshAt: fresh }),
      };
    },
    estimate: (st) => Math.ceil(productCount(st) / PAGE),
  });

/** A1 today or at the date: each model's own figures. */
const a1 = (s: FeeChangeState, later: boolean) =>
  batchStage<FeeChangeState, VariantRow>({
    name: later ? `A1 at ${s.ask.date}` : "A1 today",
    items: modelRows,
    size: A1_IDS,
    request: (st, part) =>
      apiCall("A1", {
        ...where(st),
        modelIds: part.map((r) => r.variantId as number),
        lookbackDays: st.ask.salesWindowDays,
        ...(later ? { effectiveDate: st.ask.date } : {}),
      }),
    take: (st, _part, data) => {
      const got: Record<string, UnitFigures> = {};
      for (const e of Array.isArray(data) ? data : []) {
        if (!isRecord(e)) continue;
        const units = typeof e.modelUnitsSold === "number" ? e.modelUnitsSold : null;
        const f = onBasis(st, unitFiguresOf(e, units));
        if (f) got[rowId(e.itemId, e.modelId)] = f;
      }
      return later
        ? { ...st, figuresLater: { ...st.figuresLater, ...got } }
        : { ...st, figuresToday: { ...st.figuresToday, ...got } };
    },
    estimateItems: (st) => productCount(st) * modelsPerProduct(st),
  });

/**
 * Rows whose price the batches could not settle: its margin at today's list price is known, but
 * a point at the date is missing (a request failed), or a fee cap lies near the list price (the
 * price above it is only a guess: keepMarginPrice.ts).
 */
function uncovered(s: FeeChangeState): VariantRow[] {
  return variantRows(s).filter((r) => {
    if (!pointOf(s.listToday[r.id])) return false;
    if (!pointOf(s.listLater[r.id]) || !pointOf(s.lowerLater[r.id])) return true;
    const kept = keepPriceOf({ ...s, alone: {} }, r);
    return "estimate" in kept;
  });
}

/** The margin a row's sale at today's list price earns today (null: not priced). */
function listMargin(s: FeeChangeState, r: VariantRow): number | null {
  const p = pointOf(s.listToday[r.id]);
  return p && p.price > 0 ? p.profit / p.price : null;
}

/**
 * Rows whose price lies above today's list price by the slope below it, by today's margin (so
 * a request's rows have margins close to each other).
 */
function aboveList(s: FeeChangeState): VariantRow[] {
  const without = { ...s, aboveLater: {}, alone: {} };
  return variantRows(s)
    .flatMap((r) => {
      const list = pointOf(s.listLater[r.id]);
      const kept = keepPriceOf(without, r);
      const m = listMargin(s, r);
      return list && m !== null && "price" in kept && kept.price > list.price ? [{ r, m }] : [];
    })
    .sort((a, b) => a.m - b.m)
    .map((x) => x.r);
}

/**
 * A21 at the date for the rows priced above the list price, 500 a request, for the highest
 * margin of the request's rows: each row's answer is a sale at or above its own price, which
 * shows whether a fee cap lies between the list price and it (keepMarginPrice.ts).
 */
const a21Above = () =>
  batchStage<FeeChangeState, VariantRow>({
    name: "A21 above the list price",
    items: aboveList,
    size: PREVIEW_ELEMENTS,
    request: (st, part) => {
      const top = Math.max(...part.map((r) => listMargin(st, r) ?? 0));
      return apiCall("A21", {
        ...where(st),
        includeVat: st.ask.includeVat,
        effectiveDate: st.ask.date,
        mode: "MARGIN",
        // A's percent points, rounded up: every row's own margin is reached at its answer.
        targetMarginPercent: Math.ceil(top * 1e6) / 1e4,
        models: part.map((r) => ({
          itemId: r.itemId,
          modelId: r.variantId,
          originalPrice: ceilingPrice(pointOf(st.listLater[r.id])?.price ?? 0),
        })),
      });
    },
    take: (st, part, data) => {
      const got = previewPoints(data, true);
      const answers = Object.fromEntries(
        part.flatMap((r) => {
          const a = got.get(r.id);
          return a ? [[r.id, a]] : [];
        }),
      );
      return { ...st, aboveLater: { ...st.aboveLater, ...answers } };
    },
    estimateItems: (st) => variantRows(st).length / 2,
  });

/**
 * Rows a fee cap leaves unsettled by the batches, as a share of all rows: measured on the demo
 * shop A 100001 SG at its next fee change (58 single A21 of about 5,700 rows). Only a guess, said
 * as one in the cost question, until the previews answer (then the rows are counted).
 */
const UNSETTLED_SHARE = 0.01;

/** The four A22 previews of every row (keepPriceStages.ts). */
const a22Stages = (s: FeeChangeState): SheetStage<FeeChangeState>[] =>
  previewStages(s, "A22", (st, part, prices, later) =>
    apiCall("A22", {
      ...where(st),
      includeVat: st.ask.includeVat,
      ...(later ? { effectiveDate: st.ask.date } : {}),
      models: part.map((r, i) => ({
        itemId: r.itemId,
        modelId: r.variantId,
        targetBuyerPrice: prices[i] ?? 0,
      })),
    }),
  );

/**
 * Every preview the uncovered rows follow from is answered (A22's four, A21 above the list
 * price: each stage's rows follow from those before it, so none pending means all done): the
 * rows left for A21 alone are counted, not guessed.
 */
const previewsIn = (s: FeeChangeState): boolean =>
  [...a22Stages(s), a21Above()].every((stage) => stage.pending(s).length === 0);

/** A21 alone for an uncovered row: the lowest price at the date reaching its own margin. */
const a21Alone = () =>
  batchStage<FeeChangeState, VariantRow>({
    name: "A21 for rows the batches missed",
    items: uncovered,
    size: 1,
    single: true,
    request: (st, [r]) => {
      const today = pointOf(st.listToday[r?.id ?? ""]);
      const margin = today && today.price > 0 ? today.profit / today.price : 0;
      return apiCall("A21", {
        ...where(st),
        includeVat: st.ask.includeVat,
        effectiveDate: st.ask.date,
        mode: "MARGIN",
        targetMarginPercent: Math.round(margin * 1e8) / 1e6,
        models: [
          {
            itemId: r?.itemId ?? 0,
            modelId: r?.variantId ?? null,
            originalPrice: ceilingPrice(today?.price ?? 0),
          },
        ],
      });
    },
    take: (st, [r], data) => {
      const got = r ? previewPoints(data, true).get(r.id) : undefined;
      return r
        ? { ...st, alone: { ...st.alone, [r.id]: got ?? { reason: "A21 answered nothing" } } }
        : st;
    },
    failed: (st, [r], error) =>
      r ? { ...st, alone: { ...st.alone, [r.id]: { reason: error } } } : st,
    estimateItems: (st) =>
      previewsIn(st) ? uncovered(st).length : Math.ceil(variantRows(st).length * UNSETTLED_SHARE),
    guessed: (st) => !previewsIn(st),
  });

/** A19 at the date: the monthly totals (old rates, new rates) the summary is checked with. */
const a19 = (): SheetStage<FeeChangeState> =>
  batchStage<FeeChangeState, string>({
    name: "A19 commission impact",
    items: (st) => [st.ask.date],
    size: 1,
    request: (st) =>
      apiCall("A19", {
        ...where(st),
        effectiveDate: st.ask.date,
        includeVat: st.ask.includeVat,
        lookbackDays: st.ask.salesWindowDays,
        // One product per category is enough: the sheet lists every product itself.
        topN: 1,
      }),
    take: (st, _part, data) => {
      const n = (k: string): number | null =>
        isRecord(data) && typeof data[k] === "number" ? (data[k] as number) : null;
      const [current, future, delta] = [
        n("totalCurrentMonthlyProfit"),
        n("totalFutureMonthlyProfit"),
        n("totalMonthlyProfitDelta"),
      ];
      return {
        ...st,
        impact:
          current === null || future === null
            ? { error: "A19 answered no totals" }
            : {
                current,
                future,
                delta: delta ?? future - current,
                affectedProducts: n("affectedProductCount") ?? 0,
              },
      };
    },
    failed: (st, _part, error) => ({ ...st, impact: { error } }),
    estimateItems: () => 1,
  });

/** A12's pages until every product's models are known. */
const a12 = () =>
  walkStage({
    name: "A12 models",
    walk: "variantWalk",
    paging: "offset",
    request: (st, next) =>
      apiCall("A12", { ...where(st), ...basis(st), page: next ?? 0, pageSize: PAGE }),
    take: (st, rows) => {
      const found = new Map<number, (number | null)[]>();
      modelsOf(rows, found);
      return {
        ...st,
        variantsOf: { ...st.variantsOf, ...Object.fromEntries(found) },
      };
    },
    estimate: (st) => Math.ceil(productCount(st) / PAGE),
  });

/** Marketplace A's stages, in the order they run. */
export function stagesA(s: FeeChangeState): SheetStage<FeeChangeState>[] {
  return [
    a12(),
    a7(s, false),
    a7(s, true),
    a19(),
    a1(s, false),
    a1(s, true),
    ...a22Stages(s),
    a21Above(),
    a21Alone(),
  ];
}
