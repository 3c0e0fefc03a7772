/**
 * A new-listing sheet's rows (issue 34 item 4): each candidate with its inputs, then profit and
 * margin at the planned price and the price for the target margin on A, B and C side by side,
 * and what a marketplace could not answer.
 */
import type { Marketplace } from "../../api/types";
import type { Cell } from "../../functions/cells";
import type { CellAnswer } from "../sheetSteps";
import type { NewListingState } from "./newListingAsk";
import { categoryOn } from "./newListingStages";

const MARKETPLACES: readonly Marketplace[] = ["A", "B", "C"];

/** The headers: the candidate, then three figures per marketplace, then notes. */
export const NEW_LISTING_HEADERS = [
  "Candidate",
  "COGS",
  "Planned price",
  "Category A",
  "Category B",
  "Category C",
  ...MARKETPLACES.flatMap((m) => [`Profit on ${m}`, `Margin on ${m}`, `Price for target on ${m}`]),
  "Answer",
] as const;

const valueOf = (a: CellAnswer | undefined): Cell =>
  a && "value" in a && (typeof a.value === "number" || typeof a.value === "string") ? a.value : "";

/** Every candidate's row, in the order given. */
export function newListingRows(s: NewListingState): Cell[][] {
  return s.ask.candidates.map((c, i) => {
    const notes: string[] = [];
    const figures = MARKETPLACES.flatMap((m) => {
      const a = s.answers[String(i)]?.[m];
      if (!a) {
        if (categoryOn(c, m) === null) notes.push(`${m}: no category given`);
        else if (s.ask.shops[m] === undefined) notes.push(`${m}: no shop chosen`);
        return ["", "", ""];
      }
      const errors = [a.profit, a.margin, a.price].flatMap((x) => ("error" in x ? [x.error] : []));
      if (errors.length) notes.push(`${m}: ${[...new Set(errors)].join("; ")}`);
      return [valueOf(a.profit), valueOf(a.margin), valueOf(a.price)];
    });
    return [
      c.name,
      c.cogs,
      c.price,
      c.categoryA ?? "",
      c.categoryB ?? "",
      c.categoryC ?? "",
      ...figures,
      notes.join("; "),
    ];
  });
}
