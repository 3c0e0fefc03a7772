/**
 * The four batches of buyer-price previews that price "the listing price that keeps today's
 * margin" for every row (keepMarginPrice.ts), on any marketplace: today at a price above the
 * list price (the sale at today's list price), the same at the date, and 10 % and half under
 * the list price at the date. 500 variants a request, the same bodies but for date and price.
 */
import type { ApiCall } from "../../core/effects";
import { ceilingPrice, PREVIEW_ELEMENTS } from "../pricingSheet";
import type { SheetStage } from "../sheetSteps";
import { decimalsOf, type FeeChangeState, type PointAnswer } from "./feeChangeAsk";
import { keepMarginPrice, type KeepPrice } from "./keepMarginPrice";
import { belowListPrice, previewPoints } from "./previewPoints";
import { batchStage } from "../batchStage";
import { figuresOf, pointOf, variantRows, type VariantRow } from "./variants";

/** Which sale of a row a preview prices. */
export type PointSet = "listToday" | "listLater" | "lowerLater" | "halfLater";

/** Where under the list price the lower sales are priced. */
const SHARE: Partial<Record<PointSet, number>> = { lowerLater: 0.9, halfLater: 0.5 };

/** The buyer price a row is asked at in `set`, or null where it is not asked. */
export function askedPrice(s: FeeChangeState, r: VariantRow, set: PointSet): number | null {
  const share = SHARE[set];
  if (share === undefined) return ceilingPrice(figuresOf(s, r, "today")?.revenue ?? 0);
  const list = pointOf(s.listLater[r.id]);
  return list ? belowListPrice(list.price, decimalsOf(s), share) : null;
}

/** What a preview request of a marketplace looks like for rows at their prices. */
export type PreviewRequest = (
  s: FeeChangeState,
  part: readonly VariantRow[],
  prices: readonly number[],
  later: boolean,
) => ApiCall;

const NAMES: Record<PointSet, (date: string) => string> = {
  listToday: () => "at today's list price",
  listLater: (date) => `at today's list price on ${date}`,
  lowerLater: (date) => `10 % under the list price on ${date}`,
  halfLater: (date) => `at half the list price on ${date}`,
};

/** The previews of `set` for every row (B15/C9/A22, 500 a request). */
export function previewStage(
  s: FeeChangeState,
  endpoint: string,
  set: PointSet,
  request: PreviewRequest,
): SheetStage<FeeChangeState> {
  return batchStage<FeeChangeState, VariantRow>({
    name: `${endpoint} ${NAMES[set](s.ask.date)}`,
    items: (st) => variantRows(st).filter((r) => askedPrice(st, r, set) !== null),
    size: PREVIEW_ELEMENTS,
    request: (st, part) =>
      request(
        st,
        part,
        part.map((r) => askedPrice(st, r, set) ?? 0),
        set !== "listToday",
      ),
    take: (st, part, data) => {
      const got = previewPoints(data, st.ask.marketplace === "A");
      const answers: Record<string, PointAnswer> = {};
      for (const r of part)
        answers[r.id] = got.get(r.id) ?? { reason: "the preview answered nothing for it" };
      return { ...st, [set]: { ...st[set], ...answers } };
    },
    failed: (st, part, error) => ({
      ...st,
      [set]: { ...st[set], ...Object.fromEntries(part.map((r) => [r.id, { reason: error }])) },
    }),
    estimateItems: (st) => Math.max(variantRows(st).length, 1),
  });
}

/** The three preview stages, in the order they run. */
export const previewStages = (
  s: FeeChangeState,
  endpoint: string,
  request: PreviewRequest,
): SheetStage<FeeChangeState>[] =>
  (["listToday", "listLater", "lowerLater", "halfLater"] as const).map((set) =>
    previewStage(s, endpoint, set, request),
  );

/** A row's keep-margin price: from its single answer where it has one, else its three points. */
export function keepPriceOf(s: FeeChangeState, r: VariantRow): KeepPrice {
  const alone = s.alone[r.id];
  if (alone) return "price" in alone ? { price: alone.price } : { reason: alone.reason };
  const answers = [s.listToday, s.listLater, s.lowerLater].map((set) => set[r.id]);
  const [listToday, listLater, lowerLater] = answers.map(pointOf);
  if (listToday && listLater && lowerLater)
    return keepMarginPrice(
      {
        listToday,
        listLater,
        lowerLater,
        halfLater: pointOf(s.halfLater[r.id]),
        aboveLater: pointOf(s.aboveLater[r.id]),
      },
      decimalsOf(s),
    );
  const why = answers.find((a) => a !== undefined && "reason" in a);
  return { reason: why && "reason" in why ? why.reason : "not priced" };
}
