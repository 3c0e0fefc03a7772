/**
 * What the B and C price previews share (B14/B15, C8/C9): each request element names SKUs,
 * each SKU is priced from today's baseline without a voucher and with the element's COGS, and
 * answered with its adjusted entry or why it cannot be. The computed discount is the seller's
 * own per-unit discount (B special price, C seller discount) replacing the current one;
 * vouchers are not used (computedSellerVoucher 0).
 */
import { marginOf } from "../../analytics/breakdown";
import { toMajor, toMinor } from "../../analytics/money";
import { objectsOf, optNumber, reqNumber } from "../../analytics/requestFields";
import type { UnitInputBC } from "../../fees/engineBC";
import {
  previewEach,
  pricedForBuyerPrice,
  pricedForMargin,
  type Preview,
  type Priced,
} from "../pricePreview";
import { previewDiscountNames, productIds, skuIds } from "./market";
import { breakdownWire } from "./results";
import type { SkuBC, ViewBC } from "./view";

type Entry = Record<string, unknown>;

/** How a marketplace's preview elements name SKUs of the shop's `products`. */
export interface PreviewRequest<P, S, I> {
  /** The SKUs an element names, or null when it names none (sku_not_found). */
  readonly find: (wanted: Entry) => readonly { readonly product: P; readonly sku: S }[] | null;
  /** The ids of an element that names nothing, and what the caller is told. */
  readonly notFound: Preview<unknown>["notFound"];
  readonly notFoundMessage: string;
  /** Engine-input changes the request asks for a product besides COGS (C8: its ads cost). */
  readonly changes?: (product: P) => Partial<I>;
}

/** A SKU a preview prices, and the engine input it is priced from (built when first needed). */
interface PreviewSku<P, S, I> {
  readonly product: P;
  readonly sku: S;
  readonly input: () => I;
}

/** Every element of the body's skus priced by `price`, in request order. */
function previewItems<P, S extends SkuBC, I extends UnitInputBC, O>(
  view: ViewBC<P, S, I, O>,
  body: Readonly<Entry>,
  request: PreviewRequest<P, S, I>,
  price: (v: PreviewSku<P, S, I>, wanted: Entry) => Priced,
): { adjustedItems: Entry[]; unadjustableItems: Entry[] } {
  const dp = view.currency.decimals;
  return previewEach(objectsOf(body, "skus"), {
    find: (wanted) => {
      const cogs = optNumber(wanted, "cogs");
      const explicit =
        cogs === null ? {} : { cogs: toMinor(cogs, dp), cogsSource: "explicit" as const };
      return (
        request.find(wanted)?.map(({ product, sku }) => {
          const changes = request.changes?.(product) ?? {};
          const input = (): I => ({
            ...view.baseline(product, sku),
            sellerVoucher: 0,
            ...explicit,
            ...changes,
          });
          return { product, sku, input };
        }) ?? null
      );
    },
    notFound: request.notFound,
    notFoundMessage: request.notFoundMessage,
    idsOf: (v) => ({ ...productIds(view.market, v.product), skuId: v.sku.skuId }),
    price,
  });
}

/** The adjusted entry of a SKU at a discount (minor units), with what the request targets. */
function adjustedWire<P, S extends SkuBC, I, O>(
  view: ViewBC<P, S, I, O>,
  v: PreviewSku<P, S, I>,
  input: I,
  discount: number,
  target: Entry,
): Entry {
  const dp = view.currency.decimals;
  const m = view.market;
  const unit = m.unitOf(m.withDiscount(input, discount));
  const names = previewDiscountNames(m);
  return {
    ...skuIds(m, v.product, v.sku),
    originalPrice: toMajor(v.sku.listPrice, dp),
    [names.current]: toMajor(m.currentDiscount(v.sku), dp),
    [names.computed]: toMajor(discount, dp),
    computedSellerVoucher: 0,
    resultingBuyerPrice: toMajor(v.sku.listPrice - discount, dp),
    resultingMargin: marginOf(unit.netProfitMinor, unit.revenueMinor),
    resultingProfit: toMajor(unit.netProfitMinor, dp),
    ...target,
    ...breakdownWire(view, unit, view.unitsSold(v.sku)),
  };
}

/**
 * B14, C8: for each SKU the largest discount whose margin still meets the body's target (a
 * fraction), so applying it reproduces the target; one minor unit more would miss it.
 */
export function setMarginAnswer<P, S extends SkuBC, I extends UnitInputBC, O>(
  view: ViewBC<P, S, I, O>,
  body: Readonly<Entry>,
  requestIn: (products: readonly P[]) => PreviewRequest<P, S, I>,
): Entry {
  const m = view.market;
  const target = reqNumber(body, "targetMarginPercent");
  const items = previewItems(view, body, requestIn(view.shop.products), (v) => {
    const input = v.input();
    return pricedForMargin(
      v.sku.listPrice,
      target,
      (discount) => m.unitOf(m.withDiscount(input, discount)),
      (discount) => adjustedWire(view, v, input, discount, { targetMargin: target }),
    );
  });
  return { targetMargin: target, ...items };
}

/** B15, C9: the discount so the buyer pays each element's targetBuyerPrice. */
export function setBuyerPriceAnswer<P, S extends SkuBC, I extends UnitInputBC, O>(
  view: ViewBC<P, S, I, O>,
  body: Readonly<Entry>,
  requestIn: (products: readonly P[]) => PreviewRequest<P, S, I>,
): Entry {
  const dp = view.currency.decimals;
  return previewItems(view, body, requestIn(view.shop.products), (v, wanted) => {
    const target = toMinor(reqNumber(wanted, "targetBuyerPrice"), dp);
    return pricedForBuyerPrice(v.sku.listPrice, target, (discount, noDiscountNeeded) =>
      adjustedWire(view, v, v.input(), discount, {
        targetBuyerPrice: toMajor(target, dp),
        noDiscountNeeded,
      }),
    );
  });
}
