import type { Marketplace } from "../../api/types";
import { apiCall } from "../../core/effects";
import { ApiError } from "../../core/errors";
import { isRecord, keyValueTable, toCell } from "../../core/shape";
import { present } from "../answer";
import { type Cell, CellError, type ResultCell } from "../cells";
import { effectiveDate, fieldOf, headers, includeVat, lookbackDays, sellerType } from "../common";
import { need, onlyFor, shopOrSeller } from "../crossArgs";
import { defineFunction } from "../define";
import { choiceParam, integerId, optional, rangeOf, region } from "../params";
import { defined, fetchEach, type RowOutcome } from "../requests";
import { at as pick, idCell, rangeResult, rowCount, single } from "../rows";

/** Where each frame's ROAS sits in the A summary. */
const A_FRAME_FIELD = {
  RAW: "profitAdjustedRoas",
  CLEANED: "profitAdjustedCleanedRoas",
  DEFLATED: "profitAdjustedDeflatedRoas",
} as const;

/** A frame's ROAS, or why it has none (a reason, never a text among the numbers). */
type RoasOrWhy = { readonly roas: Cell } | { readonly why: string };

/** The ROAS figure of one frame, from an A summary or a B summary (frames as objects). */
function frameRoas(
  value: unknown,
  market: Marketplace,
  frame: keyof typeof A_FRAME_FIELD,
): RoasOrWhy {
  if (!isRecord(value)) return { why: "Not reported by the API for this product" };
  if (market === "A") return roasOrWhy(value, A_FRAME_FIELD[frame]);
  const inner = value[frame.toLowerCase()];
  if (!isRecord(inner))
    return { why: `Not yet available from the API for marketplace B's ${frame} frame: use RAW` };
  const key = Object.keys(inner).find((k) => /roas/i.test(k));
  return key === undefined
    ? { why: "Not reported by the API for this product" }
    : roasOrWhy(inner, key);
}

/** The ROAS figure, or why there is none: a blank cell would say nothing (no spend, no ratio). */
function roasOrWhy(record: Record<string, unknown>, key: string): RoasOrWhy {
  const roas = record[key];
  if (roas !== null && roas !== undefined) return { roas: toCell(roas) };
  const spend = Object.keys(record).find((k) => /ad(Expense|Spend)/i.test(k));
  return {
    why:
      spend !== undefined && record[spend] === 0
        ? "No ad spend in this window: ROAS has no value"
        : "Not reported by the API for this product",
  };
}

/**
 * A cell of a row whose ROAS has no value: a blank ROAS figure becomes #N/A with the reason,
 * so a column of ROAS holds numbers and error values only (SUM, AVERAGE and sort skip them).
 */
function noValue(cell: ResultCell, why: string | undefined, isRoas: boolean): ResultCell {
  return why !== undefined && isRoas && cell === "" ? new CellError("#N/A", why) : cell;
}

export const PROFIT_ROAS = defineFunction({
  name: "PROFIT_ROAS",
  help: "Return on ad spend measured on profit (break-even at 1), in the RAW, CLEANED or DEFLATED frame.",
  marketplace: null,
  endpoints: ["A8", "A9", "B9", "B10"],
  params: [
    choiceParam("marketplace", "Marketplace: A or B (C has no ROAS endpoint).", ["A", "B"]),
    shopOrSeller,
    region("region", "Two-letter region code of the shop, e.g. SG."),
    rangeOf(integerId("itemId", "Item (product) id.")),
    optional(
      choiceParam(
        "frame",
        "RAW (default, as the marketplace attributes), CLEANED (chain re-buys removed) or DEFLATED (all cancels removed).",
        ["RAW", "CLEANED", "DEFLATED"],
      ),
    ),
    fieldOf(
      '"ROAS" (roas), "Total ad expense" (totalAdExpense) or "Total profit from ads" (totalProfitFromAds)',
    ),
    headers,
    lookbackDays(180, "Ads history window"),
    includeVat,
    effectiveDate,
    sellerType,
  ],
  notes: [
    "A: RAW uses the profit-adjusted ROAS endpoint (A8); CLEANED and DEFLATED the de-duplicated one (A9).",
    "B: the same frames from B9/B10, which the API marks not yet active: cells say so until they are.",
    'Without field the table starts with the chosen frame\'s ROAS; field "roas" returns that figure alone.',
  ],
  example: '=PROFIT_ROAS("A", 100001, "SG", 10001691, "CLEANED", "roas")',
  *run(a) {
    const m = a.marketplace;
    onlyFor(m, a, { sellerType: ["B"] });
    const shopId = need(a.shopId, "shopId", m);
    const frame = a.frame ?? "RAW";
    const endpoint = m === "A" ? (frame === "RAW" ? "A8" : "A9") : frame === "RAW" ? "B9" : "B10";
    const body =
      m === "A"
        ? {
            shopId,
            region: a.region,
            lookbackDays: a.lookbackDays,
            includeVat: a.includeVat,
            effectiveDate: a.effectiveDate,
          }
        : {
            sellerId: shopId,
            region: a.region,
            lookbackDays: a.lookbackDays,
            hasVat: a.includeVat,
            sellerType: a.sellerType,
            effectiveDate: a.effectiveDate,
          };
    const n = rowCount({ itemId: a.itemId });
    const outcomes = yield* fetchEach(
      Array.from({ length: n }, (_, i) =>
        pick(a.itemId, i) === undefined
          ? null
          : apiCall(endpoint, defined({ ...body, itemId: pick(a.itemId, i) })),
      ),
    );
    // The chosen frame's figure leads every result, so `field` "roas" works for A and B alike.
    const whys: Array<string | undefined> = [];
    const enriched: RowOutcome[] = outcomes.map((o, i) => {
      if (!o?.ok) return o;
      const figure = frameRoas(o.value, m, frame);
      whys[i] = "why" in figure ? figure.why : undefined;
      const roas = "roas" in figure ? figure.roas : null;
      return { ok: true, value: { roas, frame, ...(isRecord(o.value) ? o.value : {}) } };
    });
    // Is this field (or column header) a ROAS figure? Those are the ones without a value.
    const isRoas = (name: string): boolean => /roas/i.test(name);
    if (!a.itemId.isRange) {
      const cell = single(enriched[0] ?? null, (v) => present(v, a, keyValueTable));
      const why = whys[0];
      if (!Array.isArray(cell)) {
        const shown = noValue(cell, why, isRoas(a.field ?? ""));
        if (shown instanceof CellError) throw new ApiError("NOT_FOUND", shown.message);
        return shown;
      }
      return cell.map(([label, value, ...rest]) => [
        label ?? "",
        noValue(value ?? "", why, isRoas(String(label))),
        ...rest,
      ]);
    }
    const table = rangeResult(
      a.itemId.values.map((id) => [["itemId", idCell(id)]]),
      enriched,
      { field: a.field, headers: a.headers ?? true },
    );
    const top = a.field === undefined && (a.headers ?? true) ? 1 : 0;
    const header = top === 1 ? (table[0] ?? []).map(String) : [];
    return table.map((row, r) =>
      r < top
        ? row
        : row.map((cell, c) => noValue(cell, whys[r - top], isRoas(a.field ?? header[c] ?? ""))),
    );
  },
});
