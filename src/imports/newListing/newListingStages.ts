/**
 * A new-listing sheet's steps (issue 34 item 4): for each candidate and each marketplace it has a
 * category on, the cells a seller would type: the new-product preview at the planned price
 * (MKTA_NEW_PRODUCT, MKTB_NEW_PRODUCT, MKTC_NEW_PRODUCT: A3, B3, C4) for profit and margin, and
 * REQUIRED_PRICE for the target margin (A4, B4, C6). They are single endpoints, so a step is one
 * candidate on one marketplace; its two preview cells share one request (the cache), and A's
 * margin takes at most three A4 requests (functions/marginTargetA.ts).
 */
import type { Marketplace } from "../../api/types";
import type { CellInput } from "../../functions/cells";
import {
  markAnswered,
  notAnswered,
  requestOf,
  type CellAnswer,
  type CellAsk,
  type SheetStage,
} from "../sheetSteps";
import type { Candidate, ListingShops, NewListingState } from "./newListingAsk";

const MARKETPLACES: readonly Marketplace[] = ["A", "B", "C"];

/** The category a candidate has on `m`, or null (not listed there). */
export function categoryOn(c: Candidate, m: Marketplace): number | string | null {
  const v = m === "A" ? c.categoryA : m === "B" ? c.categoryB : c.categoryC;
  return v === undefined || v === "" ? null : v;
}

/** The cells of one candidate on one marketplace: profit, margin, price for the target. */
export function listingCells(
  c: Candidate,
  m: Marketplace,
  shops: ListingShops,
  targetMargin: number,
): CellAsk[] | null {
  const category = categoryOn(c, m);
  if (category === null) return null;
  const preview = (field: string): CellAsk => {
    // Positional arguments as the functions declare them (docs/functions.md).
    const args: CellInput[] =
      m === "A"
        ? [shops.A?.shopId, shops.A?.region, c.price, category, field, null, c.cogs]
        : m === "B"
          ? [shops.B?.region, c.price, category, field, null, c.cogs]
          : [shops.C?.shopId, c.price, category, field, null, c.cogs];
    return { name: `MKT${m}_NEW_PRODUCT`, args };
  };
  const shopId = m === "A" ? shops.A?.shopId : m === "C" ? shops.C?.shopId : null;
  const region = m === "A" ? shops.A?.region : m === "B" ? shops.B?.region : null;
  return [
    preview("netProfit"),
    preview("margin"),
    {
      name: "REQUIRED_PRICE",
      args: [m, shopId, region, category, c.cogs, targetMargin, "requiredListingPrice"],
    },
  ];
}

/** Which marketplaces the ask has a shop for. */
const listedOn = (shops: ListingShops): Marketplace[] =>
  MARKETPLACES.filter((m) => shops[m] !== undefined);

/** One stage: every candidate on every marketplace it has a category on, a step each. */
export function newListingStages(): SheetStage<NewListingState>[] {
  const all = (s: NewListingState) =>
    s.ask.candidates.flatMap((c, i) =>
      listedOn(s.ask.shops).flatMap((m) => {
        const cells = listingCells(c, m, s.ask.shops, s.ask.targetMargin);
        return cells ? [requestOf(`${m} #${i}`, { cells }, 1, true)] : [];
      }),
    );
  return [
    {
      name: "New listings",
      pending: (s) => notAnswered(s, all(s)),
      fold(s, request, answer) {
        const [m, i] = request.id.split(" #") as [Marketplace, string];
        const done = markAnswered(s, request);
        const cells: CellAnswer[] = answer.ok
          ? (answer.data as CellAnswer[])
          : [0, 1, 2].map(() => ({ error: answer.error }));
        const [profit, margin, price] = cells as [CellAnswer, CellAnswer, CellAnswer];
        return {
          ...done,
          answers: { ...s.answers, [i]: { ...s.answers[i], [m]: { profit, margin, price } } },
          errors: answer.ok ? s.errors : [...s.errors, `${m}: ${answer.error}`],
        };
      },
      estimate: (s) => all(s).length,
    },
  ];
}
