/**
 * A campaign's rows (issue 34 item 3): per SKU, today's list price and the margin a sale at it
 * earns, the buyer price in the campaign with its profit and margin, the deepest discount that
 * still keeps the team's target margin (and the buyer price it leaves), and a flag: cannot join
 * (with the API's reason), a loss, or below the target. Profit counts the cost book's cost where
 * it has one (sent to B's and C's previews; on A, whose previews take no cost, the profit moves
 * by the difference, a line of its own), and each row says where its cost came from.
 */
import { cogsNote, restsOnGuess, type CostedFigures } from "../costBook/bookCost";
import type { BookCost } from "../../core/costBook";
import type { PricePoint } from "../feeChange/keepMarginPrice";
import { pointOf } from "../feeChange/variants";
import { currencyDecimals } from "../../core/figure";
import { rowId } from "../pricingSheet";
import { teamCost, type CampaignState } from "./campaignAsk";
import { skusOf } from "./campaignPick";

export interface CampaignRow {
  readonly id: string;
  readonly itemId: number | string;
  readonly variantId: number | string | null;
  readonly name: string;
  readonly listPrice: number | null;
  readonly listMargin: number | null;
  readonly campaignPrice: number | null;
  readonly campaignProfit: number | null;
  readonly campaignMargin: number | null;
  /** Share of the list price (0.15 = 15 %) of the deepest discount keeping the target margin. */
  readonly deepestDiscount: number | null;
  /** The buyer price at that discount. */
  readonly deepestPrice: number | null;
  /** "" where the SKU joins at or above the target; else why not. */
  readonly flag: string;
  readonly cogs: string;
  readonly guessedCogs: boolean;
  readonly note: string;
}

const round = (v: number, d: number): number => Number(v.toFixed(d));

/**
 * A sale at the team's cost: the list price's sale (asked before the API's day was known) on
 * every marketplace, A's others (its previews take no cost; B's and C's were asked with it).
 */
function atTeamCost(
  s: CampaignState,
  p: PricePoint,
  cost: BookCost | null,
  d: number,
  askedWithCost: boolean,
): PricePoint {
  if (askedWithCost || !cost || p.cogs === undefined) return p;
  const profit = round(p.profit + p.cogs - cost.cost, d);
  return { ...p, profit, cogs: cost.cost, margin: p.price > 0 ? profit / p.price : null };
}

/** Every chosen SKU's row, in the order chosen. */
export function campaignRows(s: CampaignState): CampaignRow[] {
  const d = currencyDecimals(s.currency);
  const target = s.ask.targetMargin;
  return skusOf(s).map((k): CampaignRow => {
    const id = rowId(k.itemId, k.variantId);
    const cost = teamCost(s, k);
    // B's and C's previews and every what-if were asked with the team's cost.
    const askedWithCost = s.ask.marketplace !== "A" || s.ask.campaign.kind === "voucher";
    const notes: string[] = [];
    const listAnswer = s.list[id];
    const saleAnswer = s.sale[id];
    const deepAnswer = s.deepest[id];
    const listRaw = pointOf(listAnswer);
    const list = listRaw ? atTeamCost(s, listRaw, cost, d, false) : null;
    const saleRaw = pointOf(saleAnswer);
    const sale = saleRaw ? atTeamCost(s, saleRaw, cost, d, askedWithCost) : null;
    const deep = pointOf(deepAnswer);
    let flag = "";
    const why = [listAnswer, saleAnswer].find((a) => a !== undefined && "reason" in a);
    if (!list || !sale)
      flag = `Cannot join: ${why && "reason" in why ? why.reason : "the API did not price it"}`;
    else if (sale.profit < 0) flag = "Loss in the campaign";
    else if ((sale.margin ?? -Infinity) < target) flag = "Below target margin";
    if (deepAnswer && "reason" in deepAnswer)
      notes.push(
        deepAnswer.code === "unreachable_margin"
          ? "No discount keeps the target margin: it is missed even at today's list price"
          : `Deepest discount: ${deepAnswer.reason}`,
      );
    const listPrice = listRaw?.price ?? null;
    // A's margin preview (A21) takes no cost: its price is at the API's cost, so on a row at
    // the team's cost it would mix two bases in one row. Said in the note, with its basis.
    const apiCostOnly = s.ask.marketplace === "A" && cost !== null && deep !== null;
    if (apiCostOnly && listPrice)
      notes.push(
        `Deepest discount not shown at the Cost book's cost (A's margin preview takes no cost); at the API's cost${listRaw?.cogs === undefined ? "" : ` of ${listRaw.cogs}`} it is ${round((100 * (listPrice - deep.price)) / listPrice, 2)} % (buyer price ${deep.price})`,
      );
    const costed: Pick<CostedFigures, "cogsSource" | "book"> = {
      cogsSource: cost ? "explicit" : apiCogsSource(s, id),
      book: cost ?? null,
    };
    return {
      id,
      itemId: k.itemId,
      variantId: k.variantId,
      name: k.name ?? "",
      listPrice,
      listMargin: list?.margin ?? null,
      campaignPrice: sale?.price ?? null,
      campaignProfit: sale?.profit ?? null,
      campaignMargin: sale?.margin ?? null,
      deepestDiscount:
        deep && listPrice && !apiCostOnly ? round((listPrice - deep.price) / listPrice, 4) : null,
      deepestPrice: apiCostOnly ? null : (deep?.price ?? null),
      flag,
      cogs: cogsNote(costed),
      guessedCogs: restsOnGuess(costed),
      note: notes.join("; "),
    };
  });
}

/** Where the API's cost came from, as the list preview's metadata says. */
function apiCogsSource(s: CampaignState, id: string): string | null {
  return pointOf(s.list[id])?.cogsSource ?? null;
}
