/**
 * "Campaign sheet" as a job (issue 34 item 3). Its stages, each resumable from the checkpoint:
 *   ask    the campaign's requests (imports/campaign/campaignStages.ts): three previews of up to
 *          500 SKUs each, or a what-if a SKU for a voucher; one request a unit
 *   write  the managed table (decisionTable.ts): per SKU the list price and its margin, the
 *          campaign's buyer price, profit and margin, the deepest discount that keeps the target
 *          margin, a flag (cannot join, with the API's reason; a loss; below target), the cost's
 *          source; stamped with when, the basis, the campaign and the currency
 * Nothing is written before the last request is answered; the write writes the same cells when
 * run twice, so a stop anywhere resumes without a duplicate row.
 */
import type { Marketplace } from "../../api/types";
import { currencyDecimals } from "../../core/figure";
import type { Cell } from "../../functions/cells";
import type { Campaign, CampaignSku, CampaignState } from "../../imports/campaign/campaignAsk";
import { campaignRows, type CampaignRow } from "../../imports/campaign/campaignRows";
import { campaignStages } from "../../imports/campaign/campaignStages";
import { pickProblem, skusOf } from "../../imports/campaign/campaignPick";
import type { ImportColumn } from "../../imports/table";
import { pricingBasis } from "../../imports/tableBasis";
import { campaignProblem, campaignStart, type CampaignQuestion } from "../campaign";
import { checkedSheetName, decisionOwner, writeDecisionTable } from "../decisionTable";
import { io } from "../op";
import type { JobKind } from "./jobKind";
import { stagedLeft, stagedUnits, type StagedProgress } from "./stagedSteps";

/** What the sidebar asks for: the campaign and the sheet it goes to. */
export interface CampaignSheetAsk extends CampaignQuestion {
  readonly sheetName: string;
}

/** What a finished campaign sheet says. */
export interface CampaignOutcome {
  readonly sheetName: string;
  readonly rows: number;
  readonly requests: number;
  readonly cannotJoin: number;
  readonly losses: number;
  readonly belowTarget: number;
  readonly currency: string | null;
  readonly keptEdits: number;
}

/** The checkpoint (plain JSON, linear in the SKUs). */
export interface CampaignJobState extends StagedProgress<CampaignState> {
  readonly sheetName: string;
  readonly title: string;
  stage: "ask" | "write";
}

const KIND = "campaign";
const WHAT = "a campaign sheet";
const VARIANT: Readonly<Record<Marketplace, string>> = { A: "Model id", B: "SKU id", C: "SKU id" };
const ITEM: Readonly<Record<Marketplace, string>> = { A: "Item id", B: "Item id", C: "Product id" };

/** The campaign in the seller's words (the stamp's). */
export function campaignWords(c: Campaign): string {
  if (c.kind === "discount") return `${Number((c.percent * 100).toFixed(2))} % off the list price`;
  if (c.kind === "voucher") return `a voucher of ${c.amount} a unit`;
  return `buyer price ${c.buyerPrice}`;
}

/** The arguments checked before a job exists: each problem names its argument. */
function checkedAsk(input: CampaignSheetAsk): CampaignSheetAsk {
  const m = input?.marketplace;
  if (m !== "A" && m !== "B" && m !== "C") throw new Error("Marketplace: A, B or C");
  if (!Number.isInteger(Number(input.shopId)) || Number(input.shopId) <= 0)
    throw new Error(`Shop: the ${m === "B" ? "seller" : "shop"} id, a whole number`);
  if (m !== "C" && !/^[A-Z]{2}$/.test(String(input.region ?? "")))
    throw new Error("Region: a two-letter region such as SG or MY");
  if (input.pick) {
    const pick = { by: input.pick.by, top: Number(input.pick.top) };
    const problem = pickProblem(m, pick);
    if (problem) throw new Error(problem);
  } else if (!Array.isArray(input.skus)) throw new Error("SKUs: a list of item and variant ids");
  const problem = input.campaign
    ? campaignProblem(input.campaign)
    : "Campaign: a discount, a voucher or a buyer price";
  if (problem) throw new Error(problem);
  const skus: CampaignSku[] = (input.pick ? [] : input.skus).map((k, i) => {
    const item = String(k?.itemId ?? "").trim();
    if (item === "" || (m !== "C" && !/^\d+$/.test(item)))
      throw new Error(`SKUs: line ${i + 1} has no ${ITEM[m].toLowerCase()} (${item || "empty"})`);
    const variant = k.variantId === null || k.variantId === "" ? null : String(k.variantId);
    if (variant !== null && m !== "C" && !/^\d+$/.test(variant))
      throw new Error(`SKUs: line ${i + 1}'s ${VARIANT[m]} must be a number (${variant})`);
    const asId = (v: string): number | string => (m === "C" ? v : Number(v));
    return {
      itemId: asId(item),
      variantId: variant === null ? null : asId(variant),
      ...(k.name ? { name: String(k.name) } : {}),
    };
  });
  return {
    ...input,
    ...(input.pick ? { pick: { by: input.pick.by, top: Number(input.pick.top) } } : {}),
    marketplace: m,
    shopId: Number(input.shopId),
    region: m === "C" ? "" : String(input.region),
    skus,
    sheetName: checkedSheetName(input.sheetName),
  };
}

function columnsOf(s: CampaignState): ImportColumn[] {
  const m = s.ask.marketplace;
  const money = currencyDecimals(s.currency) === 0 ? "money0" : "money";
  // A's and B's ids are numbers (written as such: no "number stored as text" in the grid).
  const id = m === "C" ? "text" : "integer";
  return [
    { header: ITEM[m], path: "itemId", format: id },
    { header: VARIANT[m], path: "modelId", format: id },
    { header: "Name", path: "", format: "text" },
    { header: "Flag", path: "", format: "text" },
    { header: "List price", path: "", format: money },
    { header: "Margin at list price", path: "", format: "fraction" },
    { header: "Campaign buyer price", path: "", format: money },
    { header: "Profit/unit in campaign", path: "", format: money },
    { header: "Margin in campaign", path: "", format: "fraction" },
    { header: "Deepest discount keeping target", path: "", format: "fraction" },
    { header: "Buyer price at deepest discount", path: "", format: money },
    { header: "COGS", path: "", format: "text" },
    { header: "Note", path: "", format: "text" },
  ];
}

const blank = (v: number | null): Cell => v ?? "";

/** An id as the API gave it: a number where it is one (A, B), C's text ids as text. */
const idCell = (v: number | string | null): Cell =>
  v === null ? "" : typeof v === "number" ? v : /^\d{1,15}$/.test(v) ? Number(v) : v;

const cellsOf = (r: CampaignRow, m: Marketplace): Cell[] => [
  m === "C" ? String(r.itemId) : idCell(r.itemId),
  r.variantId === null ? "" : m === "C" ? String(r.variantId) : idCell(r.variantId),
  r.name,
  r.flag,
  blank(r.listPrice),
  blank(r.listMargin),
  blank(r.campaignPrice),
  blank(r.campaignProfit),
  blank(r.campaignMargin),
  blank(r.deepestDiscount),
  blank(r.deepestPrice),
  r.cogs,
  r.note,
];

export const campaignJob: JobKind<CampaignSheetAsk, CampaignJobState> = {
  // One preview (up to 500 SKUs) a unit: a few units a step keep the line moving.
  perStep: 10,
  *begin(p, input) {
    const ask = checkedAsk(input);
    // Refused before a request is spent: a sheet holding the seller's data.
    yield* decisionOwner(p, ask.sheetName, KIND, WHAT);
    const sheet = yield* campaignStart(p, ask);
    const where = [ask.marketplace, ask.shopId, ask.region].filter(Boolean).join(" ");
    const target = Number(((ask.targetMargin ?? 0.2) * 100).toFixed(2));
    const title = `Campaign: ${campaignWords(ask.campaign)} · ${where} · target margin ${target} %`;
    return {
      state: { sheet, batches: 0, singles: 0, sheetName: ask.sheetName, title, stage: "ask" },
      title: `${title} → ${ask.sheetName}`,
      sheet: ask.sheetName,
    };
  },
  // eslint-disable-next-line require-yield -- a kind's answer is an Op; this one asks nothing
  *answer() {
    return null;
  },
  *step(p, s, ctx) {
    if (s.stage === "ask") {
      if (yield* stagedUnits(p, campaignStages, s, ctx)) s.stage = "write";
      return { kind: "more" };
    }
    const st = s.sheet;
    const rows = campaignRows(st);
    // A pick whose lists gave no SKU: nothing to price, and the lists' error says why.
    if (st.ask.pick && rows.length === 0)
      throw new Error(
        `Top products: the shop's lists gave no SKU${st.errors.length ? ` (${st.errors[0]})` : ""}`,
      );
    const basis = yield* io(() => p.basis());
    const written = yield* writeDecisionTable(p, {
      kind: KIND,
      what: WHAT,
      sheetName: s.sheetName,
      ask: st.ask,
      columns: columnsOf(st),
      rows: rows.map((r) => cellsOf(r, st.ask.marketplace)),
      title: `${s.title} · prices in ${st.currency ?? "the shop's currency"}`,
      basis: pricingBasis(basis, false),
      dataFreshAt: null,
      requests: s.batches + s.singles,
      errors: st.errors,
    });
    const result: CampaignOutcome = {
      sheetName: s.sheetName,
      rows: written.rows,
      requests: s.batches + s.singles,
      cannotJoin: rows.filter((r) => r.flag.startsWith("Cannot join")).length,
      losses: rows.filter((r) => r.flag === "Loss in the campaign").length,
      belowTarget: rows.filter((r) => r.flag === "Below target margin").length,
      currency: st.currency,
      keptEdits: written.keptEdits,
    };
    return { kind: "done", result };
  },
  left: (s) => ({
    requests: s.stage === "ask" ? stagedLeft(campaignStages, s) : 0,
    writes: 1,
    rows: skusOf(s.sheet).length || (s.sheet.ask.pick?.top ?? 0),
    rowsWritten: 0,
    planned: true,
  }),
  doing: (s) => {
    const pick = s.sheet.ask.pick;
    const skus = skusOf(s.sheet).length.toLocaleString("en-US");
    if (s.stage === "write") return `writing ${skus} rows to ${s.sheetName}`;
    if (pick && !s.sheet.pick?.skus)
      return `listing the shop's top ${pick.top.toLocaleString("en-US")} products by ${pick.by === "profit" ? "profit" : "units sold"}`;
    return `pricing ${skus} SKUs in the campaign`;
  },
  *drop() {
    // Nothing to undo: the sheet is written in the job's last step only.
  },
};
