/**
 * A campaign's requests (issue 34 item 3), three batches on any marketplace for up to 500 SKUs:
 * the buyer-price preview asked well above any list price (A22, B15, C9: the sale at today's list
 * price, which names the list price), the same preview at the campaign's buyer price (the list
 * price less the discount, or the price asked), and the set-margin preview for the target margin
 * at today's list price (A21, B14, C8: the deepest discount that still keeps it). A voucher is
 * priced one SKU a request by the what-ifs (A5, B5, C5): no batch takes a voucher.
 */
import { apiCall, type ApiCall } from "../../core/effects";
import { currencyDecimals } from "../../core/figure";
import { batchStage } from "../batchStage";
import { pointOf } from "../feeChange/variants";
import type { PointAnswer } from "../feeChange/feeChangeAsk";
import { previewPoints } from "../feeChange/previewPoints";
import { currencyIn, unitFiguresOf } from "../feeChange/unitFigures";
import { isRecord } from "../../core/shape";
import { PREVIEW_ELEMENTS, rowId } from "../pricingSheet";
import type { SheetStage } from "../sheetSteps";
import { teamCost, type CampaignSku, type CampaignState } from "./campaignAsk";
import { MAX_CAMPAIGN_SKUS, pickStages, skusOf } from "./campaignPick";

/** A buyer price above every list price (the contract's money bound is 1e12). */
const ABOVE_ANY_LIST_PRICE = 1e9;

const idOf = (k: CampaignSku): string => rowId(k.itemId, k.variantId);
const decimalsOf = (s: CampaignState): number => currencyDecimals(s.currency);

/** The team's cost of a SKU where the book has one (B and C previews take it). */
const cogsOf = (s: CampaignState, k: CampaignSku): number | undefined => teamCost(s, k)?.cost;

/** One SKU of a B or C preview body, at a buyer price where one is given. */
function skuElement(s: CampaignState, k: CampaignSku, extra: Record<string, unknown>) {
  const cogs = cogsOf(s, k);
  const withCogs = cogs === undefined ? {} : { cogs };
  return s.ask.marketplace === "B"
    ? { itemId: k.itemId, skuId: k.variantId, ...withCogs, ...extra }
    : { productId: String(k.itemId), skuId: String(k.variantId), ...withCogs, ...extra };
}

/** The buyer-price preview of the shop's marketplace for SKUs at `prices`. */
function buyerPriceCall(
  s: CampaignState,
  part: readonly CampaignSku[],
  prices: readonly number[],
): ApiCall {
  const a = s.ask;
  if (a.marketplace === "A")
    return apiCall("A22", {
      shopId: a.shopId,
      region: a.region,
      includeVat: a.includeVat,
      models: part.map((k, i) => ({
        itemId: k.itemId,
        modelId: k.variantId,
        targetBuyerPrice: prices[i] ?? 0,
      })),
    });
  const skus = part.map((k, i) => skuElement(s, k, { targetBuyerPrice: prices[i] ?? 0 }));
  return a.marketplace === "B"
    ? apiCall("B15", { sellerId: a.shopId, region: a.region, hasVat: a.includeVat, skus })
    : apiCall("C9", { shopId: a.shopId, hasVat: a.includeVat, skus });
}

/** The set-margin preview for the target margin at each SKU's list price. */
function targetCall(s: CampaignState, part: readonly CampaignSku[]): ApiCall {
  const a = s.ask;
  if (a.marketplace === "A")
    return apiCall("A21", {
      shopId: a.shopId,
      region: a.region,
      includeVat: a.includeVat,
      mode: "MARGIN",
      // A reads percent points (23.5 = 23.5 %).
      targetMarginPercent: Math.round(a.targetMargin * 1e8) / 1e6,
      models: part.map((k) => ({
        itemId: k.itemId,
        modelId: k.variantId,
        originalPrice: pointOf(s.list[idOf(k)])?.price ?? 0,
      })),
    });
  // B and C read a fraction (despite the field's name); C8 needs each SKU's cost.
  const skus = part.map((k) =>
    skuElement(
      s,
      k,
      a.marketplace === "C" ? { cogs: cogsOf(s, k) ?? pointOf(s.list[idOf(k)])?.cogs ?? 0 } : {},
    ),
  );
  return a.marketplace === "B"
    ? apiCall("B14", {
        sellerId: a.shopId,
        region: a.region,
        hasVat: a.includeVat,
        targetMarginPercent: a.targetMargin,
        skus,
      })
    : apiCall("C8", {
        shopId: a.shopId,
        hasVat: a.includeVat,
        targetMarginPercent: a.targetMargin,
        skus,
      });
}

/** A what-if of one SKU with the campaign's voucher (no discount). */
function voucherCall(s: CampaignState, k: CampaignSku, voucher: number): ApiCall {
  const a = s.ask;
  const cogs = cogsOf(s, k);
  if (a.marketplace === "A")
    return apiCall("A5", {
      shopId: a.shopId,
      region: a.region,
      itemId: Number(k.itemId),
      ...(k.variantId === null ? {} : { modelId: Number(k.variantId) }),
      sellerDiscount: 0,
      sellerVoucher: voucher,
      ...(cogs === undefined ? {} : { manufacturingCogs: cogs }),
    });
  return a.marketplace === "B"
    ? apiCall("B5", {
        sellerId: a.shopId,
        region: a.region,
        itemId: Number(k.itemId),
        skuId: Number(k.variantId),
        specialPriceDiscount: 0,
        sellerVoucher: voucher,
        hasVat: a.includeVat,
        ...(cogs === undefined ? {} : { manufacturingCogs: cogs }),
      })
    : apiCall("C5", {
        shopId: a.shopId,
        productId: String(k.itemId),
        skuId: String(k.variantId),
        sellerDiscount: 0,
        sellerVoucher: voucher,
        hasVat: a.includeVat,
        ...(cogs === undefined ? {} : { manufacturingCogs: cogs }),
      });
}

/** A what-if's answer as a sale: what the seller is paid, the profit and margin per unit. */
function whatIfPoint(data: unknown): PointAnswer {
  const f = unitFiguresOf(data);
  return f
    ? { price: f.revenue, profit: f.profit, margin: f.margin, cogs: f.cogs }
    : { reason: "the what-if answered no profit" };
}

/** The day a preview's answers are at (their metadata's effectiveDate). */
function dayIn(data: unknown): string | null {
  const first = isRecord(data) && Array.isArray(data.adjustedItems) ? data.adjustedItems[0] : null;
  const meta = isRecord(first) && isRecord(first.metadata) ? first.metadata : null;
  return typeof meta?.effectiveDate === "string" ? meta.effectiveDate : null;
}

/** Fold a preview's answers for `part` into `set`. */
function taken(
  s: CampaignState,
  set: "list" | "sale" | "deepest",
  part: readonly CampaignSku[],
  data: unknown,
): CampaignState {
  const got = previewPoints(data, s.ask.marketplace === "A");
  const answers: Record<string, PointAnswer> = {};
  for (const k of part)
    answers[idOf(k)] = got.get(idOf(k)) ?? { reason: "the preview answered nothing for it" };
  const currency =
    s.currency ??
    (isRecord(data)
      ? typeof data.currency === "string"
        ? data.currency
        : currencyIn(Array.isArray(data.adjustedItems) ? data.adjustedItems : [])
      : null);
  return { ...s, currency, [set]: { ...s[set], ...answers } };
}

const failedFor =
  (set: "list" | "sale" | "deepest") =>
  (s: CampaignState, part: readonly CampaignSku[], error: string): CampaignState => ({
    ...s,
    [set]: { ...s[set], ...Object.fromEntries(part.map((k) => [idOf(k), { reason: error }])) },
  });

/** The campaign's buyer price for a SKU listed at `list` (null: a voucher, priced apart). */
export function campaignPrice(s: CampaignState, list: number): number | null {
  const c = s.ask.campaign;
  const unit = 10 ** decimalsOf(s);
  if (c.kind === "discount") return Math.round(list * (1 - c.percent) * unit) / unit;
  if (c.kind === "price") return c.buyerPrice;
  return null;
}

/** A SKU whose list price the first preview named. */
const listed = (s: CampaignState): CampaignSku[] =>
  skusOf(s).filter((k) => pointOf(s.list[idOf(k)]) !== null);

/** SKUs the campaign will price: a pick's top N products guessed as one SKU each until listed. */
const skusGuess = (s: CampaignState): number =>
  s.ask.pick && !s.pick?.skus ? Math.min(s.ask.pick.top, MAX_CAMPAIGN_SKUS) : skusOf(s).length;

/** The campaign's stages, in the order they run (a pick's lists first). */
export function campaignStages(s: CampaignState): SheetStage<CampaignState>[] {
  const voucher = s.ask.campaign.kind === "voucher" ? s.ask.campaign.amount : null;
  const list = batchStage<CampaignState, CampaignSku>({
    name: "Today's list price",
    items: skusOf,
    size: PREVIEW_ELEMENTS,
    // Asked before the API's today is known, so without the team's costs (moved after).
    request: (st, part) =>
      buyerPriceCall(
        { ...st, day: null },
        part,
        part.map(() => ABOVE_ANY_LIST_PRICE),
      ),
    take: (st, part, data) => ({ ...taken(st, "list", part, data), day: st.day ?? dayIn(data) }),
    failed: failedFor("list"),
    estimateItems: skusGuess,
  });
  const sale =
    voucher === null
      ? batchStage<CampaignState, CampaignSku>({
          name: "The campaign's price",
          items: listed,
          size: PREVIEW_ELEMENTS,
          request: (st, part) =>
            buyerPriceCall(
              st,
              part,
              part.map((k) => campaignPrice(st, pointOf(st.list[idOf(k)])?.price ?? 0) ?? 0),
            ),
          take: (st, part, data) => taken(st, "sale", part, data),
          failed: failedFor("sale"),
          estimateItems: skusGuess,
        })
      : batchStage<CampaignState, CampaignSku>({
          name: "The campaign's voucher",
          items: skusOf,
          size: 1,
          single: true,
          request: (st, [k]) => voucherCall(st, k ?? { itemId: 0, variantId: null }, voucher),
          take: (st, [k], data) =>
            k ? { ...st, sale: { ...st.sale, [idOf(k)]: whatIfPoint(data) } } : st,
          failed: failedFor("sale"),
          estimateItems: skusGuess,
        });
  const deepest = batchStage<CampaignState, CampaignSku>({
    name: "The deepest discount for the target margin",
    items: listed,
    size: PREVIEW_ELEMENTS,
    request: targetCall,
    take: (st, part, data) => taken(st, "deepest", part, data),
    failed: failedFor("deepest"),
    estimateItems: skusGuess,
  });
  return [...pickStages(s), list, sale, deepest];
}
